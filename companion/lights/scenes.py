"""Scenes: pure functions from (board view, time, palette) to a frame of cell colours.

``t`` is the number of seconds since the view became current, so an animation restarts when the
game moves on and a test can sample any moment. :func:`state_scene` picks the scene the game's
phase and pending decision call for and draws flagged cells flashing red over it.
:func:`map_scene` is the one scene of the games on other maps (of hexes or of squares), drawn
from a ``MapView``.

At a remote table (issue 28: the view names ``absent`` seats, whose miniatures stand on the other
table's map) :func:`state_scene` also lights every cell an absent seat holds, in that seat's
colour at a level by how many of its miniatures stand there (:data:`ABSENT_LEVELS`; white at that
level where both sides stand: one engaged cell). Precedence, highest first:

1. flagged cells flashing red (an illegal or unclear change at this table);
2. the move playback of an absent seat's move (``playback``: drawn by the driver over the scene);
3. whole-map moments: the game won, the turn-won wipe;
4. the scene's markers: the spawning seat's portal, the creature being moved, contested cells in
   the strike and conquest scenes, claimed key cells in the conquest scene;
5. the absent seats' miniatures;
6. the rest of the scene: "you may go here" cells (legal spawn cells, shift destinations, movable
   creatures), unclaimed key cells, this table's own miniatures (dim: they stand on them).

An absent seat's own prompts (its legal spawn cells, its shift destinations) are not drawn: nobody
here places its miniatures, and they would look like its pieces.
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Callable, Iterable

from companion import grid
from companion.lights.board_view import BoardView
from companion.lights.colours import GREEN, OFF, RGB, WHITE, Palette, mixed, scaled
from companion.lights.frame import Frame
from companion.lights.map_view import MapView
from vision.square_grid import parse_square

Scene = Callable[[BoardView, float, Palette], Frame]

DIM = 0.45  # level of "you may go here" cells against full-level markers (before gamma)
FLASH_PERIOD = 0.5  # seconds per on/off cycle of an illegal-move flash
PULSE_PERIOD = 1.5
TAPPED = 0.15  # level of a tapped piece: darker than an untapped one (DIM)
WOUND_PERIOD = 2.0  # a damaged piece blinks red once per this many seconds…
WOUND_BLINK = 0.5  # …for this long
PORTAL_WHITE = 0.5  # share of white in a portal's colour: paler than any cell of its seat
PORTAL_LOW = 0.75  # a portal breathes between this level and full, always above DIM
TURN_WON_SECONDS = 4.0  # how long the turn-won wipe plays at the start of the next turn
# Level of a cell an absent seat holds, by how many of its miniatures stand there (1, 2, 3, 4+).
ABSENT_LEVELS = (0.5, 0.7, 0.85, 1.0)
# Pending kinds of the strike sequence (the engine's names contain one of these words).
STRIKE_KINDS = ("strike", "attack", "reroll", "blade", "damage", "disrupt", "destroy", "deathblow")


def pulse(t: float, period: float = PULSE_PERIOD, low: float = 0.4) -> float:
    """A level breathing smoothly between ``low`` and 1 once per ``period``; 1 at t=0."""
    return low + (1 - low) * (0.5 + 0.5 * math.cos(2 * math.pi * t / period))


def flash_on(t: float, period: float = FLASH_PERIOD) -> bool:
    return (t % period) < period / 2


def occupancy(view: BoardView, t: float, palette: Palette) -> Frame:
    """Each occupied cell dim in its owner's colour; cells holding both seats in contested."""
    cells: dict[str, RGB] = {}
    for cell, seats in view.occupants.items():
        owners = set(seats)
        colour = palette.contested if len(owners) > 1 else palette.seat(next(iter(owners)))
        cells[cell] = scaled(colour, DIM)
    return Frame(cells)


def absent_level(count: int) -> float:
    """The level of a cell holding ``count`` (≥ 1) of an absent seat's miniatures."""
    if count < 1:
        raise ValueError(f"an absent seat's cell holds at least one miniature, not {count}")
    return ABSENT_LEVELS[min(count, len(ABSENT_LEVELS)) - 1]


def absent_pieces(view: BoardView, t: float, palette: Palette) -> Frame:
    """Each cell the absent seats hold in the seat's colour, brighter the more of its miniatures
    stand there; where this table's miniatures stand too (or two absent seats), contested white
    at that level."""
    cells: dict[str, RGB] = {}
    for cell, seats in view.occupants.items():
        away = [seat for seat in seats if seat in view.absent]
        if not away:
            continue
        mixed_cell = len(set(away)) > 1 or len(away) < len(seats)
        colour = palette.contested if mixed_cell else palette.seat(away[0])
        cells[cell] = scaled(colour, absent_level(len(away)))
    return Frame(cells)


def portal_colour(colour: RGB, t: float) -> RGB:
    """A portal in its seat's colour paled with white, breathing near full level: told apart
    from the dim legal cells around it by both lightness and level, at every moment."""
    return scaled(mixed(colour, WHITE, PORTAL_WHITE), pulse(t, low=PORTAL_LOW))


def spawn(view: BoardView, t: float, palette: Palette) -> Frame:
    """Legal spawn cells of the spawning seat dim; its portal pale and bright, breathing."""
    seat = view.phase_seat
    if seat is None:
        return Frame({})
    colour = palette.seat(seat)
    cells = {cell: scaled(colour, DIM) for cell in view.spawn_cells}
    portal = view.portals.get(seat)
    if portal is not None:
        cells[portal] = portal_colour(colour, t)
    return Frame(cells)


def shift(view: BoardView, t: float, palette: Palette) -> Frame:
    """The creature being moved at full level, its legal destinations dim; before one is picked
    up, the cells of the creatures that may still move, breathing."""
    seat = view.phase_seat
    if seat is None:
        return occupancy(view, t, palette)
    colour = palette.seat(seat)
    if view.moving_from is None:
        return Frame({cell: scaled(colour, pulse(t)) for cell in view.movable})
    cells = {cell: scaled(colour, DIM) for cell in view.shift_destinations}
    cells[view.moving_from] = colour
    return Frame(cells)


def strike(view: BoardView, t: float, palette: Palette) -> Frame:
    """Contested cells breathing in the contested colour over the dim occupancy."""
    contested = {cell: scaled(palette.contested, pulse(t)) for cell in view.contested}
    return Frame(contested).over(occupancy(view, t, palette))


def conquest(view: BoardView, t: float, palette: Palette) -> Frame:
    """Scoring cells: claimed ones in the claimant's colour, contested ones in the contested
    colour, the rest in a faint neutral so players see which cells count."""
    cells: dict[str, RGB] = {}
    for cell in view.scoring_cells:
        if cell in view.claims:
            cells[cell] = palette.seat(view.claims[cell])
        elif cell in view.contested:
            cells[cell] = scaled(palette.contested, pulse(t))
        else:
            cells[cell] = palette.neutral
    return Frame(cells)


def illegal(view: BoardView, t: float, palette: Palette) -> Frame:
    """Flagged cells flashing red over the scene the game state calls for."""
    return _flags(view, t, palette).over(_base(view, t, palette))


def turn_won(view: BoardView, t: float, palette: Palette) -> Frame:
    """The last turn's winner's colour wiping row by row from their edge across the map."""
    winner = view.last_turn_winner
    if winner is None:
        return Frame({})
    rows = list(range(1, grid.ROWS + 1))
    if winner != "A":
        rows.reverse()  # seat B's edge is row 5
    lit_rows = set(rows[: int((t % 1.5) / 1.5 * (grid.ROWS + 1))])
    colour = palette.seat(winner)
    return Frame({cell: colour for cell in grid.CELLS if grid.row_of(cell) in lit_rows})


def game_won(view: BoardView, t: float, palette: Palette) -> Frame:
    """The whole map breathing in the winner's colour; white if the game ended without one."""
    colour = palette.seat(view.winner) if view.winner else WHITE
    return Frame({cell: scaled(colour, pulse(t, period=2.0, low=0.2)) for cell in grid.CELLS})


def attract(view: BoardView, t: float, palette: Palette) -> Frame:
    """Idle store-demo mode: a slow rainbow rolling diagonally across the map."""
    return rainbow(grid.CELLS, t)


def rainbow(cells: Iterable[str], t: float) -> Frame:
    """A slow rainbow rolling diagonally across ``cells`` (of any map)."""
    colours = {}
    for cell in cells:
        col, row = parse_square(cell)
        hue = ((col + row) / 10 + t / 8) % 1.0
        r, g, b = colorsys.hsv_to_rgb(hue, 1.0, 0.8)
        colours[cell] = (round(r * 255), round(g * 255), round(b * 255))
    return Frame(colours)


def calibration(view: BoardView, t: float, palette: Palette) -> Frame:
    """Asymmetric corner markers so a wrong origin or mirrored wiring shows at once:
    a1 seat A's colour, e1 green, a5 white, e5 seat B's colour, c3 dim white."""
    return Frame(
        {
            "a1": palette.seat("A"),
            "e1": GREEN,
            "a5": WHITE,
            "e5": palette.seat("B"),
            "c3": scaled(WHITE, DIM),
        }
    )


def state_scene(view: BoardView, t: float, palette: Palette, overlay: Frame | None = None) -> Frame:
    """The scene the game's phase and pending decision call for, with the absent seats' cells
    (a remote table) and flagged cells flashing; ``overlay`` (a move playback) goes over the
    scene, under the flags."""
    name = _scene_name(view, t)
    frame = SCENES[name](view, t, palette)
    if view.absent and name not in ("game_won", "turn_won"):
        kept = _markers(view, name)
        shown = absent_pieces(view, t, palette).cells
        frame = Frame({c: colour for c, colour in shown.items() if c not in kept}).over(frame)
    if overlay is not None:
        frame = overlay.over(frame)
    return _flags(view, t, palette).over(frame) if view.flagged else frame


def _base(view: BoardView, t: float, palette: Palette) -> Frame:
    return SCENES[_scene_name(view, t)](view, t, palette)


def _scene_name(view: BoardView, t: float) -> str:
    """Which scene the game's phase and pending decision call for."""
    if view.phase == "game_over":
        return "game_won"
    if view.phase == "conquest":
        return "conquest"
    here = view.phase_seat not in view.absent  # an absent seat's prompts are not drawn here
    if view.phase == "spawn" and here:
        return "spawn"
    shifting = view.moving_from is not None or view.pending_kind == "shift"
    if view.phase == "action" and shifting and here:
        return "shift"
    kind = view.pending_kind or ""
    if view.phase == "action" and any(word in kind for word in STRIKE_KINDS):
        return "strike"
    if view.phase == "initiative" and view.last_turn_winner and t < TURN_WON_SECONDS:
        return "turn_won"
    return "occupancy"


def _markers(view: BoardView, scene: str) -> frozenset[str]:
    """The cells of ``scene`` that the absent seats' miniatures do not cover."""
    seat = view.phase_seat
    if scene == "spawn" and seat is not None and seat in view.portals:
        return frozenset({view.portals[seat]})
    if scene == "shift" and view.moving_from is not None:
        return frozenset({view.moving_from})
    if scene == "strike":
        return view.contested
    if scene == "conquest":
        return view.scoring_cells & (view.contested | frozenset(view.claims))
    return frozenset()


def _flags(view: BoardView, t: float, palette: Palette) -> Frame:
    colour = palette.illegal if flash_on(t) else OFF
    return Frame({cell: colour for cell in view.flagged})


def map_scene(view: MapView, t: float, palette: Palette) -> Frame:
    """A hex map or square grid: each piece dim in its seat's colour (darker when tapped, with a
    short red blink every two seconds when it carries damage); a glyph held by a figure in the
    holder's colour at full level, one nobody holds in the neutral grey; cells the camera asked
    about flashing white and flagged cells flashing red over them. When the game is over the
    winners' pieces breathe."""

    def colour(seat: str) -> RGB:
        return palette.seat_in_turn(seat, view.seats)

    blink = (t % WOUND_PERIOD) < WOUND_BLINK
    cells: dict[str, RGB] = {}
    for cell, seat in view.pieces.items():
        won = view.over and seat in view.winners
        level = pulse(t, period=2.0, low=0.2) if won else TAPPED if cell in view.tapped else DIM
        cells[cell] = scaled(colour(seat), level)
        if cell in view.wounded and blink and not view.over:
            cells[cell] = scaled(palette.illegal, DIM)
    for cell, holder in view.glyphs.items():
        cells[cell] = colour(holder) if holder is not None else palette.neutral
    if flash_on(t):
        cells.update({cell: palette.prompt for cell in view.prompted})
        cells.update({cell: palette.illegal for cell in view.flagged})
    else:
        cells.update({cell: OFF for cell in view.prompted | view.flagged})
    return Frame(cells)


SCENES: dict[str, Scene] = {
    "state": state_scene,
    "occupancy": occupancy,
    "spawn": spawn,
    "shift": shift,
    "strike": strike,
    "conquest": conquest,
    "illegal": illegal,
    "turn_won": turn_won,
    "game_won": game_won,
    "attract": attract,
    "calibration": calibration,
}
