"""A map rectangle in millimetres divided into named square-ish cells.

Map coordinates: the origin is the corner at seat A's left, ``x`` runs right along seat A's edge and
``y`` runs away from seat A towards seat B. Dreamblade's 5×5 map is :data:`DREAMBLADE_MAP`; other
square grids (Dungeon Command tiles) build their own :class:`MapGrid`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion import grid as dreamblade_grid


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

    @property
    def cells(self) -> tuple[str, ...]:
        return tuple(self.name_of(c, r) for r in range(self.rows) for c in range(self.columns))

    def index_of(self, cell: str) -> tuple[int, int]:
        for r in range(self.rows):
            for c in range(self.columns):
                if self.name_of(c, r) == cell:
                    return c, r
        raise ValueError(f"{cell!r} is not a cell of this map")

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

    def cell_centre_mm(self, cell: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.cell_rect_mm(cell)
        return (x0 + x1) / 2, (y0 + y1) / 2


# 450 mm square: the map size issue 5 measured with. Measure your own map and pass its size;
# the physical size is not in our rules sources (docs/hardware.md, "Camera").
DREAMBLADE_MAP = MapGrid(450.0, 450.0, 5, 5, dreamblade_grid.cell_at)
