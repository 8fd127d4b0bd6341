"""The camera side of a table: frames → vision pipeline → committed board → engine.

The loop calibrates itself from the map's corner markers (or uses a saved calibration, or one
tapped on the panel), runs the pipeline on every frame, and hands each committed ``BoardChange`` to
the reconciler. A camera that fails or disconnects is reopened by ``ResilientCamera``; the loop
reports every status change on the table's bus (``device`` events) and keeps the table running
without it. Every ``check_every`` frames it looks whether the map moved under the calibration.

It is also the panel's ``CameraView``: the latest frame, the tags read from it and the calibration
in use (kept under a lock: the loop runs in its own thread, the panel serves from others), and a
calibration from four tapped corners, which replaces the pipeline's and is saved.

With ``reading_of`` (the table's ``reading.TableReading``) it reads with whatever labels the table
accepts now: when they change — a tournament pairing seats players with their own carriers, the
event ends — the loop takes the new reader with a fresh tracker.

For the panel's Camera set-up page it runs the set-up check on the latest frame, says how the
camera reads while playing (``setup.ReadHealth``: a cell whose re-reads stop finding the
miniatures committed there is flagged once, ``reads_fell_off``, for the judge), and calibrates the
lens from views of the ChArUco board shown to it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from companion import events as ev
from companion.camera import evidence
from companion.camera.reading import TagReading
from companion.camera.reconciler import sync_table
from companion.camera.setup import (
    CameraHealth,
    LensViews,
    ReadHealth,
    TableCamera,
    camera_health,
    straightened,
)
from companion.camera.snapshot import CameraSnapshot
from companion.errors import DataFileError
from companion.events import Event
from companion.table.table import Table
from vision.board_change import BoardChange, TagId
from vision.calibration import (
    Calibration,
    CalibrationError,
    calibrate_from_markers,
    calibrate_manual,
    check_map_moved,
)
from vision.camera import ResilientCamera
from vision.carrier import DEFAULT_CARRIER
from vision.lens import Lens, LensError, lens_path, same_lens, save_lens
from vision.map_grid import CellGrid
from vision.observe import Placement
from vision.pipeline import Pipeline, PipelineConfig
from vision.setup_check import SetupError, SetupReport
from vision.tags import MarkerReader, TagReader

log = logging.getLogger(__name__)

CHECK_MAP_EVERY = 100  # frames between two checks that the map is still where it was calibrated
# frames the map may stay busy before the loop looks whether it moved (a bumped camera makes
# the whole map look changed, and the pipeline reads nothing until it is calibrated again)
BUSY_CHECK_FRAMES = 15
# a picture older than this is not judged by the set-up check: the camera stopped sending them
STALE_SECONDS = 5.0
RegistryFor = Callable[[Table], Mapping[TagId, str] | None]
# how a committed change reaches the engine (per game: companion/camera/profiles.py)
SyncBoard = Callable[[Table, Mapping[TagId, str], BoardChange], object]


def _kind_read(reader: TagReader) -> str:
    """The labels a reader other than the carriers' reads: marker stickers, or QR stickers."""
    return "markers" if isinstance(reader, MarkerReader) else "qr"


def sync_board(table: Table, registry: Mapping[TagId, str], change: BoardChange) -> None:
    """The 5×5 map's: the reconciler compares the whole committed board with the engine."""
    sync_table(table, registry, change.board)


class CameraLoop:
    def __init__(
        self,
        table: Table,
        camera: ResilientCamera,
        reader: TagReader,
        registry: Mapping[TagId, str],
        grid: CellGrid,
        *,
        calibration: Calibration | None = None,
        calibration_path: Path | None = None,
        config: PipelineConfig | None = None,
        registry_for: RegistryFor | None = None,
        sync: SyncBoard = sync_board,
        check_every: int = CHECK_MAP_EVERY,
        lens: Lens | None = None,
        reading_of: Callable[[], TagReading] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``registry_for``: the tag registry of the table's game, asked again whenever another
        game replaces it (``None``: the camera shows that game but does not read its board).
        ``lens``: the calibrated lens (``companion camera calibrate``); a saved calibration made
        with another lens, or without one, is made again. ``reading_of``: the labels the table
        reads now, asked every frame (``reader`` is used until it gives another).
        ``clock``: when each frame came (the set-up check judges no picture older than
        :data:`STALE_SECONDS`)."""
        self.table = table
        self.camera = camera
        self.reader = reader
        self.reading_of = reading_of
        self.registry: dict[TagId, str] | None = dict(registry)
        self.grid = grid
        self.config = config or PipelineConfig()
        self.calibration_path = calibration_path
        self.registry_for = registry_for
        self.sync = sync
        self.check_every = check_every
        self.lens = lens
        self.pipeline: Pipeline | None = None
        self.status = ""
        self.moved: str | None = None  # why the map seems to have moved since calibrating
        self._game_id = table.game_id
        self._lock = threading.Lock()
        self.clock = clock
        self._frame: np.ndarray | None = None
        self._frame_at = 0.0  # the clock's time when the latest frame came
        self._placements: tuple[Placement, ...] = ()
        self._frames_seen = 0
        self._board_frame: np.ndarray | None = None  # the frame the board was last committed from
        self._reads = ReadHealth()
        self._busy_streak = 0  # frames in a row the map looked busy
        self._falling: tuple[str, ...] = ()  # cells whose reads fell off (flagged once)
        self._setup: tuple[np.ndarray, SetupReport] | None = None  # the last check, its frame
        self._lens_views = LensViews()
        if calibration is None and calibration_path is not None and calibration_path.exists():
            calibration = self._load(calibration_path)
        if calibration is not None:
            self._use(calibration)

    # -- calibration --------------------------------------------------------------------------

    def _load(self, path: Path) -> Calibration | None:
        try:
            calibration = Calibration.load(path)
        except DataFileError as error:
            log.warning("camera: saved calibration ignored (%s)", error)
            return None
        if not same_lens(calibration.lens, self.lens):
            log.info("camera: the lens changed since the saved calibration: calibrating again")
            return None
        return calibration

    def _use(self, calibration: Calibration) -> None:
        warband = set(self.registry or ())
        pipeline = Pipeline(self.grid, calibration, self.reader, self.config, warband=warband)
        with self._lock:
            self.pipeline = pipeline
            self._placements = ()
            self.moved = None
            self._reads.clear()
            self._falling = ()

    def _save(self, calibration: Calibration) -> None:
        if self.calibration_path is not None:
            self.calibration_path.parent.mkdir(parents=True, exist_ok=True)
            calibration.save(self.calibration_path)

    def _calibrate(self, frame: np.ndarray) -> bool:
        try:
            calibration = calibrate_from_markers(_grey(frame), self.grid, lens=self.lens)
        except CalibrationError as error:
            self._report(
                "uncalibrated", f"{error}: show the four corner markers or calibrate on the panel"
            )
            return False
        self._save(calibration)
        self._use(calibration)
        return True

    def calibrate(self, corners_px: list[tuple[float, float]]) -> None:
        """The panel's calibration: the map's four corners tapped in the latest frame."""
        with self._lock:
            frame = self._frame
        if frame is None:
            raise CalibrationError("no camera frame yet to calibrate on")
        height, width = frame.shape[:2]
        calibration = calibrate_manual(
            corners_px, self.grid, (int(width), int(height)), lens=self.lens
        )
        self._save(calibration)
        self._use(calibration)
        self._report("live", "calibrated from the panel")

    # -- the panel's view ---------------------------------------------------------------------

    def snapshot(self) -> CameraSnapshot | None:
        with self._lock:
            if self._frame is None:
                return None
            calibration = self.pipeline.calibration if self.pipeline is not None else None
            status = "moved" if self.moved else self.status or "live"
            return CameraSnapshot(self._frame, self._placements, calibration, self.grid, status)

    # -- the set-up page ----------------------------------------------------------------------

    def _latest(self) -> np.ndarray | None:
        with self._lock:
            return self._frame

    def setup_check(self) -> SetupReport:
        with self._lock:
            frame, age = self._frame, self.clock() - self._frame_at
        if frame is None:
            raise SetupError(
                "no picture from the camera yet: wait a moment, or check its cable", "no_picture"
            )
        if age > STALE_SECONDS:  # a picture from before the camera stopped is never "Ready"
            raise SetupError(
                f"the camera's latest picture is {age:.0f} s old: it stopped sending pictures "
                "(check that it is connected and on)",
                "stale",
                seconds=f"{age:.0f}",
            )
        cached = self._setup
        if cached is not None and cached[0] is frame:
            return cached[1]
        with self._lock:
            size = self.pipeline.calibration.image_size if self.pipeline is not None else None
        carrier = self.config.carrier or DEFAULT_CARRIER
        reader = self.reader
        mine = isinstance(reader, MarkerReader) and reader.name == carrier.family
        table = TableCamera(self.grid, self.lens, size, reader if mine else None, carrier=carrier)
        report = replace(table.check(frame), reads="carriers" if mine else _kind_read(reader))
        self._setup = (frame, report)
        return report

    def health(self) -> CameraHealth:
        with self._lock:
            status = self.status if self._frame is not None else "no_frame"
            return camera_health(status, self.moved is not None, self._falling)

    def add_lens_view(self) -> int:
        frame = self._latest()
        if frame is None:
            raise LensError("no picture from the camera yet")
        with self._lock:
            return self._lens_views.add(frame)

    def lens_views(self) -> int:
        return self._lens_views.count

    def calibrate_lens(self) -> Lens:
        """The lens from the views kept: saved beside the calibration, and the map calibrated
        again with it from the corner markers at the next frame."""
        with self._lock:
            lens = self._lens_views.compute()
        if self.calibration_path is not None:
            save_lens(lens, lens_path(self.calibration_path.parent))
        self.lens = lens
        with self._lock:
            self.pipeline = None
            self._setup = None
        return lens

    def lens_preview(self) -> np.ndarray | None:
        frame = self._latest()
        if frame is None or self.lens is None:
            return None
        return straightened(frame, self.lens)

    # -- frames -------------------------------------------------------------------------------

    def _report(self, status: str, message: str) -> None:
        if status == self.status:
            return
        self.status = status
        (log.info if status == "live" else log.warning)("camera: %s %s", status, message)
        self.table.bus.publish(
            Event(ev.DEVICE, {"device": "camera", "status": status, "message": message})
        )

    def step(self) -> BoardChange | None:
        """Read and process one frame; the committed change, if this frame made one."""
        frame = self.camera.read()
        if frame is None:
            self._report(self.camera.status, self.camera.problem)
            return None
        self._report("moved" if self.moved else "live", self.moved or "")
        return self.process(frame)

    def process(self, frame: np.ndarray) -> BoardChange | None:
        """Run one frame through the pipeline and apply what it commits."""
        with self._lock:
            self._frame, self._frame_at = frame, self.clock()
        self._follow_the_labels()
        self._follow_the_game()
        if self.pipeline is None and not self._calibrate(frame):
            return None
        pipeline = self.pipeline
        assert pipeline is not None
        try:
            result = pipeline.process(frame)
        except CalibrationError as error:  # a saved calibration made at another frame size
            with self._lock:
                self.pipeline = None
            self._report("uncalibrated", str(error))
            return None
        if not result.observation.busy:
            with self._lock:
                if self.pipeline is pipeline:
                    self._placements = result.observation.placements
            if self._board_frame is None:
                self._board_frame = frame
            self._watch_reads(pipeline, result.observation.placements, result.read)
        self._frames_seen += 1
        self._busy_streak = self._busy_streak + 1 if result.observation.busy else 0
        if (
            self._frames_seen % self.check_every == 0  # even busy: a moved map looks busy
            or self._busy_streak == BUSY_CHECK_FRAMES
        ):
            self._check_map(frame, pipeline.calibration)
        if result.change is not None and self.registry is not None:
            self._apply_with_pictures(result.change, frame, pipeline.calibration)
        return result.change

    def _watch_reads(
        self, pipeline: Pipeline, placements: tuple[Placement, ...], cells_read: frozenset[str]
    ) -> None:
        """Flag, once, the cells whose re-reads stopped finding their miniatures."""
        handled = pipeline.tracker.handled  # moved or taken off: missed until that commits
        board = {t: c for t, c in pipeline.tracker.board.items() if t not in handled}
        self._reads.record(board, placements, cells_read)
        falling = self._reads.falling(self._falling)
        if set(falling) - set(self._falling):
            log.warning("camera: reads fell off on %s", ", ".join(falling))
            self.table.flag("reads_fell_off", falling)
        with self._lock:
            self._falling = falling

    def apply(self, change: BoardChange) -> None:
        assert self.registry is not None
        for problem in change.flags:
            piece = self.registry.get(problem.tag) if problem.tag is not None else None
            subject = {"subject": piece} if piece is not None else {}
            self.table.flag(problem.kind, problem.cells, **subject)
        self.sync(self.table, self.registry, change)

    def _apply_with_pictures(
        self, change: BoardChange, frame: np.ndarray, calibration: Calibration
    ) -> None:
        """Apply a committed change with pictures of the cells it involved before and after
        (evidence.py): the table stores them in the transaction of the first action the change
        proposes (``Table.evidence``), so the log never shows an entry whose pictures are still
        to come. Pictures that cannot be made are logged and never stop the game."""
        before = self._board_frame if self._board_frame is not None else frame
        try:
            shots = evidence.pictures(before, frame, calibration, self.grid, change)
            cells = [(p.cell, p.before, p.after) for p in shots]
        except (ValueError, cv2.error):
            log.exception("camera: the pictures of a change could not be made")
            cells = []
        with self.table.evidence(cells):
            self.apply(change)
        self._board_frame = frame

    def _follow_the_game(self) -> None:
        """Another game replaced the table's: read its tags from now on (fresh tracker)."""
        if self.registry_for is None or self.table.game_id == self._game_id:
            return
        self._game_id = self.table.game_id
        registry = self.registry_for(self.table)
        self.registry = dict(registry) if registry is not None else None
        if self.pipeline is not None:
            self._use(self.pipeline.calibration)

    def _follow_the_labels(self) -> None:
        """The labels the table reads changed: read with the new reader (fresh tracker)."""
        if self.reading_of is None:
            return
        try:
            reading = self.reading_of()
        except DataFileError as error:
            log.warning("camera: labels unchanged, the new registration does not load: %s", error)
            return
        if reading.reader is self.reader:
            return
        self.reader, self.config = reading.reader, reading.config
        log.info("camera: the labels read here changed (%s)", reading.reader.name)
        if self.pipeline is not None:
            self._use(self.pipeline.calibration)

    def _check_map(self, frame: np.ndarray, calibration: Calibration) -> None:
        check = check_map_moved(calibration, _grey(frame), self.grid)
        if check.status == "moved":
            self.moved = check.message
            self._report("moved", check.message)
        elif check.status == "ok" and self.moved is not None:
            self.moved = None
            self._report("live", check.message)

    def run(self, stop: threading.Event) -> None:
        """Process frames until ``stop`` is set (or the source ends)."""
        try:
            while not stop.is_set():
                try:
                    self.step()
                except Exception:  # one bad frame must not end the table's camera
                    log.exception("camera frame failed")
                if self.camera.status == "ended":
                    break
                if self.camera.status != "live":
                    stop.wait(0.2)
        finally:
            self.camera.close()


def _grey(frame: np.ndarray) -> np.ndarray:
    return frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
