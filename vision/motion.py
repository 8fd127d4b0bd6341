"""Is the map clear? Compares a band of table just outside the map with the empty-table reference
(an arm reaching in must cross it: the map is *busy* while it does) and a small top-down view of
the map with the previous frame (a clear map that changed is *settling*: the frame right after a
hand left). Also tells which cells changed since they were last decoded, and where in each the
change lies, so the pipeline can decode only there.

A cell only *relit* is not changed: the table's own LEDs shine up through the map (a lit cell, a
pulsing flourish, a new scene each time the board settles), and a lamp or a cloud changes the
room's light. Light changes a cell's levels smoothly and keeps its pattern, while a miniature put
down, taken away or nudged changes the pattern itself; so a cell whose pixels differ from its
last decoded look is compared again block by block (``MotionConfig.light_blocks`` a side), each
block by normalised correlation, and only a cell with a block whose pattern changed is read
again (``relit``)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.map_grid import CellGrid

log = logging.getLogger(__name__)

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in map mm
_SPECKS = np.ones((3, 3), np.uint8)
_BARE_STD = 3.0  # grey levels: a block with less detail than this shows bare paper


@lru_cache(maxsize=8)
def _smooth_basis(height: int, width: int) -> np.ndarray:
    """An orthonormal basis (pixels × 3) of a block's level and slopes across and down: the part
    of a block that light changes."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    fields = np.column_stack([np.ones(ys.size, np.float32), xs.ravel(), ys.ravel()])
    basis, _ = np.linalg.qr(fields)
    return basis.astype(np.float32)


@dataclass(frozen=True)
class MotionConfig:
    px_per_mm: float = 1.0  # resolution of the top-down view
    band_mm: tuple[float, float] = (4.0, 24.0)  # band outside the map edge (inner, outer)
    pixel_threshold: int = 28  # grey-level change that counts as changed
    motion_share: float = 0.01  # share of the map changed since the last frame → busy
    band_share: float = 0.03  # share of the band differing from the reference → busy
    cell_share: float = 0.004  # share of a cell changed since it was decoded → decode it again
    adapt: float = 0.05  # how fast the band reference follows slow light changes
    # still frames after which a band that stays different becomes the new empty table (a lamp
    # switched on, a dice tray left at the edge); an arm rarely holds still that long
    rebase_after_frames: int = 150
    # a cell whose pixels changed but whose every block (this many a side) still correlates with
    # its last decoded look at least this well was only relit (LEDs, room light): not read again
    light_blocks: int = 4
    light_correlation: float = 0.8


@dataclass(frozen=True)
class MotionState:
    """``busy``: an arm crosses the band (a hand is over the map). ``settling``: the map changed
    since the last frame but no arm crosses the band — the frame right after a hand left, or
    something moving on its own: readable, but not proof that anything is gone."""

    busy: bool
    motion_share: float
    band_share: float
    changed_cells: frozenset[str]
    settling: bool = False
    # per changed cell, the rectangle (map mm, within the cell) holding every pixel that changed
    # since it was decoded (isolated specks of noise left out)
    changed_rects: Mapping[str, Rect] = field(default_factory=dict)


class MotionGate:
    def __init__(self, grid: CellGrid, calibration: Calibration, config: MotionConfig) -> None:
        self.grid = grid
        self.config = config
        s = config.px_per_mm
        margin = config.band_mm[1]
        self._margin_px = round(margin * s)
        self._size = (
            round((grid.width_mm + 2 * margin) * s),
            round((grid.height_mm + 2 * margin) * s),
        )
        fine_to_mm = np.array([[0.5 / s, 0, -margin], [0, 0.5 / s, -margin], [0, 0, 1]])
        self._image_to_fine = np.linalg.inv(calibration.homography @ fine_to_mm)
        self._lens_maps: tuple[np.ndarray, np.ndarray] | None = None
        if calibration.lens is not None:  # a bent lens: sample exactly through it
            w, h = self._size
            u, v = np.meshgrid(np.arange(2 * w), np.arange(2 * h))
            fine = np.column_stack([u.ravel(), v.ravel(), np.ones(u.size)]) @ fine_to_mm.T
            image = calibration.to_image(fine[:, :2]).astype(np.float32)
            self._lens_maps = cv2.convertMaps(
                np.ascontiguousarray(image[:, 0].reshape(2 * h, 2 * w)),
                np.ascontiguousarray(image[:, 1].reshape(2 * h, 2 * w)),
                cv2.CV_16SC2,
            )
        mask = np.zeros((self._size[1], self._size[0]), np.uint8)
        inner, outer = config.band_mm
        cv2.rectangle(
            mask,
            self._px(-outer, -outer),
            self._px(grid.width_mm + outer, grid.height_mm + outer),
            255,
            -1,
        )
        cv2.rectangle(
            mask,
            self._px(-inner, -inner),
            self._px(grid.width_mm + inner, grid.height_mm + inner),
            0,
            -1,
        )
        self._band = mask > 0
        x0, y0 = self._px(0, 0)
        x1, y1 = self._px(grid.width_mm, grid.height_mm)
        self._map_slice = (slice(y0, y1), slice(x0, x1))
        self._cell_slices = {}
        for cell in grid.cells:
            cx0, cy0, cx1, cy1 = grid.cell_rect_mm(cell)
            a, b = self._px(cx0, cy0), self._px(cx1, cy1)
            self._cell_slices[cell] = (slice(a[1], b[1]), slice(a[0], b[0]))
        self._previous: np.ndarray | None = None
        self._reference: np.ndarray | None = None
        self._band_still = 0
        self._snapshots: dict[str, np.ndarray] = {}

    def _px(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        s = self.config.px_per_mm
        return (
            round(x_mm * s) + self._margin_px,
            round(y_mm * s) + self._margin_px,
        )

    def top_down(self, gray: np.ndarray) -> np.ndarray:
        """The map seen from above at ``px_per_mm``: sampled at twice that straight from the
        frame, then each 2×2 block averaged so sensor noise cancels (cheaper than shrinking the
        whole frame first)."""
        w, h = self._size
        if self._lens_maps is not None:
            fine = cv2.remap(gray, *self._lens_maps, cv2.INTER_LINEAR)
        else:
            fine = cv2.warpPerspective(
                gray, self._image_to_fine, (2 * w, 2 * h), flags=cv2.INTER_LINEAR
            )
        return cv2.resize(fine, (w, h), interpolation=cv2.INTER_AREA)

    def update(self, gray: np.ndarray) -> MotionState:
        top = self.top_down(gray)
        cfg = self.config
        if self._reference is None:
            self._reference = top.astype(np.float32)
        motion = 0.0
        if self._previous is not None:
            diff = cv2.absdiff(top[self._map_slice], self._previous[self._map_slice])
            motion = float(np.mean(diff > cfg.pixel_threshold))
        band_diff = np.abs(top.astype(np.float32) - self._reference)[self._band]
        band = float(np.mean(band_diff > cfg.pixel_threshold))
        moving = motion > cfg.motion_share
        self._band_still = self._band_still + 1 if band > cfg.band_share and not moving else 0
        if self._band_still >= cfg.rebase_after_frames:
            log.warning("the table around the map changed for good: taking it as the empty table")
            self._reference = top.astype(np.float32)
            self._band_still = 0
            band = 0.0
        busy = band > cfg.band_share
        settling = moving and not busy
        if not busy:
            cv2.accumulateWeighted(top, self._reference, cfg.adapt)
        changed: set[str] = set()
        rects: dict[str, Rect] = {}
        for cell, sl in self._cell_slices.items():
            if cell not in self._snapshots:
                changed.add(cell)
                rects[cell] = self.grid.cell_rect_mm(cell)
                continue
            mask = cv2.absdiff(top[sl], self._snapshots[cell]) > cfg.pixel_threshold
            if float(np.mean(mask)) > cfg.cell_share and not self.relit(
                self._snapshots[cell], top[sl]
            ):
                changed.add(cell)
                rects[cell] = self._changed_rect(cell, mask)
        self._previous = top
        return MotionState(busy, motion, band, frozenset(changed), settling, rects)

    def relit(self, before: np.ndarray, after: np.ndarray) -> bool:
        """Whether ``after`` is ``before`` under other light only: every block of the cell keeps
        its pattern. Light under or over the map adds a smooth field: within a block, a level
        and a slope, which are taken out of both before they are compared by normalised
        correlation (≥ ``light_correlation``); a block bare in both (no print to speak of)
        counts as kept whatever its level."""
        cfg = self.config
        n = cfg.light_blocks
        bh, bw = before.shape[0] // n, before.shape[1] // n
        if bh < 3 or bw < 3 or before.shape != after.shape:
            return False
        smooth = _smooth_basis(bh, bw)

        def detail(image: np.ndarray) -> np.ndarray:
            cut = image[: bh * n, : bw * n].astype(np.float32)
            blocks = cut.reshape(n, bh, n, bw).transpose(0, 2, 1, 3).reshape(n * n, bh * bw)
            return blocks - (blocks @ smooth) @ smooth.T

        a, b = detail(before), detail(after)
        spread_a, spread_b = (a * a).sum(axis=1), (b * b).sum(axis=1)
        bare = np.maximum(spread_a, spread_b) < bh * bw * _BARE_STD**2
        if bare.all():
            return True
        kept = ~bare
        correlation = (a * b).sum(axis=1)[kept] / np.sqrt(spread_a[kept] * spread_b[kept])
        return bool(np.all(correlation >= cfg.light_correlation))

    def _changed_rect(self, cell: str, mask: np.ndarray) -> Rect:
        """Where ``cell`` changed (the rectangle of its changed pixels, specks of noise opened
        away, one pixel of slack each side), in map mm."""
        opened = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, _SPECKS)
        x0, y0, x1, y1 = self.grid.cell_rect_mm(cell)
        if not opened.any():
            return (x0, y0, x1, y1)
        left, top, width, height = cv2.boundingRect(opened)
        s = self.config.px_per_mm
        return (
            max(x0, x0 + (left - 1) / s),
            max(y0, y0 + (top - 1) / s),
            min(x1, x0 + (left + width + 1) / s),
            min(y1, y0 + (top + height + 1) / s),
        )

    def footprint(self, x_mm: float, y_mm: float, radius_mm: float) -> np.ndarray:
        """The square around a map point in the last frame's top-down view."""
        if self._previous is None:
            raise RuntimeError("no frame yet")
        x0, y0 = self._px(x_mm - radius_mm, y_mm - radius_mm)
        x1, y1 = self._px(x_mm + radius_mm, y_mm + radius_mm)
        return self._previous[max(y0, 0) : max(y1, 0), max(x0, 0) : max(x1, 0)].copy()

    def changed_share(self, before: np.ndarray, after: np.ndarray) -> float:
        """Share of pixels that changed between two footprints of the same spot."""
        if before.shape != after.shape or before.size == 0:
            return 1.0
        return float(np.mean(cv2.absdiff(before, after) > self.config.pixel_threshold))

    def correlation(self, before: np.ndarray, after: np.ndarray) -> float:
        """Normalised correlation of two footprints of the same spot (1: the same pattern, even
        under other light; about 0: something else lies there). Two flat footprints correlate
        when their levels match."""
        if before.shape != after.shape or before.size == 0:
            return 0.0
        a = before.astype(np.float32) - float(before.mean())
        b = after.astype(np.float32) - float(after.mean())
        spread = float(np.sqrt((a * a).sum() * (b * b).sum()))
        if spread < 1e-6 * before.size or min(a.std(), b.std()) < 2.0:
            level = abs(float(before.mean()) - float(after.mean()))
            return 1.0 if level < self.config.pixel_threshold else 0.0
        return float((a * b).sum()) / spread

    def mark_decoded(self, cells: frozenset[str] | set[str]) -> None:
        """Remember how ``cells`` looked in the last frame given to :meth:`update`."""
        if self._previous is None:
            return
        for cell in cells:
            self._snapshots[cell] = self._previous[self._cell_slices[cell]].copy()
