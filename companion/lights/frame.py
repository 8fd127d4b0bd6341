"""A frame: what colour each map cell shows. Cells not named are dark.

Cells are named like squares (``a1``, ``b1``… from seat A's left corner: ``vision/square_grid.py``),
so one frame type serves the 5×5 map, maps of squares and maps of hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.lights.colours import RGB, check_colour
from vision.square_grid import parse_square


def check_cell_name(cell: str) -> str:
    """``cell`` if it is a cell name like ``a1``; ``ValueError`` otherwise."""
    if not isinstance(cell, str):
        raise ValueError(f"{cell!r} is not a cell name like a1")
    parse_square(cell)
    return cell


@dataclass(frozen=True)
class Frame:
    cells: Mapping[str, RGB]

    def __post_init__(self) -> None:
        checked = {
            check_cell_name(cell): check_colour(colour) for cell, colour in self.cells.items()
        }
        object.__setattr__(self, "cells", MappingProxyType(checked))

    def colour(self, cell: str) -> RGB:
        return self.cells.get(check_cell_name(cell), (0, 0, 0))

    def over(self, below: Frame) -> Frame:
        """This frame's cells drawn over ``below``."""
        return Frame({**below.cells, **self.cells})
