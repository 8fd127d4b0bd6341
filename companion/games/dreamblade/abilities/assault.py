"""Assault X (a spawn-point cost, ``X: Assault X``): attack target local enemy with power X —
the X paid, any whole number from 0 (FAQ, choosing X), or the printed number. A special attack
(blades are misses; Inciter and Enrage do not apply). In the spawn phase its damage is checked at
once and nobody makes a deathblow (FAQ, Charge and Ambush)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    return [(enemy,) for enemy in effects.local_enemies(use.setup, use.state, use.mini)]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    attacks = [
        effects.special_attack(use.setup, use.state, use.mini, use.ability, use.value, [target])
        for target in args
    ]
    return effects.queue(use.setup, use.state, attacks)


ASSAULT = register("Assault", Hooks(choices=_choices, resolve=_resolve))
