"""Lure (blade kinds): you may pull target unengaged enemy one cell toward this creature (FAQ).
The cell it is pulled into is one step closer to the Lure creature; an enemy pulled into the
combat's cell may be given that combat's damage (FAQ, damage to creatures moved in). Pulling is
entering: Ambush there triggers; the stack limit holds."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    setup, state = use.setup, use.state
    here = state.zone[use.mini]
    options: list[tuple[str, ...]] = [()]
    for enemy in effects.enemies(setup, state, use.mini):
        if effects.engaged(setup, state, enemy):
            continue
        now = effects.distance(state.zone[enemy], here)
        options += [
            (effects.move_arg(enemy, cell),)
            for cell in effects.steps(setup, state, enemy)
            if effects.distance(cell, here) < now
        ]
    return options


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    return effects.move_each(use.setup, use.state, args, by="lure")


LURE = register("Lure", Hooks(choices=_choices, resolve=_resolve))
