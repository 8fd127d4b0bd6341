"""Scare (blade kinds): you may move target unengaged enemy one cell — the enemy-side mirror of
Advance (facts.md, LIKELY: the seeds name it without its text; with no unengaged enemy it takes a
blade and does nothing, rulebook "useless blade abilities"). Moving it is entering: Ambush there
triggers; the stack limit holds."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    setup, state = use.setup, use.state
    options: list[tuple[str, ...]] = [()]
    for enemy in effects.enemies(setup, state, use.mini):
        if not effects.engaged(setup, state, enemy):
            options += [(effects.move_arg(enemy, c),) for c in effects.steps(setup, state, enemy)]
    return options


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    return effects.move_each(use.setup, use.state, args, by="scare")


SCARE = register("Scare", Hooks(choices=_choices, resolve=_resolve))
