"""Sightings → cells: each tag centre goes through the homography into map millimetres and lands
in the cell holding it. A base near a cell border gets a lower confidence (1 at least one base
radius inside the cell, 0 on the line)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from vision.board_change import TagId
from vision.calibration import Calibration
from vision.map_grid import CellGrid
from vision.tags import Sighting


@dataclass(frozen=True)
class Placement:
    tag: TagId
    cell: str
    confidence: float
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class Observation:
    """What one frame shows: placements, how many reads were rejected or off the map, whether
    something large (a hand, an arm) is over the map, and ``unread``: committed tags not read this
    frame whose base still looks as it did when last read (covered by a neighbouring figure, or a
    missed read), so they are still there."""

    placements: tuple[Placement, ...] = ()
    rejected: int = 0
    off_map: int = 0
    busy: bool = False
    unread: frozenset[TagId] = frozenset()

    def cells_of(self, tag: TagId) -> set[str]:
        return {p.cell for p in self.placements if p.tag == tag}

    def board(self) -> dict[TagId, str]:
        """tag → cell for tags seen in exactly one cell."""
        cells: dict[TagId, set[str]] = {}
        for p in self.placements:
            cells.setdefault(p.tag, set()).add(p.cell)
        return {tag: next(iter(c)) for tag, c in cells.items() if len(c) == 1}


def place(
    sightings: Iterable[Sighting], calibration: Calibration, grid: CellGrid, base_mm: float
) -> tuple[list[Placement], int]:
    """Placements (one per tag and cell, the most confident kept) and the count off the map."""
    sightings = list(sightings)
    if not sightings:
        return [], 0
    centres = calibration.to_map(np.array([s.centre for s in sightings]))
    best: dict[tuple[TagId, str], Placement] = {}
    off_map = 0
    radius = max(base_mm / 2, 1e-6)
    for sighting, (x, y) in zip(sightings, centres, strict=True):
        cell = grid.cell_at_mm(float(x), float(y))
        if cell is None:
            off_map += 1
            continue
        confidence = min(1.0, grid.border_distance_mm(float(x), float(y)) / radius)
        placement = Placement(sighting.tag, cell, confidence, float(x), float(y))
        key = (sighting.tag, cell)
        if key not in best or best[key].confidence < confidence:
            best[key] = placement
    return list(best.values()), off_map
