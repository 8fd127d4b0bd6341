"""A map rectangle in millimetres divided into named square-ish cells.

Map coordinates: the origin is the corner at seat A's left, ``x`` runs right along seat A's edge and
``y`` runs away from seat A towards seat B. The 5×5 map is :data:`FIVE_BY_FIVE_MAP`; other
square grids (tiles of squares, ``vision/square_grid.py``) build their own :class:`MapGrid`.
The vision stages take any :class:`CellGrid` — a hex map (``vision/hex_grid.py``) is one too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from companion import grid as board_grid

Point = tuple[float, float]


class CellGrid(Protocol):
    """What the vision stages need of a map: its rectangle in millimetres (origin at seat A's
    left corner) and named cells — which cell holds a point, how far a point is from its cell's
    border, each cell's bounding box, centre and outline."""

    @property
    def width_mm(self) -> float: ...

    @property
    def height_mm(self) -> float: ...

    @property
    def cells(self) -> tuple[str, ...]: ...

    def cell_at_mm(self, x: float, y: float) -> str | None: ...

    def border_distance_mm(self, x: float, y: float) -> float: ...

    def cell_rect_mm(self, cell: str) -> tuple[float, float, float, float]: ...

    def cell_centre_mm(self, cell: str) -> Point: ...

    def cell_outline_mm(self, cell: str) -> tuple[Point, ...]: ...


@dataclass(frozen=True)
class MapGrid:
    width_mm: float
    height_mm: float
    columns: int
    rows: int
    name_of: Callable[[int, int], str]

    def __post_init__(self) -> None:
        if self.width_mm <= 0 or self.height_mm <= 0 or self.columns < 1 or self.rows < 1:
            raise ValueError("a map needs a positive size and at least one cell")

    @property
    def cell_width_mm(self) -> float:
        return self.width_mm / self.columns

    @property
    def cell_height_mm(self) -> float:
        return self.height_mm / self.rows

    @cached_property
    def cells(self) -> tuple[str, ...]:
        return tuple(self.name_of(c, r) for r in range(self.rows) for c in range(self.columns))

    @cached_property
    def _indices(self) -> dict[str, tuple[int, int]]:
        return {self.name_of(c, r): (c, r) for r in range(self.rows) for c in range(self.columns)}

    def index_of(self, cell: str) -> tuple[int, int]:
        try:
            return self._indices[cell]
        except KeyError:
            raise ValueError(f"{cell!r} is not a cell of this map") from None

    def cell_at_mm(self, x: float, y: float) -> str | None:
        """The cell holding map point (x, y), or ``None`` off the map."""
        if not (0 <= x < self.width_mm and 0 <= y < self.height_mm):
            return None
        return self.name_of(int(x // self.cell_width_mm), int(y // self.cell_height_mm))

    def border_distance_mm(self, x: float, y: float) -> float:
        """Distance from (x, y) to the nearest border of the cell holding it (0 on a line)."""
        cw, ch = self.cell_width_mm, self.cell_height_mm
        dx = min(x % cw, cw - x % cw)
        dy = min(y % ch, ch - y % ch)
        return float(min(dx, dy))

    def cell_rect_mm(self, cell: str) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of a cell in map millimetres."""
        c, r = self.index_of(cell)
        cw, ch = self.cell_width_mm, self.cell_height_mm
        return c * cw, r * ch, (c + 1) * cw, (r + 1) * ch

    def cell_centre_mm(self, cell: str) -> Point:
        x0, y0, x1, y1 = self.cell_rect_mm(cell)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def cell_outline_mm(self, cell: str) -> tuple[Point, ...]:
        x0, y0, x1, y1 = self.cell_rect_mm(cell)
        return (x0, y0), (x1, y0), (x1, y1), (x0, y1)


# 450 mm square: the map size issue 5 measured with. Measure your own map and pass its size;
# the physical size is not in our rules sources (docs/hardware.md, "Camera").
FIVE_BY_FIVE_MAP = MapGrid(450.0, 450.0, 5, 5, board_grid.cell_at)
