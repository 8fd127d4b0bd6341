"""A frame: what colour each map cell shows. Cells not named are dark."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion import grid
from companion.lights.colours import RGB, check_colour


@dataclass(frozen=True)
class Frame:
    cells: Mapping[str, RGB]

    def __post_init__(self) -> None:
        checked = {
            grid.check_cell(cell): check_colour(colour) for cell, colour in self.cells.items()
        }
        object.__setattr__(self, "cells", MappingProxyType(checked))

    def colour(self, cell: str) -> RGB:
        return self.cells.get(grid.check_cell(cell), (0, 0, 0))

    def over(self, below: Frame) -> Frame:
        """This frame's cells drawn over ``below``."""
        return Frame({**below.cells, **self.cells})
