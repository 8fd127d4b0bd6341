"""The vision stages chained — grey → motion gate → tag decoding → cells → tracker — with the
time each stage took.

Decoding modes: ``full-frame`` reads the whole image every clear frame; ``cells`` reads every
cell's rectified crop; ``changed-cells`` (default) reads only the crops of cells that changed since
they were last read, cells whose last two reads disagreed (a single missed read is not trusted),
cells whose committed tags the last read missed, cells holding committed tags not read for
``reread_frames`` clear frames (a miniature moved without the cell looking different is still
seen), and one more cell in turn, reusing the other cells' last reads (when more than a third of
the cells need reading, one full-frame read replaces the crops). Nothing is decoded while the map
is busy (an arm crosses the band around it); the frame right after a hand left (*settling*: the
map still differs from the frame with the hand) is read, but a tag missing from it is not yet
taken as gone.

With a ``carrier`` (``vision/carrier.py``) a miniature's markers are grouped into one placement at
its base centre and need ``min_codes`` of them to agree; crops reach ``disc_mm / 2`` past the cell
so every marker of a base inside it is read.

A committed tag that goes unread stays on the board only while the spot of its base still looks
as it did when last read: nearly the same pixels *and* the same pattern (normalised
correlation), so lifting a white carrier off a light map — which changes only part of the grey
levels — still counts as gone.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.board_change import BoardChange, TagId
from vision.calibration import Calibration, CalibrationError
from vision.carrier import Carrier
from vision.crops import CROP_SCALE, read_cells
from vision.map_grid import CellGrid
from vision.motion import MotionConfig, MotionGate
from vision.observe import ForeignTag, Observation, Placed, Placement, place
from vision.tags import ReadResult, TagReader
from vision.tracking import Tracker, TrackerConfig

DECODE_MODES = ("changed-cells", "cells", "full-frame")
STAGES = ("grey", "motion", "decode", "observe", "track")


@dataclass(frozen=True)
class PipelineConfig:
    decode: str = "changed-cells"
    base_mm: float = 25.0
    carrier: Carrier | None = None  # None: one code centred on each base
    min_codes: int = 2  # carrier markers that must agree to place a miniature
    # a committed tag that goes unread is gone if this share of its base's spot changed…
    vanished_share: float = 0.5
    # …or the spot's pattern no longer correlates this well with how it looked
    kept_correlation: float = 0.6
    reread_frames: int = 8  # clear frames after which a committed tag's cell is read again
    # crops sampled this much finer than the camera; None: 1.5× for codes (marginal QR codes need
    # it), 1× for carriers (their markers read at the camera's own resolution: bench/vision.py)
    crop_scale: float | None = None
    motion: MotionConfig = field(default_factory=MotionConfig)
    tracker: TrackerConfig = field(default_factory=TrackerConfig)

    def __post_init__(self) -> None:
        if self.decode not in DECODE_MODES:
            raise ValueError(f"decode mode {self.decode!r} is not one of {DECODE_MODES}")
        if self.base_mm <= 0:
            raise ValueError("base_mm must be positive")
        if not 0.0 < self.vanished_share <= 1.0:
            raise ValueError("vanished_share must be within (0, 1]")
        if not -1.0 <= self.kept_correlation <= 1.0:
            raise ValueError("kept_correlation must be within -1..1")
        if self.reread_frames < 1 or self.min_codes < 1:
            raise ValueError("reread_frames and min_codes must be at least 1")

    @property
    def scale(self) -> float:
        if self.crop_scale is not None:
            return self.crop_scale
        return 1.0 if self.carrier is not None else CROP_SCALE

    @property
    def reach_mm(self) -> float:
        """How far a base's codes reach from its centre (crop margins, footprints)."""
        return self.carrier.disc_mm / 2 if self.carrier is not None else self.base_mm / 2


@dataclass(frozen=True)
class FrameResult:
    observation: Observation
    change: BoardChange | None
    timings_ms: dict[str, float]
    read: frozenset[str]  # the cells read this frame (every cell for a full-frame read)

    @property
    def decoded_cells(self) -> int:
        return len(self.read)


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
        self._foreign: dict[str, list[ForeignTag]] = {}  # other tables' tags, per cell last read
        self._confirmed: set[str] = set()  # cells whose last two reads found the same tags
        self._footprints: dict[TagId, tuple[float, float, np.ndarray]] = {}
        self._turn = 0
        self._clear_frames = 0
        self._last_read: dict[str, int] = {}

    def _cells_to_read(self, changed: frozenset[str], settling: bool) -> set[str]:
        """On a settling frame (a hand just left) only what changed or is in doubt: the commit it
        may make waits on this frame; the scheduled re-reads wait for a still one."""
        cells = set(changed) | {cell for cell in self.grid.cells if cell not in self._confirmed}
        stale = self._clear_frames - self.config.reread_frames
        for tag, cell in self.tracker.board.items():
            if all(p.tag != tag for p in self._cached.get(cell, [])):
                cells.add(cell)
            if self._last_read.get(cell, -1) <= stale and not settling:
                cells.add(cell)
        if not settling:
            all_cells = self.grid.cells
            cells.add(all_cells[self._turn % len(all_cells)])
            self._turn += 1
        return cells

    def _place(self, found: ReadResult) -> Placed:
        config = self.config
        min_codes = config.min_codes if config.carrier is not None else 1
        return place(
            found.sightings,
            self.calibration,
            self.grid,
            config.base_mm,
            config.carrier,
            min_codes,
            found.foreign,
        )

    def _decode(
        self, gray: np.ndarray, changed: frozenset[str], settling: bool = False
    ) -> tuple[Placed, int, frozenset[str]]:
        """(what was placed, rejected, cells read); placements include the cached reads of the
        cells not read now."""
        mode = self.config.decode
        if mode == "full-frame":
            found = self.reader.read(gray)
            return self._place(found), found.rejected, frozenset(self.grid.cells)
        cells = set(self.grid.cells) if mode == "cells" else self._cells_to_read(changed, settling)
        if mode == "changed-cells" and len(cells) > len(self.grid.cells) // 3:
            # many cells: one full-frame read is faster than that many crops
            cells = set(self.grid.cells)
            found = self.reader.read(gray)
        else:
            found = read_cells(
                self.reader,
                gray,
                self.calibration,
                self.grid,
                sorted(cells),
                self.config.reach_mm,
                self.config.scale,
            )
        placed = self._place(found)
        for cell in cells:
            fresh = [p for p in placed.placements if p.cell == cell]
            previous = self._cached.get(cell)
            if previous is not None and {p.tag for p in fresh} == {p.tag for p in previous}:
                self._confirmed.add(cell)
            else:
                self._confirmed.discard(cell)
            self._cached[cell] = fresh
            self._foreign[cell] = [f for f in placed.foreign if f.cell == cell]
            self._last_read[cell] = self._clear_frames
        self.gate.mark_decoded(cells)
        merged = [p for plist in self._cached.values() for p in plist]
        foreign = tuple(f for cell in sorted(self._foreign) for f in self._foreign[cell])
        return replace(placed, placements=merged, foreign=foreign), found.rejected, frozenset(cells)

    def _unread(
        self, placements: tuple[Placement, ...], partial: frozenset[TagId]
    ) -> frozenset[TagId]:
        """Committed tags not read now whose base spot still looks as it did when read."""
        radius = self.config.reach_mm
        for p in placements:
            self._footprints[p.tag] = (p.x_mm, p.y_mm, self.gate.footprint(p.x_mm, p.y_mm, radius))
        seen = {p.tag for p in placements}
        unread = set()
        for tag in self.tracker.board:
            if tag in partial:  # some of its markers still read: it is there
                unread.add(tag)
                continue
            if tag in seen or tag not in self._footprints:
                continue
            x, y, before = self._footprints[tag]
            now = self.gate.footprint(x, y, radius)
            if (
                self.gate.changed_share(before, now) < self.config.vanished_share
                and self.gate.correlation(before, now) >= self.config.kept_correlation
            ):
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
        placed = Placed([], 0, frozenset(), ())
        rejected = 0
        cells_read: frozenset[str] = frozenset()
        if not state.busy:
            self._clear_frames += 1
            placed, rejected, cells_read = self._decode(gray, state.changed_cells, state.settling)
        lap("decode")
        placements = tuple(placed.placements)
        if state.busy:
            unread: frozenset[TagId] = frozenset()
        elif state.settling:  # the frame after a hand left: reads count, absences do not yet
            unread = frozenset(self.tracker.board) - {p.tag for p in placements}
        else:
            unread = self._unread(placements, placed.partial)
        observation = Observation(
            placements,
            rejected,
            placed.off_map,
            state.busy,
            unread,
            placed.problems,
            placed.partial,
            placed.foreign,
        )
        lap("observe")
        change = self.tracker.update(observation)
        lap("track")
        return FrameResult(observation, change, timings, cells_read)
