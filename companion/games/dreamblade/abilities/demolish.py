"""Demolish (double blade): destroy target location in this creature's cell or an adjacent one
(FAQ). Any location, not only an enemy's: with no enemy location there, your own must be
destroyed; then no conquest point is scored, but you get the +2 bonus spawn points (FAQ,
Demolish). Recorded now, carried out at step 7 of the combat."""

from __future__ import annotations

from companion import grid
from companion.events import Event
from companion.games.dreamblade import board, effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    here = use.state.zone[use.mini]
    cells = [here, *grid.orthogonal_neighbours(here)]
    found = (board.location_in(use.setup, use.state, cell) for cell in cells)
    return [(location,) for location in found if location is not None]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    owner = use.setup.pieces[use.mini].owner
    for location in args:
        own = use.setup.pieces[location].owner == owner
        effects.mark(use.state, location, "self_destroy" if own else "destroy")
    return []


DEMOLISH = register("Demolish", Hooks(choices=_choices, resolve=_resolve))
