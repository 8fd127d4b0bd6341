"""The camera side of a table: frames → vision pipeline → committed board → engine.

The loop calibrates itself from the map's corner markers (or uses a saved calibration), runs the
pipeline on every frame, and hands each committed ``BoardChange`` to the reconciler. A camera that
fails or disconnects is reopened by ``ResilientCamera``; the loop reports every status change on
the table's bus (``device`` events) and keeps the table running without it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from pathlib import Path

import cv2
import numpy as np

from companion import events as ev
from companion.events import Event
from companion.reconciler import sync_table
from companion.table import Table
from vision.board_change import BoardChange, TagId
from vision.calibration import Calibration, CalibrationError, calibrate_from_markers
from vision.camera import ResilientCamera
from vision.map_grid import MapGrid
from vision.pipeline import Pipeline, PipelineConfig
from vision.tags import TagReader

log = logging.getLogger(__name__)


class CameraLoop:
    def __init__(
        self,
        table: Table,
        camera: ResilientCamera,
        reader: TagReader,
        registry: Mapping[TagId, str],
        grid: MapGrid,
        *,
        calibration: Calibration | None = None,
        calibration_path: Path | None = None,
        config: PipelineConfig | None = None,
    ) -> None:
        self.table = table
        self.camera = camera
        self.reader = reader
        self.registry = dict(registry)
        self.grid = grid
        self.config = config or PipelineConfig()
        self.calibration_path = calibration_path
        self.pipeline: Pipeline | None = None
        self.status = ""
        if calibration is not None:
            self._use(calibration)

    def _use(self, calibration: Calibration) -> None:
        self.pipeline = Pipeline(
            self.grid, calibration, self.reader, self.config, warband=set(self.registry)
        )

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
        self._report("live", "")
        return self.process(frame)

    def process(self, frame: np.ndarray) -> BoardChange | None:
        """Run one frame through the pipeline and apply what it commits."""
        if self.pipeline is None and not self._calibrate(frame):
            return None
        assert self.pipeline is not None
        change = self.pipeline.process(frame).change
        if change is not None:
            self.apply(change)
        return change

    def apply(self, change: BoardChange) -> None:
        for flag in change.flags:
            self.table.flag(flag)
        sync_table(self.table, self.registry, change.board)

    def _calibrate(self, frame: np.ndarray) -> bool:
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        try:
            calibration = calibrate_from_markers(gray, self.grid)
        except CalibrationError as error:
            self._report(
                "uncalibrated", f"{error}: show the four corner markers or calibrate on the panel"
            )
            return False
        if self.calibration_path is not None:
            self.calibration_path.parent.mkdir(parents=True, exist_ok=True)
            calibration.save(self.calibration_path)
        self._use(calibration)
        return True

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
