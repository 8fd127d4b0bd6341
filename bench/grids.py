"""Benchmark: map point → cell per second on the grids the camera reads — Dreamblade's 5×5 map
(the baseline, measured in the same run), a 20×16 Dungeon Command battlefield of inch squares and
a 12×10 Arena hex map (cube rounding) — plus the whole observe stage (homography + cell +
border confidence) for a frame's worth of tags. Prints figures; asserts nothing about speed.
Run: .venv/bin/python bench/grids.py"""

from __future__ import annotations

import time

import numpy as np

from vision.board_change import TagId
from vision.calibration import calibrate_manual
from vision.hex_grid import HexGrid
from vision.map_grid import FIVE_BY_FIVE_MAP, CellGrid
from vision.observe import place
from vision.square_grid import square_grid
from vision.tags import Sighting

POINTS = 50_000
GRIDS: dict[str, CellGrid] = {
    "dreamblade 5x5 (baseline)": FIVE_BY_FIVE_MAP,
    "dungeon command 20x16 inch squares": square_grid(20, 16, 25.4),
    "arena 12x10 hexes (pointy)": HexGrid(12, 10, 44.0, "pointy"),
}


def _per_second(grid: CellGrid, rng: np.random.Generator) -> float:
    points = rng.uniform((0, 0), (grid.width_mm, grid.height_mm), size=(POINTS, 2)).tolist()
    start = time.perf_counter()
    for x, y in points:
        grid.cell_at_mm(x, y)
        grid.border_distance_mm(x, y)
    return POINTS / (time.perf_counter() - start)


def _observe_ms(grid: CellGrid, rng: np.random.Generator, tags: int = 30) -> float:
    """Milliseconds to place one frame's ``tags`` sightings (the pipeline's observe stage)."""
    w, h = grid.width_mm, grid.height_mm
    calibration = calibrate_manual(
        [(100, 80), (1800, 90), (1790, 1000), (110, 990)], grid, (1920, 1080)
    )
    centres = rng.uniform((0, 0), (w, h), size=(tags, 2))
    image = calibration.to_image(centres)
    sightings = []
    for n, (x, y) in enumerate(image):
        corners = ((x - 5, y - 5), (x + 5, y - 5), (x + 5, y + 5), (x - 5, y + 5))
        sightings.append(Sighting(TagId("db", f"B{n}", 1), corners))
    runs = 200
    start = time.perf_counter()
    for _ in range(runs):
        place(sightings, calibration, grid, 25.0)
    return (time.perf_counter() - start) / runs * 1000


def main() -> None:
    rng = np.random.default_rng(0)
    baseline = None
    for name, grid in GRIDS.items():
        rate = _per_second(grid, rng)
        baseline = baseline or rate
        observe = _observe_ms(grid, rng)
        print(
            f"{name:38s} {rate / 1000:8.1f} k points/s ({rate / baseline:4.2f}× baseline)"
            f"   observe 30 tags: {observe:6.3f} ms"
        )


if __name__ == "__main__":
    main()
