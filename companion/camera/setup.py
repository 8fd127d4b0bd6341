"""The camera set-up check at a table: a frame from the table's camera (or a photo) through
``vision/setup_check.py`` with what the table knows — its lens, the frame size it calibrated at,
its carriers' reader — and the report saved for asking for help (a zip with the frame, the report
in words and its figures). ``companion camera check``, ``companion doctor`` and the panel's
Camera set-up page all come here.

While playing, :class:`ReadHealth` watches whether each cell's re-reads still find the miniatures
committed there (the table screen's camera chip, and a judge notice when a cell's reads fall
off); :class:`LensViews` collects views of the ChArUco board for the panel's lens calibration.
"""

from __future__ import annotations

import io
import json
import logging
import zipfile
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.errors import DataFileError
from vision.board_change import TagId
from vision.calibration import Calibration
from vision.camera import CameraError, FrameSource
from vision.carrier import DEFAULT_CARRIER, Carrier
from vision.lens import (
    MIN_CORNERS,
    MIN_PHOTOS,
    Lens,
    LensError,
    calibrate_lens,
    find_board,
    lens_path,
    load_lens,
)
from vision.map_grid import CellGrid
from vision.observe import Placement
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
    carrier: Carrier = DEFAULT_CARRIER

    def check(self, frame: np.ndarray | None) -> SetupReport:
        return check_setup(
            frame,
            self.grid,
            expected_size=self.expected_size,
            lens=self.lens,
            reader=self.reader,
            model=self.model,
            carrier=self.carrier,
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
        raise SetupError(
            "the camera did not open: check its cable and its source", "no_picture"
        ) from None
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
            "the camera stopped giving pictures during the check: check its cable and try again",
            "stopped",
        ) from None
    finally:
        source.close()
    if frame is None:
        raise SetupError(
            "the camera gave no picture: check its cable and that it is on", "no_picture"
        )
    return frame


def save_report(report: SetupReport, frame: np.ndarray, path: Path) -> None:
    """A zip for asking for help: ``frame.png`` (as the camera gave it), ``report.txt`` (the
    report in words) and ``report.json`` (its figures). Written whole or not at all."""
    ok, png = cv2.imencode(".png", frame)
    if not ok:
        raise SetupError("the frame could not be encoded: nothing saved", "no_picture")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("frame.png", png.tobytes())
        archive.writestr("report.txt", "\n".join(report.lines()) + "\n")
        archive.writestr("report.json", json.dumps(report.to_json(), indent=1))
    temporary = path.with_name(path.name + ".part")
    temporary.write_bytes(buffer.getvalue())
    temporary.replace(path)


# -- while playing -------------------------------------------------------------------------------

HEALTH_WINDOW = 12  # a cell's last re-reads remembered
FELL_OFF_SHARE = 0.5  # of them missing its committed miniatures: the cell's reads fell off
RECOVERED_SHARE = 0.2  # …and came back once no more than this share miss (no flapping)
MIN_READS = 4  # re-reads a cell needs before it is judged
LOST_STATUSES = frozenset({"retrying", "ended", "uncalibrated", "no_frame"})


@dataclass(frozen=True)
class CameraHealth:
    """What the table screen's chip says: ``reading`` (well), ``degraded`` (the map moved under
    the calibration, or some cells' reads fell off: ``cells``) or ``lost``."""

    state: str
    cells: tuple[str, ...] = ()
    moved: bool = False

    def to_json(self) -> dict[str, object]:
        return {"state": self.state, "cells": list(self.cells), "moved": self.moved}


class ReadHealth:
    """Per cell, whether its last re-reads found the miniatures committed there: glare moving in,
    or the camera bumped, makes a cell's reads fall off while the board still holds them."""

    def __init__(self) -> None:
        self._reads: dict[str, deque[bool]] = {}

    def record(
        self, board: Mapping[TagId, str], placements: Iterable[Placement], cells_read: Iterable[str]
    ) -> None:
        """One clear frame: ``board`` committed, ``placements`` read, ``cells_read`` re-read."""
        seen = {(p.tag, p.cell) for p in placements}
        read = set(cells_read)
        for tag, cell in board.items():
            if cell in read:
                self._reads.setdefault(cell, deque(maxlen=HEALTH_WINDOW)).append(
                    (tag, cell) in seen
                )

    def falling(self, before: Iterable[str] = ()) -> tuple[str, ...]:
        """The cells whose reads fell off; ``before``, those that had: they stay until their
        reads come back (:data:`RECOVERED_SHARE`)."""
        earlier = set(before)
        falling = []
        for cell, reads in self._reads.items():
            missed = reads.count(False) / len(reads)
            if (len(reads) >= MIN_READS and missed >= FELL_OFF_SHARE) or (
                cell in earlier and missed > RECOVERED_SHARE
            ):
                falling.append(cell)
        return tuple(sorted(falling))

    def clear(self) -> None:
        self._reads.clear()


def camera_health(status: str, moved: bool, falling: tuple[str, ...]) -> CameraHealth:
    if status in LOST_STATUSES:
        return CameraHealth("lost")
    if moved or falling:
        return CameraHealth("degraded", falling, moved)
    return CameraHealth("reading")


# -- lens calibration from the panel -------------------------------------------------------------


class LensViews:
    """Views of the printed ChArUco board taken from the live camera, counted as they come, and
    the lens computed from them (``vision/lens.py``, what ``companion camera calibrate`` does
    with photos)."""

    def __init__(self) -> None:
        self._views: list[np.ndarray] = []

    @property
    def count(self) -> int:
        return len(self._views)

    def add(self, frame: np.ndarray) -> int:
        """Keep ``frame`` if it shows the board; the good views so far. :class:`LensError` when
        the board is not seen well enough."""
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        if self._views and self._views[0].shape != gray.shape:
            self._views.clear()  # the camera changed mode: start again
        if find_board(gray) is None:
            raise LensError(
                f"the board is not seen well: hold the whole board (at least {MIN_CORNERS} "
                "corners) in view, still and lit"
            )
        self._views.append(gray.copy())
        return len(self._views)

    def compute(self) -> Lens:
        """The lens from the views (:class:`LensError` with fewer than enough)."""
        if len(self._views) < MIN_PHOTOS:
            raise LensError(
                f"{len(self._views)} good view(s) of the board: at least {MIN_PHOTOS} needed, "
                "the board tilted and in different parts of the picture"
            )
        lens = calibrate_lens(self._views)
        self._views.clear()
        return lens


def straightened(frame: np.ndarray, lens: Lens, lines: int = 6) -> np.ndarray:
    """Before and after: the frame as the lens sees it and undistorted by ``lens``, side by side,
    with straight lines drawn over both (a lens's bend shows against them on the left)."""
    image = frame if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    after = cv2.undistort(image, lens.camera_matrix, lens.dist_coeffs)
    height, width = image.shape[:2]
    both = np.hstack([image, after])
    for k in range(1, lines):
        y = round(height * k / lines)
        x = round(width * k / lines)
        for offset in (0, width):
            cv2.line(both, (offset, y), (offset + width - 1, y), (0, 200, 255), 2, cv2.LINE_AA)
            cv2.line(both, (offset + x, 0), (offset + x, height - 1), (0, 200, 255), 2)
    return both
