"""Playback of an absent seat's move on the LEDs (remote play, issue 28).

At a remote table the other player's miniatures are not on this map: when an action of theirs
changes where their miniatures stand (a spawn, a shift, a push, a removal…), the LEDs play it from
cell to cell so the player here sees what happened. :func:`moves_between` reads the moves from
two board views (the absent seats' miniatures before and after: one rule for every action that
moves them); :func:`playback` draws them, a pure function of the seconds since the action like a
flourish, over the scene (``scenes.state_scene``'s ``overlay``) for :data:`PLAYBACK_SECONDS`:

- the from-cell lights at full in the seat's colour (the to-cell stays dark until it lands);
- a light runs along the cells from it to the to-cell, leaving a fading trail;
- the to-cell blinks at full, then the scene shows the miniature there as it always does.

A miniature that came onto the map starts from its seat's portal (one spawned on the portal itself
blinks there); one that left the map blinks out on its last cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion import grid
from companion.lights.board_view import BoardView
from companion.lights.colours import OFF, RGB, Palette, scaled
from companion.lights.frame import Frame

PLAYBACK_SECONDS = 1.5
LIFT_SECONDS = 0.35  # the from-cell alone at full
TRAVEL_SECONDS = 0.7  # the light running from the from-cell to the to-cell
BLINK_PERIOD = 0.15  # the to-cell's blinks, and a removed miniature's
TRAIL = 0.4  # level of the cell the running light just left


@dataclass(frozen=True)
class Move:
    seat: str
    start: str | None  # None: it came onto the map with no portal to start from
    end: str | None  # None: it left the map

    def __post_init__(self) -> None:
        if self.start is None and self.end is None:
            raise ValueError("a move starts or ends on the map")
        for cell in (self.start, self.end):
            if cell is not None:
                grid.check_cell(cell)


def moves_between(before: BoardView | None, after: BoardView) -> tuple[Move, ...]:
    """The absent seats' miniatures that moved, came onto or left the map from ``before`` to
    ``after``, each (seat, from, to) once (two miniatures moving together play as one). Nothing
    plays when the absent seats changed (the table just became remote, or stopped being)."""
    if before is None or not after.absent or before.absent != after.absent:
        return ()
    was = before.absent_minis
    now = after.absent_minis
    moves: list[Move] = []
    for mini, (seat, cell) in now.items():
        if mini not in was:  # from its portal; spawned on the portal itself, it blinks there
            portal = after.portals.get(seat)
            moves.append(Move(seat, portal if portal != cell else None, cell))
        elif was[mini][1] != cell:
            moves.append(Move(seat, was[mini][1], cell))
    for mini, (seat, cell) in was.items():
        if mini not in now and seat in after.absent:
            moves.append(Move(seat, cell, None))
    unique = dict.fromkeys(move for move in moves if move.start != move.end)
    return tuple(unique)


def path(start: str, end: str) -> tuple[str, ...]:
    """The cells from ``start`` to ``end`` (both included), one king's step at a time:
    diagonally while both coordinates differ, then straight."""
    col, row = grid.coords(start)
    end_col, end_row = grid.coords(end)
    cells = [start]
    while (col, row) != (end_col, end_row):
        col += (end_col > col) - (end_col < col)
        row += (end_row > row) - (end_row < row)
        cells.append(grid.cell_at(col, row))
    return tuple(cells)


def playback(moves: tuple[Move, ...], t: float, palette: Palette) -> Frame:
    """The moves ``t`` seconds after the action (nothing once :data:`PLAYBACK_SECONDS` passed)."""
    cells: dict[str, RGB] = {}
    if t < 0 or t >= PLAYBACK_SECONDS:
        return Frame(cells)
    for move in moves:
        cells.update(_one(move, t, palette.seat(move.seat)))
    return Frame(cells)


def _blink(t: float) -> bool:
    return (t % BLINK_PERIOD) < BLINK_PERIOD / 2


def _one(move: Move, t: float, colour: RGB) -> dict[str, RGB]:
    if move.end is None:  # left the map: blinking out on its last cell
        assert move.start is not None
        fading = scaled(colour, 1.0 - t / PLAYBACK_SECONDS)
        return {move.start: fading if _blink(t) else OFF}
    if move.start is None:  # nowhere to start from: the to-cell blinks
        return {move.end: colour if _blink(t) else OFF}
    if t < LIFT_SECONDS:
        return {move.end: OFF, move.start: colour}
    cells = path(move.start, move.end)
    travelled = t - LIFT_SECONDS
    if travelled < TRAVEL_SECONDS:
        step = min(int(travelled / TRAVEL_SECONDS * len(cells)), len(cells) - 1)
        shown = {move.end: OFF, cells[step]: colour}
        if step > 0:
            shown[cells[step - 1]] = scaled(colour, TRAIL)
        return shown
    return {move.end: colour if _blink(travelled - TRAVEL_SECONDS) else OFF}
