"""A simulated camera for the panel's camera view: a drawn table with a white map, one tag read in
c3, and the real manual calibration from ``vision.calibration``."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board_change import TagId
from vision.calibration import Calibration, calibrate_manual
from vision.map_grid import DREAMBLADE_MAP
from vision.observe import Placement
from web_panel.camera_view import CameraSnapshot

WIDTH, HEIGHT = 640, 480
# The map's corners in the picture: seat A's left, A's right, B's right, B's left.
MAP_CORNERS = [(170.0, 400.0), (470.0, 400.0), (450.0, 90.0), (190.0, 90.0)]


class FakeCamera:
    def __init__(self, *, has_frame: bool = True) -> None:
        self.has_frame = has_frame
        self.calibration: Calibration | None = None
        self.frame = np.full((HEIGHT, WIDTH, 3), 90, dtype=np.uint8)
        corners = np.array(MAP_CORNERS, dtype=np.int32)
        cv2.fillConvexPoly(self.frame, corners, (255, 255, 255))

    def snapshot(self) -> CameraSnapshot | None:
        if not self.has_frame:
            return None
        placements: tuple[Placement, ...] = ()
        if self.calibration is not None:
            x, y = DREAMBLADE_MAP.cell_centre_mm("c3")
            placements = (Placement(TagId("db", "lockjaw", 1), "c3", 0.9, x, y),)
        status = "live" if self.calibration else "uncalibrated"
        return CameraSnapshot(self.frame, placements, self.calibration, DREAMBLADE_MAP, status)

    def calibrate(self, corners_px: list[tuple[float, float]]) -> None:
        self.calibration = calibrate_manual(corners_px, DREAMBLADE_MAP, (WIDTH, HEIGHT))
