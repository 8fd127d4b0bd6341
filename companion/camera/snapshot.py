"""What the camera shows the phone panel: the latest frame and what was read from it
(``CameraSnapshot``), and the small interface the panel uses to reach a camera (``CameraView``):
the frame, the tapped calibration, the set-up check, the camera's health and the lens calibration.
The table's camera loop implements it; the panel depends only on this contract, never on the loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # OpenCV and the vision package load only once a camera picture is asked for
    import numpy as np

    from companion.camera.setup import CameraHealth
    from vision.calibration import Calibration
    from vision.lens import Lens
    from vision.map_grid import CellGrid
    from vision.observe import Placement
    from vision.setup_check import SetupReport


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

    def setup_check(self) -> SetupReport:
        """The set-up check of the latest frame (``vision/setup_check.py``); ``SetupError`` says
        why the frame cannot be checked."""

    def health(self) -> CameraHealth:
        """Whether the camera reads well now (the table screen's chip)."""

    def add_lens_view(self) -> int:
        """Keep the latest frame as a view of the ChArUco board; the good views so far.
        ``LensError`` when the board is not seen well."""

    def lens_views(self) -> int:
        """The good views of the board kept so far."""

    def calibrate_lens(self) -> Lens:
        """Compute the lens from the views kept, save it and use it; ``LensError`` with too few."""

    def lens_preview(self) -> np.ndarray | None:
        """The latest frame before and after the lens's correction, side by side (``None``
        without a lens or a frame)."""
