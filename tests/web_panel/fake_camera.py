"""A simulated camera for the panel's camera view: a drawn table with a white map, one tag read in
c3, and the real manual calibration from ``vision.calibration``; one in front of which QR
codes or carriers are held up (tag scanning); and one for the Camera set-up page (``SetupCamera``,
synthetic frames with a problem made on purpose); and a table's camera loop over a simulated
map of its pieces (``watched_by_camera``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import cv2
import numpy as np

from companion.camera.loop import CameraLoop
from companion.camera.reconciler import default_registry
from companion.camera.snapshot import CameraSnapshot
from companion.simulation.simulated_table import SimulatedTable
from companion.table.table import Table
from vision.board_change import TagId
from vision.calibration import Calibration, CalibrationError, calibrate_manual
from vision.camera import ResilientCamera, SynthSource
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.observe import Placement
from vision.tags import make_reader

if TYPE_CHECKING:
    from companion.camera.setup import CameraHealth
    from vision.lens import Lens
    from vision.setup_check import SetupReport
    from vision.synth import Look

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
            x, y = FIVE_BY_FIVE_MAP.cell_centre_mm("c3")
            placements = (Placement(TagId("db", "lockjaw", 1), "c3", 0.9, x, y),)
        status = "live" if self.calibration else "uncalibrated"
        return CameraSnapshot(self.frame, placements, self.calibration, FIVE_BY_FIVE_MAP, status)

    def calibrate(self, corners_px: list[tuple[float, float]]) -> None:
        self.calibration = calibrate_manual(corners_px, FIVE_BY_FIVE_MAP, (WIDTH, HEIGHT))

    # the Camera set-up page's side: the real check (this drawn map has no corner markers)
    def setup_check(self) -> SetupReport:
        from vision.setup_check import check_setup

        return check_setup(self.frame if self.has_frame else None, FIVE_BY_FIVE_MAP)

    def health(self) -> CameraHealth:
        from companion.camera.setup import camera_health

        return camera_health("live" if self.calibration else "uncalibrated", False, ())

    def add_lens_view(self) -> int:
        from vision.lens import LensError

        raise LensError("no board in this picture")

    def lens_views(self) -> int:
        return 0

    def calibrate_lens(self) -> Lens:
        from vision.lens import LensError

        raise LensError("no views")

    def lens_preview(self) -> np.ndarray | None:
        return None


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


class SetupCamera:
    """A camera over a 3×3 map of Dreamblade's 90 mm cells, rendered by ``vision/synth.py`` at
    the scale of the recommended mode (a carrier in each corner cell), with a ``Look`` to make a
    problem on purpose; the real set-up check and lens calibration behind the panel's contract."""

    def __init__(self) -> None:
        from companion.camera.setup import LensViews, TableCamera
        from vision.square_grid import square_grid

        self.grid = square_grid(3, 3, 90.0)
        self.table = TableCamera(self.grid)
        self.views = LensViews()
        self.lens: Lens | None = None
        self.frame: np.ndarray | None = None
        self._checked: tuple[np.ndarray, SetupReport] | None = None
        self.show()

    def show(self, look: Look | None = None, carriers: bool = True) -> None:
        from vision.carrier import DEFAULT_CARRIER
        from vision.planner import CAMERAS, map_view_mm, plan_modes
        from vision.synth import Figure, Piece, Scene, View, render

        corners = ((45.0, 45.0), (225.0, 45.0), (225.0, 225.0), (45.0, 225.0))
        pieces = tuple(
            Piece(
                TagId("db", "B1", n + 1), x, y, marker_id=n + 1, angle_deg=30.0 * n,
                figure=Figure(0.6, 0.0, 40.0 * n, n),
            )
            for n, (x, y) in enumerate(corners)
        ) if carriers else ()  # fmt: skip
        plan = plan_modes(CAMERAS["camera-module-3"], map_view_mm(), DEFAULT_CARRIER.module_mm)[0]
        scene = Scene(self.grid, pieces, family="aruco4x4", design="carrier", seed=4)
        self.frame = render(scene, View(1800, 1700, plan.px_per_mm, 1.0, 0.01), look)

    def show_board(self, seed: int) -> None:
        """The printed ChArUco board held in front of the camera (a wide lens's barrel)."""
        from vision.synth import View, charuco_photos

        self.frame = charuco_photos(View(1800, 1700, 1.0, k1=-0.25), count=1, seed=seed)[0]

    def snapshot(self) -> CameraSnapshot | None:
        if self.frame is None:
            return None
        return CameraSnapshot(self.frame, (), None, self.grid, "live")

    def calibrate(self, corners_px: list[tuple[float, float]]) -> None:
        raise CalibrationError("tap calibration is not part of this camera's tests")

    def setup_check(self) -> SetupReport:
        frame = self.frame
        if self._checked is not None and self._checked[0] is frame:
            return self._checked[1]
        report = self.table.check(frame)
        self._checked = (frame, report)  # type: ignore[assignment]
        return report

    def health(self) -> CameraHealth:
        from companion.camera.setup import CameraHealth

        return CameraHealth("reading" if self.frame is not None else "lost")

    def add_lens_view(self) -> int:
        assert self.frame is not None
        return self.views.add(self.frame)

    def lens_views(self) -> int:
        return self.views.count

    def calibrate_lens(self) -> Lens:
        self.lens = self.views.compute()
        return self.lens

    def lens_preview(self) -> np.ndarray | None:
        from companion.camera.setup import straightened

        if self.lens is None or self.frame is None:
            return None
        return straightened(self.frame, self.lens)


def watched_by_camera(table: Table) -> tuple[CameraLoop, SimulatedTable]:
    """``table``'s camera loop (fed by the test, ``loop.process(frame)``) over the simulated map of
    its game's pieces, whose frames the test makes (``SimulatedTable``)."""
    registry = default_registry(table.read(lambda game: list(game.setup.pieces)))
    loop = CameraLoop(
        table, ResilientCamera(SynthSource(frames=[])), make_reader("zxing"), registry,
        FIVE_BY_FIVE_MAP,
    )  # fmt: skip
    return loop, SimulatedTable(registry)
