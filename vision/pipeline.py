"""The vision stages chained — grey → motion gate → tag decoding → cells → tracker — with the
time each stage took.

Decoding modes: ``full-frame`` reads the whole image every clear frame; ``cells`` reads every
cell's rectified crop; ``changed-cells`` (default) reads only the crops of cells that changed since
they were last read, cells whose last two reads disagreed (a single missed read is not trusted),
cells whose committed tags the last read missed, and one more cell in turn, reusing the other
cells' last reads (when more than a third of the cells need reading, one
full-frame read replaces the crops). Nothing is decoded while the map is busy.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.board_change import BoardChange, TagId
from vision.calibration import Calibration, CalibrationError
from vision.crops import read_cells
from vision.map_grid import CellGrid
from vision.motion import MotionConfig, MotionGate
from vision.observe import Observation, Placement, place
from vision.tags import TagReader
from vision.tracking import Tracker, TrackerConfig

DECODE_MODES = ("changed-cells", "cells", "full-frame")
STAGES = ("grey", "motion", "decode", "observe", "track")


@dataclass(frozen=True)
class PipelineConfig:
    decode: str = "changed-cells"
    base_mm: float = 25.0
    # a committed tag that goes unread is gone only if this share of its base's spot changed
    vanished_share: float = 0.5
    motion: MotionConfig = field(default_factory=MotionConfig)
    tracker: TrackerConfig = field(default_factory=TrackerConfig)

    def __post_init__(self) -> None:
        if self.decode not in DECODE_MODES:
            raise ValueError(f"decode mode {self.decode!r} is not one of {DECODE_MODES}")
        if self.base_mm <= 0:
            raise ValueError("base_mm must be positive")
        if not 0.0 < self.vanished_share <= 1.0:
            raise ValueError("vanished_share must be within (0, 1]")


@dataclass(frozen=True)
class FrameResult:
    observation: Observation
    change: BoardChange | None
    timings_ms: dict[str, float]
    decoded_cells: int


class Pipeline:
    def __init__(
        self,
        grid: CellGrid,
        calibration: Calibration,
        reader: TagReader,
        config: PipelineConfig | None = None,
        warband: Collection[TagId] | None = None,
    ) -> None:
        self.grid = grid
        self.calibration = calibration
        self.reader = reader
        self.config = config or PipelineConfig()
        self.gate = MotionGate(grid, calibration, self.config.motion)
        self.tracker = Tracker(self.config.tracker, warband)
        self._cached: dict[str, list[Placement]] = {}
        self._confirmed: set[str] = set()  # cells whose last two reads found the same tags
        self._footprints: dict[TagId, tuple[float, float, np.ndarray]] = {}
        self._turn = 0

    def _cells_to_read(self, changed: frozenset[str]) -> set[str]:
        cells = set(changed) | {cell for cell in self.grid.cells if cell not in self._confirmed}
        for tag, cell in self.tracker.board.items():
            if all(p.tag != tag for p in self._cached.get(cell, [])):
                cells.add(cell)
        all_cells = self.grid.cells
        cells.add(all_cells[self._turn % len(all_cells)])
        self._turn += 1
        return cells

    def _decode(
        self, gray: np.ndarray, changed: frozenset[str]
    ) -> tuple[list[Placement], int, int, int]:
        """(placements, rejected, off map, cells read)."""
        mode = self.config.decode
        margin = self.config.base_mm / 2
        if mode == "full-frame":
            found = self.reader.read(gray)
            placements, off_map = place(
                found.sightings, self.calibration, self.grid, self.config.base_mm
            )
            return placements, found.rejected, off_map, len(self.grid.cells)
        cells = set(self.grid.cells) if mode == "cells" else self._cells_to_read(changed)
        if mode == "changed-cells" and len(cells) > len(self.grid.cells) // 3:
            # many cells: one full-frame read is faster than that many crops
            cells = set(self.grid.cells)
            found = self.reader.read(gray)
        else:
            found = read_cells(
                self.reader, gray, self.calibration, self.grid, sorted(cells), margin
            )
        placements, off_map = place(
            found.sightings, self.calibration, self.grid, self.config.base_mm
        )
        for cell in cells:
            fresh = [p for p in placements if p.cell == cell]
            previous = self._cached.get(cell)
            if previous is not None and {p.tag for p in fresh} == {p.tag for p in previous}:
                self._confirmed.add(cell)
            else:
                self._confirmed.discard(cell)
            self._cached[cell] = fresh
        self.gate.mark_decoded(cells)
        merged = [p for plist in self._cached.values() for p in plist]
        return merged, found.rejected, off_map, len(cells)

    def _unread(self, placements: list[Placement]) -> frozenset[TagId]:
        """Committed tags not read now whose base spot barely changed since they were read."""
        radius = self.config.base_mm / 2
        for p in placements:
            self._footprints[p.tag] = (p.x_mm, p.y_mm, self.gate.footprint(p.x_mm, p.y_mm, radius))
        seen = {p.tag for p in placements}
        unread = set()
        for tag in self.tracker.board:
            if tag in seen or tag not in self._footprints:
                continue
            x, y, before = self._footprints[tag]
            now = self.gate.footprint(x, y, radius)
            if self.gate.changed_share(before, now) < self.config.vanished_share:
                unread.add(tag)
        return frozenset(unread)

    def process(self, frame: np.ndarray) -> FrameResult:
        timings: dict[str, float] = {}
        t = time.perf_counter()

        def lap(stage: str) -> None:
            nonlocal t
            now = time.perf_counter()
            timings[stage] = (now - t) * 1000
            t = now

        size = (int(frame.shape[1]), int(frame.shape[0]))
        if size != self.calibration.image_size:
            (w, h), (cw, ch) = size, self.calibration.image_size
            raise CalibrationError(
                f"the frame is {w}×{h} but the calibration was made at {cw}×{ch}: calibrate again"
            )
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        lap("grey")
        state = self.gate.update(gray)
        lap("motion")
        placements: list[Placement] = []
        rejected = off_map = cells_read = 0
        if not state.busy:
            placements, rejected, off_map, cells_read = self._decode(gray, state.changed_cells)
        lap("decode")
        unread = frozenset() if state.busy else self._unread(placements)
        observation = Observation(tuple(placements), rejected, off_map, state.busy, unread)
        lap("observe")
        change = self.tracker.update(observation)
        lap("track")
        return FrameResult(observation, change, timings, cells_read)
