"""Conquest phase (rulebook "conquest phase" and its five scoring cases; FAQ conquest answers):
a seat claims each of its scoring cells holding at least one of its creatures and no enemy
creature (locations neither claim nor contest), and scores +1 per enemy miniature it destroyed
this turn. The higher total wins the turn; a tie wins nothing."""

from __future__ import annotations

from companion.games.dreamblade import board, effects
from companion.games.dreamblade.state import SEATS, Setup, State


def key_value(setup: Setup, state: State, cell: str) -> int | None:
    """The cell's conquest value: the judge's (``value`` action) if given, else the map's."""
    told = state.learned_values.get(cell)
    return told if told is not None else setup.dream_map.key_values.get(cell)


def scoring_cells(setup: Setup, state: State, seat: str) -> dict[str, int | None]:
    return {cell: key_value(setup, state, cell) for cell in setup.dream_map.scoring_cells(seat)}


def claims(setup: Setup, state: State) -> dict[str, str]:
    """Scoring cell → the seat claiming it now. The centre row scores for both seats, but a
    cell can be claimed by at most one: a cell with both seats' creatures is contested."""
    owners = board.seats_with_creatures(setup, state)
    result = {}
    for seat in SEATS:
        for cell in setup.dream_map.scoring_cells(seat):
            if owners.get(cell) == {seat}:
                result[cell] = seat
    return dict(sorted(result.items()))


def unknown_claimed(setup: Setup, state: State) -> tuple[str, ...]:
    return tuple(cell for cell in claims(setup, state) if key_value(setup, state, cell) is None)


def tally(setup: Setup, state: State) -> dict[str, int]:
    """Conquest points now: claimed cells with a known value + enemies destroyed this turn
    + what abilities (Ambition) and manual adjustments add. A claimed cell whose value is still
    unknown counts 0 until the players give it."""
    points = dict(state.kills)
    for seat, bonus in effects.conquest_bonus(setup, state).items():
        points[seat] += bonus
    for cell, seat in claims(setup, state).items():
        points[seat] += key_value(setup, state, cell) or 0
    return points


def turn_points(setup: Setup, state: State) -> dict[str, int]:
    """This turn's points as the players follow them: until the conquest phase, only what the turn
    has already won (enemies destroyed, the players' adjustments; cells score only in the
    conquest phase, so a new turn starts at 0–0); in the conquest phase, the whole tally the turn
    is scored with; once the game is over, the last turn's."""
    if state.phase == "conquest":
        return tally(setup, state)
    if state.phase == "game_over" and state.results:
        return dict(state.results[-1].tally)
    points = dict(state.kills)
    for seat, amount in state.keywords.adjustments:
        points[seat] += amount
    return points


def turn_winner(points: dict[str, int]) -> str | None:
    if points["A"] == points["B"]:
        return None
    return "A" if points["A"] > points["B"] else "B"
