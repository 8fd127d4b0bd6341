"""Bomb N (blade kinds): sacrifice this creature, and each enemy in its cell takes N damage (FAQ).
Not optional: a blade given to it always does this (FAQ, Blood Wolf). A Bodyguard there lets the
damage reach its allies only if N is enough to disrupt or destroy every Bodyguard there; the
Bodyguard does not take the rest, the others simply take none (FAQ, Bodyguard and Bomb)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    setup, state = use.setup, use.state
    targets = effects.local_enemies(setup, state, use.mini)
    amounts = {
        target: use.value
        for target in targets
        if not effects.blocked_by_bodyguard(setup, state, target, use.value)
    }
    return effects.sacrifice(setup, state, use.mini) + effects.deal_damage(setup, state, amounts)


BOMB = register("Bomb", Hooks(resolve=_resolve))
