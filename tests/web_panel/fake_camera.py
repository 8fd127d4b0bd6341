"""A simulated camera for the panel's camera view: a drawn table with a white map, one tag read in
c3, and the real manual calibration from ``vision.calibration``; and one in front of which QR
codes or carriers are held up (tag scanning)."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.camera.snapshot import CameraSnapshot
from vision.board_change import TagId
from vision.calibration import Calibration, calibrate_manual
from vision.map_grid import DREAMBLADE_MAP
from vision.observe import Placement

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


class ShowingCamera(FakeCamera):
    """A camera in front of which codes are held up: each text drawn as a QR code in a row."""

    def __init__(self, texts: Sequence[str] = ()) -> None:
        super().__init__()
        self.show(texts)

    def show(self, texts: Sequence[str]) -> None:
        frame = np.full((HEIGHT, WIDTH, 3), 90, dtype=np.uint8)
        x = 20
        for text in texts:
            code = qr_image(text)
            size = code.shape[0]
            frame[40 : 40 + size, x : x + size] = code[:, :, None]
            x += size + 20
        self.frame = frame

    def show_carriers(self, marker_ids: Sequence[int]) -> None:
        """Carriers with their figures standing on them, in a row on the table: drawn by
        ``vision/synth.py`` at 6 px/mm (a camera at the recommended mode reads 4.8)."""
        from vision.square_grid import square_grid
        from vision.synth import Figure, Piece, Scene, View, render

        grid = square_grid(max(len(marker_ids), 1), 1, 45.0)
        pieces = tuple(
            Piece(
                TagId("db", "shown", n + 1),
                22.5 + 45.0 * n,
                22.5,
                angle_deg=35.0 * n + 10.0,
                marker_id=marker,
                figure=Figure(0.6, 0.0, 40.0 * n, n),
            )
            for n, marker in enumerate(marker_ids)
        )
        scene = Scene(grid, pieces, family="aruco4x4", design="carrier", seed=2)
        self.frame = render(scene, View(1280, 480, 6.0), seed=1)


def qr_image(text: str, module_px: int = 4) -> np.ndarray:
    """``text`` as a grey QR code with its quiet zone, ``module_px`` pixels a module."""
    import segno

    modules = np.array(segno.make(text, error="m", micro=False).matrix, dtype=np.uint8)
    picture = np.where(modules == 1, 0, 255).astype(np.uint8)
    picture = np.pad(picture, 4, constant_values=255)
    return np.kron(picture, np.ones((module_px, module_px), dtype=np.uint8))
