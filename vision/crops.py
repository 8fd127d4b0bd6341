"""Reading parts of the frame: a map rectangle (a cell and a margin for bases on its border, or
just where a cell changed) cut out of the frame, read, and the sightings mapped back to image
pixels.

At the camera's own resolution (``scale`` 1, the carriers' default) a window is the frame's own
pixels around the rectangle — nothing is resampled, so nothing is blurred and no time is spent
warping; the camera looks straight down, so it is the map seen from above the way the camera sees
it, never mirrored (ArUco/AprilTag markers do not read mirrored). Finer than that (``scale`` >
1: :data:`CROP_SCALE` for QR codes, whose marginal codes read at 1.5× were lost at 1×, issue 14)
it is a rectified crop: the rectangle warped to a top-down image, seat A at the bottom."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import cv2
import numpy as np

from vision.board_change import TagId
from vision.calibration import Calibration
from vision.map_grid import CellGrid
from vision.tags import Quad, ReadResult, TagReader, quad

CROP_SCALE = 1.5
SECOND_SIZE = 0.8  # a rectified window is read again this much coarser (1.2× for QR codes)
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in map mm
_EDGE_POINTS = 5  # per side of a window, through the lens, to bound it in the frame


def cell_window(grid: CellGrid, cell: str, margin_mm: float) -> Rect:
    x0, y0, x1, y1 = grid.cell_rect_mm(cell)
    return x0 - margin_mm, y0 - margin_mm, x1 + margin_mm, y1 + margin_mm


def _area(rect: Rect) -> float:
    return (rect[2] - rect[0]) * (rect[3] - rect[1])


def _union(a: Rect, b: Rect) -> Rect:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def merged_windows(rects: Iterable[Rect]) -> list[Rect]:
    """The windows to read for ``rects``: two that overlap enough that the rectangle around both
    is no larger than the two apart become that one (read once, not twice in the overlap)."""
    windows = list(rects)
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(windows):
            for j in range(i + 1, len(windows)):
                both = _union(a, windows[j])
                if _area(both) <= _area(a) + _area(windows[j]):
                    windows[i] = both
                    del windows[j]
                    merged = True
                    break
            if merged:
                break
    return windows


def window_crop(
    gray: np.ndarray, calibration: Calibration, rect: Rect, scale: float = CROP_SCALE
) -> tuple[np.ndarray, np.ndarray]:
    """(crop, homography crop px → image px) of the map rectangle ``rect``."""
    x0, y0, x1, y1 = rect
    if scale == 1.0:
        t = np.linspace(0.0, 1.0, _EDGE_POINTS)
        xs, ys = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        edges = np.concatenate(
            [
                np.column_stack([xs, np.full_like(xs, y0)]),
                np.column_stack([xs, np.full_like(xs, y1)]),
                np.column_stack([np.full_like(ys, x0), ys]),
                np.column_stack([np.full_like(ys, x1), ys]),
            ]
        )
        image = calibration.to_image(edges)
        height, width = gray.shape[:2]
        left, top = (max(int(np.floor(v)) - 1, 0) for v in image.min(axis=0))
        right = min(int(np.ceil(image[:, 0].max())) + 2, width)
        bottom = min(int(np.ceil(image[:, 1].max())) + 2, height)
        crop = np.ascontiguousarray(gray[top:bottom, left:right])
        return crop, np.array([[1.0, 0, left], [0, 1.0, top], [0, 0, 1]])
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


def cell_crop(
    gray: np.ndarray,
    calibration: Calibration,
    grid: CellGrid,
    cell: str,
    margin_mm: float,
    scale: float = CROP_SCALE,
) -> tuple[np.ndarray, np.ndarray]:
    """(crop, homography crop px → image px) of one cell and its margin."""
    return window_crop(gray, calibration, cell_window(grid, cell, margin_mm), scale)


def read_windows(
    reader: TagReader,
    gray: np.ndarray,
    calibration: Calibration,
    rects: Iterable[Rect],
    scale: float = CROP_SCALE,
) -> ReadResult:
    """The codes in ``rects`` (merged where they overlap). A rectified window (``scale`` > 1) is
    read at ``scale`` and again at :data:`SECOND_SIZE` of it, and what either reads counts: zxing
    reads some stickers at one size and not the other (issue 14 lost marginal codes at 1×; a
    sticker 4 mm from a cell's line read at 1.2× and not at 1.5×, issue 35)."""
    result = ReadResult()
    for rect in merged_windows(rects):
        sizes = (scale, scale * SECOND_SIZE) if scale > 1.0 else (scale,)
        tags: set[TagId] = set()  # read at an earlier size (a carrier's markers share one)
        codes: set[tuple[int | None, int]] = set()
        rejected = 0
        for size in sizes:
            crop, to_image = window_crop(gray, calibration, rect, size)
            if crop.size == 0:
                continue
            found = reader.read(crop)

            def to_frame(corners: Quad, to_image: np.ndarray = to_image) -> Quad:
                pts = np.array(corners, dtype=np.float64).reshape(-1, 1, 2)
                return quad(cv2.perspectiveTransform(pts, to_image).reshape(-1, 2))

            rejected = max(rejected, found.rejected)
            result.sightings.extend(
                replace(s, corners=to_frame(s.corners))
                for s in found.sightings
                if s.tag not in tags
            )
            result.foreign.extend(
                replace(f, corners=to_frame(f.corners))
                for f in found.foreign
                if (f.key, f.serial) not in codes
            )
            tags |= {s.tag for s in found.sightings}
            codes |= {(f.key, f.serial) for f in found.foreign}
        result.rejected += rejected
    return result


def read_cells(
    reader: TagReader,
    gray: np.ndarray,
    calibration: Calibration,
    grid: CellGrid,
    cells: Iterable[str],
    margin_mm: float,
    scale: float = CROP_SCALE,
) -> ReadResult:
    rects = [cell_window(grid, cell, margin_mm) for cell in cells]
    return read_windows(reader, gray, calibration, rects, scale)
