"""What the camera shows the phone panel: the latest frame and what was read from it
(``CameraSnapshot``), and the small interface the panel uses to reach a camera (``CameraView``).
The table's camera loop implements it; the panel depends only on this contract, never on the loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # OpenCV and the vision package load only once a camera picture is asked for
    import numpy as np

    from vision.calibration import Calibration
    from vision.map_grid import CellGrid
    from vision.observe import Placement


@dataclass(frozen=True)
class CameraSnapshot:
    frame: np.ndarray  # BGR or grey
    placements: tuple[Placement, ...]
    calibration: Calibration | None
    grid: CellGrid
    status: str  # "live", "uncalibrated", "lost"…


class CameraView(Protocol):
    def snapshot(self) -> CameraSnapshot | None:
        """The latest frame and what was read from it; ``None`` before the first frame."""

    def calibrate(self, corners_px: list[tuple[float, float]]) -> None:
        """Use the map's four corners tapped in the latest frame (seat A's left, seat A's right,
        seat B's right, seat B's left); ``CalibrationError`` if they make no map."""
