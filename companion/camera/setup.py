"""The camera set-up check at a table: a frame from the table's camera (or a photo) through
``vision/setup_check.py`` with what the table knows — its lens, the frame size it calibrated at,
its carriers' reader — and the report saved for asking for help (a zip with the frame, the report
in words and its figures). ``companion camera check``, ``companion doctor`` and the panel's
Camera set-up page all come here.
"""

from __future__ import annotations

import io
import json
import logging
import zipfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.errors import DataFileError
from vision.calibration import Calibration
from vision.camera import CameraError, FrameSource
from vision.lens import Lens, lens_path, load_lens
from vision.map_grid import CellGrid
from vision.planner import CameraModel
from vision.setup_check import SetupError, SetupReport, check_setup
from vision.tags import TagReader

log = logging.getLogger(__name__)

FRAMES_TO_SETTLE = 3  # a camera's first frames may be dark while its exposure settles


@dataclass(frozen=True)
class TableCamera:
    """What the table knows about its camera (all optional)."""

    grid: CellGrid
    lens: Lens | None = None
    expected_size: tuple[int, int] | None = None  # the saved calibration's frame size
    reader: TagReader | None = None
    model: CameraModel | None = None

    def check(self, frame: np.ndarray | None) -> SetupReport:
        return check_setup(
            frame,
            self.grid,
            expected_size=self.expected_size,
            lens=self.lens,
            reader=self.reader,
            model=self.model,
        )


def table_camera(
    data_dir: Path, grid: CellGrid, reader: TagReader | None = None
) -> tuple[TableCamera, list[str]]:
    """The table's camera as its data folder describes it, and what could not be loaded."""
    notes = []
    lens = None
    if lens_path(data_dir).exists():
        try:
            lens = load_lens(lens_path(data_dir))
        except DataFileError as error:
            notes.append(f"lens ignored ({error})")
    size = None
    calibration = data_dir / "calibration.json"
    if calibration.exists():
        try:
            size = Calibration.load(calibration).image_size
        except DataFileError as error:
            notes.append(f"saved calibration ignored ({error})")
    return TableCamera(grid, lens, size, reader), notes


def grab(source: FrameSource, settle: int = FRAMES_TO_SETTLE) -> np.ndarray:
    """The last of ``settle`` frames from ``source`` (a recorded source may end sooner: its last
    frame); :class:`SetupError` when the camera does not open, gives nothing, or fails during
    the check (a camera that dies mid-check is never judged on a stale frame)."""
    try:
        source.open()
    except (CameraError, OSError) as error:
        log.info("camera did not open: %s", error)
        raise SetupError("the camera did not open: check its cable and its source") from None
    frame = None
    try:
        for _ in range(settle):
            latest = source.read()
            if latest is None:
                break
            frame = latest
    except (CameraError, OSError) as error:
        log.info("camera stopped: %s", error)
        raise SetupError(
            "the camera stopped giving pictures during the check: check its cable and try again"
        ) from None
    finally:
        source.close()
    if frame is None:
        raise SetupError("the camera gave no picture: check its cable and that it is on")
    return frame


def save_report(report: SetupReport, frame: np.ndarray, path: Path) -> None:
    """A zip for asking for help: ``frame.png`` (as the camera gave it), ``report.txt`` (the
    report in words) and ``report.json`` (its figures). Written whole or not at all."""
    ok, png = cv2.imencode(".png", frame)
    if not ok:
        raise SetupError("the frame could not be encoded: nothing saved")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("frame.png", png.tobytes())
        archive.writestr("report.txt", "\n".join(report.lines()) + "\n")
        archive.writestr("report.json", json.dumps(report.to_json(), indent=1))
    temporary = path.with_name(path.name + ".part")
    temporary.write_bytes(buffer.getvalue())
    temporary.replace(path)
