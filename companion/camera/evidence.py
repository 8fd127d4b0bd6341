"""Evidence for disputes: small pictures of the cells a camera change involved, before and after.

When the camera commits a change, the loop crops each cell the change touched (where a tag
appeared, left, or moved from and to) out of two frames: the one the previous board was committed
from (before) and the one this change was committed from (after). Each crop is the cell's outline
mapped through the calibration, with a small margin, scaled to at most ``CROP_PX`` pixels and
stored as a JPEG of a few kB with the game (``Table.evidence``), so a judge can see what the
sensor saw for a log entry the players dispute.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.board_change import BoardChange
from vision.calibration import Calibration
from vision.map_grid import CellGrid

CROP_PX = 96  # the longer side of a stored crop
JPEG_QUALITY = 70
MARGIN = 0.15  # of the cell's size, on each side: a miniature on the line stays in the picture


@dataclass(frozen=True)
class CellPicture:
    cell: str
    before: bytes  # JPEG
    after: bytes  # JPEG


def cells_involved(change: BoardChange) -> list[str]:
    cells = set(change.added.values()) | set(change.removed.values())
    for origin, destination in change.moved.values():
        cells |= {origin, destination}
    return sorted(cells)


def crop_cell(frame: np.ndarray, calibration: Calibration, grid: CellGrid, cell: str) -> bytes:
    """The cell (with a margin) out of ``frame``, as a small JPEG."""
    outline = np.array(grid.cell_outline_mm(cell), dtype=np.float64)
    centre = outline.mean(axis=0)
    widened = centre + (outline - centre) * (1.0 + 2 * MARGIN)
    corners = calibration.to_image(widened)
    height, width = frame.shape[:2]
    left, top = np.floor(corners.min(axis=0)).astype(int)
    right, bottom = np.ceil(corners.max(axis=0)).astype(int)
    left, top = max(0, int(left)), max(0, int(top))
    right, bottom = min(width, int(right)), min(height, int(bottom))
    piece: np.ndarray
    if right <= left or bottom <= top:
        piece = np.zeros((CROP_PX, CROP_PX, 3), dtype=np.uint8)  # the cell is out of the frame
    else:
        piece = frame[top:bottom, left:right]
        scale = CROP_PX / max(piece.shape[:2])
        if scale < 1.0:
            size = (max(1, round(piece.shape[1] * scale)), max(1, round(piece.shape[0] * scale)))
            piece = cv2.resize(piece, size, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".jpg", piece, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise ValueError(f"cannot encode the crop of {cell}")
    return bytes(encoded.tobytes())


def pictures(
    before: np.ndarray,
    after: np.ndarray,
    calibration: Calibration,
    grid: CellGrid,
    change: BoardChange,
) -> list[CellPicture]:
    return [
        CellPicture(
            cell,
            crop_cell(before, calibration, grid, cell),
            crop_cell(after, calibration, grid, cell),
        )
        for cell in cells_involved(change)
    ]
