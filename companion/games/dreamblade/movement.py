"""Shift rules (rulebook "shift" and its five cases; FAQ "shift"): each unengaged creature of the
phase player may move once, one cell orthogonally, never into a cell already holding 4 of its
allies; Defender never shifts into a cell holding an enemy creature."""

from __future__ import annotations

from companion import grid
from companion.errors import IllegalActionError
from companion.games.dreamblade import board
from companion.games.dreamblade.spawning import MAX_CREATURES_PER_SEAT_IN_CELL
from companion.games.dreamblade.state import Setup, State, other


def shift_destinations(setup: Setup, state: State, mini: str) -> frozenset[str]:
    """Where ``mini`` may shift to (ignoring whose phase it is and whether it moved already)."""
    piece = setup.pieces.get(mini)
    if piece is None or not piece.is_creature or not state.on_map(mini):
        return frozenset()
    here = state.zone[mini]
    occupants = state.occupants()
    owners = board.seats_with_creatures(setup, state)
    if len(owners.get(here, ())) == 2 or here in state.keywords.lockdown:
        return frozenset()  # engaged, or its cell is locked down this turn (Lockdown)
    defender = piece.has("no_shift_into_enemies")
    pieces, owner = setup.pieces, piece.owner
    result = []
    for cell in grid.orthogonal_neighbours(here):
        allies = 0
        for m in occupants.get(cell, ()):
            other_piece = pieces[m]
            if other_piece.owner == owner and other_piece.is_creature:
                allies += 1
        if allies >= MAX_CREATURES_PER_SEAT_IN_CELL:
            continue
        if defender and other(owner) in owners.get(cell, ()):
            continue
        result.append(cell)
    return frozenset(result)


def check_move(setup: Setup, state: State, seat: str, mini: str, cell: str) -> None:
    piece = setup.pieces.get(mini)
    if piece is None or piece.owner != seat or not piece.is_creature or not state.on_map(mini):
        raise IllegalActionError(
            f"{mini} is not one of your creatures in the dreamscape", rule="shift.own_creature"
        )
    if mini in state.moved:
        raise IllegalActionError(f"{mini} already moved in this shift", rule="shift.once")
    here = state.zone[mini]
    if mini in board.engaged_creatures(setup, state):
        raise IllegalActionError(f"{mini} is engaged and cannot shift", rule="shift.unengaged_only")
    if here in state.keywords.lockdown:
        raise IllegalActionError(f"{here} is locked down this turn", rule="Lockdown")
    if cell not in set(grid.orthogonal_neighbours(here)):
        raise IllegalActionError(
            f"{mini} moves one cell up, down, left or right from {here}, not to {cell}",
            rule="shift.orthogonal",
        )
    if cell not in shift_destinations(setup, state, mini):
        if piece.has("no_shift_into_enemies") and board.creatures_in(
            setup, state, cell, other(seat)
        ):
            raise IllegalActionError(
                f"{mini} has Defender: no shifting into enemies", rule="Defender"
            )
        raise IllegalActionError(f"{cell} already holds 4 of your creatures", rule="stack_limit")
