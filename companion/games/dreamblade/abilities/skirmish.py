"""Skirmish / Skirmish N (blade kinds): you may move up to N (1 without a number) target engaged
allies one cell each (FAQ). All targets are chosen on activation, each at most once (FAQ,
Skirmish 2); a creature is not its own ally, so it never moves itself (FAQ, Skirmish). The moves
happen one at a time: a later one the stack limit no longer allows does not happen."""

from __future__ import annotations

from itertools import permutations, product

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    setup, state = use.setup, use.state
    moves = {
        ally: [effects.move_arg(ally, cell) for cell in effects.steps(setup, state, ally)]
        for ally in effects.allies(setup, state, use.mini)
        if effects.engaged(setup, state, ally)
    }
    movable = [ally for ally, cells in moves.items() if cells]
    options: list[tuple[str, ...]] = [()]
    for count in range(1, min(use.ability.value or 1, len(movable)) + 1):
        for targets in permutations(movable, count):  # the order the moves are made in
            options += list(product(*(moves[ally] for ally in targets)))
    return options


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    return effects.move_each(use.setup, use.state, args, by="skirmish")


SKIRMISH = register("Skirmish", Hooks(choices=_choices, resolve=_resolve))
