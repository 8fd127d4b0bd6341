"""Hex maps (boards of hexes): map millimetres ↔ named hexes.

A :class:`HexGrid` is a block of ``columns`` × ``rows`` hexes in *offset* layout, named like squares
(``a1`` at seat A's left corner; ``vision/square_grid.py``). ``hex_mm`` is the distance between the
centres of two neighbouring hexes (across the flat sides). Two orientations:

- ``pointy``: a hex has a corner towards seat B; hexes form rows along seat A's edge and every
  second row (``2``, ``4``…) is shifted half a hex to the right ("odd-r").
- ``flat``: a hex has a flat side towards seat B; hexes form columns and every second column
  (``b``, ``d``…) is shifted half a hex towards seat B ("odd-q").

The map rectangle is the hexes' bounding box, so a corner of it outside every hex has no cell.
Inside, a point goes to fractional axial coordinates and is rounded in cube coordinates (the
nearest hex centre, never the nearest row and column separately). Everything is computed in a
*pointy frame* — the flat layout is the pointy one with x and y swapped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from vision.map_grid import Point
from vision.square_grid import parse_square, square_name

ORIENTATIONS = ("pointy", "flat")
SQRT3 = math.sqrt(3.0)
# neighbour steps in axial (q, r)
AXIAL_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# unit normals of a pointy hex's three pairs of sides
_NORMALS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (0, 60, 120))


def cube_round(q: float, r: float) -> tuple[int, int]:
    """The axial hex holding fractional axial (q, r)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True)
class HexGrid:
    columns: int
    rows: int
    hex_mm: float
    orientation: str = "pointy"

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError("a hex map needs at least one column and one row")
        if not self.hex_mm > 0:
            raise ValueError("hex_mm (centre to centre) must be positive")
        if self.orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be one of {', '.join(ORIENTATIONS)}")

    # -- the pointy frame: (u, v) = (x, y) for pointy maps, (y, x) for flat ones -------------
    @property
    def _flat(self) -> bool:
        return self.orientation == "flat"

    @property
    def _radius(self) -> float:
        """Centre to corner."""
        return self.hex_mm / SQRT3

    @property
    def _lines(self) -> tuple[int, int]:
        """(hexes along a line, lines) in the pointy frame."""
        return (self.rows, self.columns) if self._flat else (self.columns, self.rows)

    def _swap(self, a: float, b: float) -> tuple[float, float]:
        return (b, a) if self._flat else (a, b)

    def _extent(self) -> tuple[float, float]:
        along, lines = self._lines
        u = self.hex_mm * (along + (0.5 if lines > 1 else 0.0))
        v = self._radius * (1.5 * (lines - 1) + 2)
        return u, v

    @property
    def width_mm(self) -> float:
        return self._swap(*self._extent())[0]

    @property
    def height_mm(self) -> float:
        return self._swap(*self._extent())[1]

    # -- names and coordinates --------------------------------------------------------------
    @cached_property
    def cells(self) -> tuple[str, ...]:
        return tuple(square_name(c, r) for r in range(self.rows) for c in range(self.columns))

    def index_of(self, cell: str) -> tuple[int, int]:
        """0-based (column, row) of a hex of this map."""
        try:
            column, row = parse_square(cell)
        except ValueError:
            raise ValueError(f"{cell!r} is not a hex of this map") from None
        if column >= self.columns or row >= self.rows:
            raise ValueError(f"{cell!r} is not a hex of this map")
        return column, row

    def _offset(self, cell: str) -> tuple[int, int]:
        """(position along its line, line) in the pointy frame."""
        column, row = self.index_of(cell)
        return (row, column) if self._flat else (column, row)

    def axial(self, cell: str) -> tuple[int, int]:
        along, line = self._offset(cell)
        return along - (line - (line & 1)) // 2, line

    def _name_of_axial(self, q: int, r: int) -> str | None:
        along = q + (r - (r & 1)) // 2
        lines_along, lines = self._lines
        if not (0 <= along < lines_along and 0 <= r < lines):
            return None
        column, row = (r, along) if self._flat else (along, r)
        return square_name(column, row)

    def distance(self, a: str, b: str) -> int:
        """Steps from hex ``a`` to hex ``b`` on a flat map (height and terrain not counted)."""
        return axial_distance(self.axial(a), self.axial(b))

    def neighbours(self, cell: str) -> tuple[str, ...]:
        q, r = self.axial(cell)
        found = (self._name_of_axial(q + dq, r + dr) for dq, dr in AXIAL_STEPS)
        return tuple(name for name in found if name is not None)

    # -- geometry ---------------------------------------------------------------------------
    def _centre_uv(self, q: int, r: int) -> tuple[float, float]:
        u = self.hex_mm * (q + r / 2) + self.hex_mm / 2
        v = 1.5 * self._radius * r + self._radius
        return u, v

    def cell_centre_mm(self, cell: str) -> Point:
        return self._swap(*self._centre_uv(*self.axial(cell)))

    def _axial_at(self, x: float, y: float) -> tuple[int, int]:
        u, v = self._swap(x, y)
        r = (v - self._radius) / (1.5 * self._radius)
        q = (u - self.hex_mm / 2) / self.hex_mm - r / 2
        return cube_round(q, r)

    def cell_at_mm(self, x: float, y: float) -> str | None:
        """The hex holding map point (x, y), or ``None`` off the map."""
        if not (0 <= x < self.width_mm and 0 <= y < self.height_mm):
            return None
        return self._name_of_axial(*self._axial_at(x, y))

    def border_distance_mm(self, x: float, y: float) -> float:
        """Distance from (x, y) to the nearest side of the hex holding it (0 on a side)."""
        cu, cv = self._centre_uv(*self._axial_at(x, y))
        u, v = self._swap(x, y)
        du, dv = u - cu, v - cv
        return max(0.0, self.hex_mm / 2 - max(abs(du * nu + dv * nv) for nu, nv in _NORMALS))

    def cell_outline_mm(self, cell: str) -> tuple[Point, ...]:
        cu, cv = self._centre_uv(*self.axial(cell))
        corners = []
        for k in range(6):
            angle = math.radians(30 + 60 * k)
            corners.append(
                self._swap(cu + self._radius * math.cos(angle), cv + self._radius * math.sin(angle))
            )
        return tuple(corners)

    def cell_rect_mm(self, cell: str) -> tuple[float, float, float, float]:
        """The hex's bounding box (x0, y0, x1, y1)."""
        xs, ys = zip(*self.cell_outline_mm(cell), strict=True)
        return min(xs), min(ys), max(xs), max(ys)
