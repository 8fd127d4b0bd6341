"""Who is where: engaged creatures, contested and empty cells (rulebook "engaged/unengaged";
FAQ "empty cell"). Allies and enemies are creatures only; a location neither engages nor
contests (rulebook, locations table)."""

from __future__ import annotations

from companion import grid
from companion.games.dreamblade.state import Setup, State


def creatures_in(setup: Setup, state: State, cell: str, seat: str | None = None) -> list[str]:
    return [
        mini
        for mini in state.occupants().get(cell, [])
        if setup.pieces[mini].is_creature and (seat is None or setup.pieces[mini].owner == seat)
    ]


def location_in(setup: Setup, state: State, cell: str) -> str | None:
    for mini in state.occupants().get(cell, []):
        if not setup.pieces[mini].is_creature:
            return mini
    return None


def seats_with_creatures(setup: Setup, state: State) -> dict[str, frozenset[str]]:
    """Cell → seats that have a creature there (cached until a piece moves). Read-only."""
    if state._owners is None:
        result: dict[str, frozenset[str]] = {}
        for cell, minis in state.occupants().items():
            seats = frozenset(setup.pieces[m].owner for m in minis if setup.pieces[m].is_creature)
            if seats:
                result[cell] = seats
        state._owners = result
    return state._owners


def contested_cells(setup: Setup, state: State) -> frozenset[str]:
    """Cells holding creatures of both seats."""
    owners = seats_with_creatures(setup, state)
    return frozenset(cell for cell, seats in owners.items() if len(seats) == 2)


def engaged_creatures(setup: Setup, state: State) -> frozenset[str]:
    """Creatures sharing their cell with an enemy creature."""
    contested = contested_cells(setup, state)
    return frozenset(
        mini
        for mini, where in state.zone.items()
        if where in contested and setup.pieces[mini].is_creature
    )


def empty_cells(state: State) -> frozenset[str]:
    """Cells with no miniature at all (a location alone makes a cell not empty)."""
    return grid.CELL_SET - state.occupants().keys()


def in_play(setup: Setup, state: State, seat: str) -> list[str]:
    """The pieces ``seat`` controls: its miniatures in the dreamscape."""
    return [
        m
        for m, where in state.zone.items()
        if where in grid.CELL_SET and setup.pieces[m].owner == seat
    ]
