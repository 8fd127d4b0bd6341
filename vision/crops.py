"""Per-cell rectified crops: each cell (plus a margin for bases on its border) warped to a square,
top-down image, read, and the sightings mapped back to image pixels.

A crop is the map seen from above the way the camera sees it (seat A at the bottom, map ``y`` up
the rows), never mirrored: ArUco/AprilTag markers do not read mirrored. It is sampled at
:data:`CROP_SCALE` times the camera's own resolution there: marginal codes read at 1.5× that
were lost at 1× (issue 14), since the rectifying warp otherwise blurs a module edge twice. Carrier
markers, with more pixels per module, read at 1× (the pipeline's default for them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.map_grid import CellGrid
from vision.tags import Quad, ReadResult, TagReader, quad

CROP_SCALE = 1.5


def cell_crop(
    gray: np.ndarray,
    calibration: Calibration,
    grid: CellGrid,
    cell: str,
    margin_mm: float,
    scale: float = CROP_SCALE,
) -> tuple[np.ndarray, np.ndarray]:
    """(crop, homography crop px → image px) of one cell and its margin; the crop's rows run
    towards seat A (map ``y`` decreasing), as a camera above the table sees them."""
    x0, y0, x1, y1 = grid.cell_rect_mm(cell)
    x0, y0, x1, y1 = x0 - margin_mm, y0 - margin_mm, x1 + margin_mm, y1 + margin_mm
    density = calibration.px_per_mm((x0 + x1) / 2, (y0 + y1) / 2) * scale
    size = (round((x1 - x0) * density), round((y1 - y0) * density))
    crop_to_mm = np.array([[1 / density, 0, x0], [0, -1 / density, y1], [0, 0, 1]])
    crop_to_image = calibration.local_homography(crop_to_mm, size)
    crop = cv2.warpPerspective(
        gray,
        crop_to_image,
        size,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return crop, crop_to_image


def read_cells(
    reader: TagReader,
    gray: np.ndarray,
    calibration: Calibration,
    grid: CellGrid,
    cells: Iterable[str],
    margin_mm: float,
    scale: float = CROP_SCALE,
) -> ReadResult:
    result = ReadResult()
    for cell in cells:
        crop, to_image = cell_crop(gray, calibration, grid, cell, margin_mm, scale)
        found = reader.read(crop)

        def to_frame(corners: Quad, to_image: np.ndarray = to_image) -> Quad:
            pts = np.array(corners, dtype=np.float64).reshape(-1, 1, 2)
            return quad(cv2.perspectiveTransform(pts, to_image).reshape(-1, 2))

        result.rejected += found.rejected
        result.sightings.extend(replace(s, corners=to_frame(s.corners)) for s in found.sightings)
        result.foreign.extend(replace(f, corners=to_frame(f.corners)) for f in found.foreign)
    return result
