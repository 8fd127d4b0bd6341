"""Flourishes: short animations the LEDs play when a game event calls for one, then the board
comes back (issue 7: a planeswalk, chaos).

A flourish is a pure function of the seconds since its event and the palette, like a scene; the
driver plays it for ``seconds`` over whatever the board showed. ``FLOURISHES`` holds them by name;
a game's kit says which of its events calls for which (``GameKit.flourishes``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion import grid
from companion.lights.colours import OFF, RGB, Palette, scaled
from companion.lights.frame import Frame

PLANAR_BLUE: RGB = (86, 180, 233)  # Okabe–Ito sky blue: the planeswalk ripple
CHAOS_COLOURS: tuple[RGB, RGB] = ((213, 94, 0), (204, 121, 167))  # vermillion, reddish purple
PLANESWALK_SECONDS = 2.0
CHAOS_SECONDS = 1.5
RIPPLES = 2  # rings running out from the centre during a planeswalk
CHAOS_STEPS_PER_SECOND = 10
CENTRE = "c3"


@dataclass(frozen=True)
class Flourish:
    name: str
    seconds: float
    scene: Callable[[float, Palette], Frame]


def _distance_from_centre(cell: str) -> int:
    col, row = grid.coords(cell)
    centre_col, centre_row = grid.coords(CENTRE)
    return max(abs(col - centre_col), abs(row - centre_row))


def planeswalk(t: float, palette: Palette) -> Frame:
    """Rings of planar blue running out from the centre of the map, fading as they go."""
    progress = min(max(t / PLANESWALK_SECONDS, 0.0), 1.0)
    rings = _distance_from_centre("a1") + 1
    ring = int(progress * RIPPLES * rings) % rings
    level = 1.0 - 0.6 * progress
    return Frame(
        {
            cell: scaled(PLANAR_BLUE, level) if _distance_from_centre(cell) == ring else OFF
            for cell in grid.CELLS
        }
    )


def chaos(t: float, palette: Palette) -> Frame:
    """Cells flickering in two warm colours in a scrambled (but repeatable) pattern."""
    step = int(max(t, 0.0) * CHAOS_STEPS_PER_SECOND)
    cells = {}
    for index, cell in enumerate(grid.CELLS):
        mix = (index * 7919 + step * 104_729) % 11
        cells[cell] = CHAOS_COLOURS[mix % 2] if mix < 5 else OFF
    return Frame(cells)


FLOURISHES: dict[str, Flourish] = {
    "planeswalk": Flourish("planeswalk", PLANESWALK_SECONDS, planeswalk),
    "chaos": Flourish("chaos", CHAOS_SECONDS, chaos),
}
