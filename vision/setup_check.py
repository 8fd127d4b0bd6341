"""The camera set-up check: from one frame of the table camera, what limits reading in each cell
and what to change, in words.

Four things limit a cell, each measured in the frame and judged against the reader the table
uses (one source of truth, never a second set of guesses):

- **scale**: pixels per marker module of the printed carrier design there (the calibration's
  local px/mm × the design's module), against the planner's
  :data:`~vision.planner.CARRIER_RELIABLE_PX_PER_MODULE`. The fix says how far to lower the
  camera (its height from the lens's focal length: a lens calibration, else the camera model's
  field of view) and which sensor mode would do instead (:data:`~vision.planner.CAMERAS`);
- **focus**: how soft the map's lines are across the cell (the blur σ of their edges in image
  pixels, from the steepest slope of profiles taken across the lines: a step blurred by a
  Gaussian σ has slope contrast / (σ √2π)), against :data:`BLUR_PER_MODULE` of a marker module
  (of the pixels a module has there, or the reader needs if fewer);
- **glare**: the share of the cell washed out by a reflection: where even the darkest spot
  within :data:`GLARE_WINDOW_MM` is above :data:`WASHED_LEVEL` (the paper's own white and the
  carriers are never that bright all over: their ink is near);
- **light**: how bright white paper is over the cell — the corner markers' white frames are
  the table's known white, so their grey levels, interpolated across the map, give the light
  falling on each cell whatever the map's art there — against the best-lit corner
  (:data:`UNEVEN_SHARE`) and an absolute floor (:data:`DARK_LEVEL`).

The corner markers' edges give the focus of the whole camera too. The **carrier test** reads the
corner cells with the table's own reader and the pipeline's placement rule: a carrier there is
read when :data:`~vision.pipeline.PipelineConfig.min_codes` of its markers agree; each marker's
printed size, measured on the map through the calibration, catches a sheet printed "fit to page".

Left and right are as the corner markers are named (seen from seat A, ``vision/labels.py``).
Everything here is a pure function of the frame and what the table already knows.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.calibration import (
    CORNER_IDS,
    Calibration,
    CalibrationError,
    CornerLayout,
    calibrate_from_centres,
    find_corner_quads,
)
from vision.carrier import DEFAULT_CARRIER, Carrier
from vision.crops import cell_window, read_windows
from vision.lens import Lens
from vision.map_grid import CellGrid
from vision.observe import place
from vision.pipeline import PipelineConfig
from vision.planner import CARRIER_RELIABLE_PX_PER_MODULE, CameraModel, map_view_mm
from vision.registration import MergedRegistration
from vision.tags import MARKER_MODULES, MarkerReader, ReadResult, TagReader

# focus: the blur σ (image px) of a line's edge above which a cell is soft, in marker modules of
# the pixels there. bench/vision.py "Set-up check" defocuses the carriers at the recommended mode
# (4.45 px/module): every marker read up to 0.32 module of measured blur, 80 % at 0.37, 58 % at
# 0.41
BLUR_PER_MODULE = 0.33
GLARE_WINDOW_MM = 5.0
WASHED_LEVEL = 235  # grey level (of 1 mm averages) above which the darkest spot near is washed out
GLARE_SHARE = 0.04  # of a cell washed out: glare limits it
UNEVEN_SHARE = 0.55  # white over a cell below this share of the best-lit corner's: too dark
DARK_LEVEL = 70  # white paper below this grey level is too dark, however even the light
PRINT_TOLERANCE = 0.05  # printed marker size within ±5 % of the design
SAMPLE_MM = 1.0  # the top-down sampling of the map (brightness, glare)
LIMITS = ("scale", "glare", "focus", "light")  # what limits a cell, most severe first
SIDES = ("A", "A_left", "A_right", "B", "B_left", "B_right")
SIDE_EN = {
    "A": "behind seat A",
    "A_left": "left of seat A",
    "A_right": "right of seat A",
    "B": "behind seat B",
    "B_left": "left of seat B",
    "B_right": "right of seat B",
}
_CORNER_SIDES = {0: "A_left", 1: "A_right", 2: "B_right", 3: "B_left"}
# the fixes in English (the CLI, the doctor); the panel words them from its catalogs by ``key``
FIXES_EN = {
    "scale.lower_or_mode": "Lower the camera {cm} cm or use the {mode} mode: the carriers' "
    "markers are {px} px a module on {cells} (the reader needs {need})",
    "scale.lower": "Lower the camera {cm} cm: the carriers' markers are {px} px a module on "
    "{cells} (the reader needs {need})",
    "scale.lower_share": "Lower the camera by {percent} % of its height: the carriers' markers "
    "are {px} px a module on {cells} (the reader needs {need})",
    "scale.mode": "Use the {mode} mode: the carriers' markers are {px} px a module on {cells} "
    "(the reader needs {need}, and lowering the camera would cut off the map)",
    "scale.camera": "Use a camera with more pixels: the carriers' markers are {px} px a module "
    "on {cells} (the reader needs {need}) and lower would cut off the map",
    "focus.all": "Refocus: the map's lines are soft (blur {blur} px, at most {limit})",
    "focus.cells": "Refocus or straighten the camera: the lines are soft on {cells}",
    "glare": "Turn the lamp {side} away: it reflects on {cells}",
    "light.all": "Add light over the map: it is too dark to read",
    "light.side": "Add light {side} or turn the lamp to it: {cells} are too dark",
    "print": "The carriers in {cells} are printed at {percent} %: print the sheet again at "
    "100 % (no 'fit to page')",
}


class SetupError(ValueError):
    """The frame cannot be checked (no picture, the wrong size, no corner markers): says why and
    what to do, in English; ``code`` and ``params`` let the panel say it in the phone's
    language."""

    def __init__(self, message: str, code: str = "other", **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class CellCheck:
    cell: str
    px_per_module: float
    blur_px: float | None  # None: no line seen well enough to measure
    glare_share: float
    brightness: float  # white paper's grey level over the cell (from the corner markers' frames)
    limits: tuple[str, ...]  # of LIMITS, most severe first; () = reads well

    @property
    def ok(self) -> bool:
        return not self.limits

    def to_json(self) -> dict[str, object]:
        return {
            "cell": self.cell,
            "px_per_module": round(self.px_per_module, 2),
            "blur_px": None if self.blur_px is None else round(self.blur_px, 2),
            "glare_share": round(self.glare_share, 3),
            "brightness": round(self.brightness, 1),
            "limits": list(self.limits),
        }


@dataclass(frozen=True)
class Problem:
    """One thing to change: ``kind`` (a limit, or ``print``), the cells it touches, the fix's
    ``key`` in :data:`FIXES_EN` (and the panel's catalogs) and its ``params``."""

    kind: str
    cells: tuple[str, ...]
    key: str
    params: dict[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        """The fix in English."""
        params = dict(self.params)
        if "side" in params:
            params["side"] = SIDE_EN[params["side"]]
        return FIXES_EN[self.key].format(cells=", ".join(self.cells), **params)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cells": list(self.cells), "key": self.key, **self.params}


@dataclass(frozen=True)
class CarrierRead:
    """The carrier test in one corner cell."""

    cell: str
    markers: int  # markers read there (this table's or any other's)
    px_per_module: float | None  # measured on those markers
    printed_scale: float | None  # their size on the map against the design's
    read: bool  # a carrier placed there, as the pipeline places one

    def to_json(self) -> dict[str, object]:
        return {
            "cell": self.cell,
            "markers": self.markers,
            "px_per_module": None if self.px_per_module is None else round(self.px_per_module, 2),
            "printed_percent": None
            if self.printed_scale is None
            else round(100 * self.printed_scale),
            "read": self.read,
        }


@dataclass(frozen=True)
class SetupReport:
    image_size: tuple[int, int]
    cells: tuple[CellCheck, ...]
    problems: tuple[Problem, ...]
    carriers: tuple[CarrierRead, ...]
    marker_blur_px: float | None  # the corner markers' edges
    blur_limit_px: float  # at the map centre's scale
    threshold: float  # px per module the reader needs
    calibration: Calibration
    # the labels the table reads: ``carriers`` (what this check judges), ``qr`` (QR stickers)
    # or ``markers`` (marker stickers of another family); the panel says which kind it judged
    reads: str = "carriers"

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def carriers_read(self) -> bool:
        return bool(self.carriers) and all(c.read for c in self.carriers)

    def verdict(self) -> str:
        """``go`` (every cell reads well and a carrier was read in each corner), ``carriers``
        (the cells read well; the carrier test waits for miniatures) or ``no_go``."""
        if self.problems:
            return "no_go"
        return "go" if self.carriers_read else "carriers"

    def lines(self) -> list[str]:
        """The report in English, one line each (``companion camera check``)."""
        width, height = self.image_size
        good = sum(c.ok for c in self.cells)
        verdict = {
            "go": "GO: every cell reads well and the carrier test passed",
            "carriers": "the cells read well; carrier test: put a miniature on its carrier in "
            "each corner cell",
            "no_go": f"NO GO: {len(self.problems)} thing(s) to fix",
        }[self.verdict()]
        out = [
            f"frame {width}×{height}; {good} of {len(self.cells)} cells read well; carriers need "
            f"≥ {self.threshold:g} px a module",
            verdict,
        ]
        out += [f"  - {p.describe()}" for p in self.problems]
        for cell in self.cells:
            if not cell.ok:
                blur = "–" if cell.blur_px is None else f"{cell.blur_px:.1f}"
                out.append(
                    f"  {cell.cell}: {', '.join(cell.limits)} ({cell.px_per_module:.2f} px/module, "
                    f"blur {blur} px, glare {100 * cell.glare_share:.0f} %, light "
                    f"{cell.brightness:.0f})"
                )
        for c in self.carriers:
            if c.read:
                scale = (
                    "" if c.printed_scale is None else f", printed at {100 * c.printed_scale:.0f} %"
                )
                out.append(
                    f"  carrier in {c.cell}: read ({c.markers} markers, "
                    f"{c.px_per_module or 0:.2f} px/module{scale})"
                )
            else:
                out.append(f"  carrier in {c.cell}: not read ({c.markers} markers)")
        return out

    def to_json(self) -> dict[str, object]:
        return {
            "verdict": self.verdict(),
            "image_size": list(self.image_size),
            "threshold": self.threshold,
            "marker_blur_px": None
            if self.marker_blur_px is None
            else round(self.marker_blur_px, 2),
            "blur_limit_px": round(self.blur_limit_px, 2),
            "cells": [c.to_json() for c in self.cells],
            "problems": [p.to_json() for p in self.problems],
            "carriers": [c.to_json() for c in self.carriers],
            "judges": "carriers",
            "reads": self.reads,
        }


# -- the frame -----------------------------------------------------------------------------------


def _grey(frame: np.ndarray | None) -> np.ndarray:
    if not isinstance(frame, np.ndarray) or frame.dtype != np.uint8 or frame.size == 0:
        raise SetupError(
            "the camera gave no picture: check its cable and that it is on", "no_picture"
        )
    if frame.ndim == 3 and frame.shape[2] == 3:
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    if frame.ndim == 2:
        return frame
    raise SetupError(
        "the camera's picture is neither grey nor colour: check the camera source", "no_picture"
    )


def _calibration(
    gray: np.ndarray,
    quads: dict[int, np.ndarray],
    grid: CellGrid,
    layout: CornerLayout,
    lens: Lens | None,
) -> Calibration:
    if not quads:
        raise SetupError(
            "no corner marker in view: lay the four printed corner markers beside the map's "
            "corners and point the camera at the map",
            "no_markers",
        )
    missing = [_CORNER_SIDES[i] for i in CORNER_IDS if i not in quads]
    if missing:
        raise SetupError(
            f"the corner marker {', '.join(SIDE_EN[m] for m in missing)} is not seen: the camera "
            "must see all four (move it back or turn it, and keep light off the markers)",
            "marker_missing",
            sides=",".join(missing),
        )
    centres = {i: (float(q[:, 0].mean()), float(q[:, 1].mean())) for i, q in quads.items()}
    try:
        return calibrate_from_centres(
            centres, (int(gray.shape[1]), int(gray.shape[0])), grid, layout, lens
        )
    except CalibrationError as error:
        raise SetupError(str(error), "no_markers") from None


DETECT_WIDTH = 2400  # corner markers are found in a frame shrunk to about this width


def _corner_quads(gray: np.ndarray) -> dict[int, np.ndarray]:
    """The corner markers' corners, found in a shrunk frame (they are large) and refined on the
    full one: the full frame's detection is the check's slowest step."""
    shrink = gray.shape[1] // DETECT_WIDTH + 1
    if shrink == 1:
        return find_corner_quads(gray)
    small = cv2.resize(
        gray, (gray.shape[1] // shrink, gray.shape[0] // shrink), interpolation=cv2.INTER_AREA
    )
    found = find_corner_quads(small)
    if not found:
        return found
    ids = sorted(found)
    corners = np.vstack([(found[i] + 0.5) * shrink - 0.5 for i in ids]).astype(np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 20, 0.05)
    window = (2 * shrink + 1, 2 * shrink + 1)
    refined = cv2.cornerSubPix(gray, corners.reshape(-1, 1, 2), window, (-1, -1), criteria)
    return {
        i: refined[4 * n : 4 * n + 4].reshape(4, 2).astype(np.float64) for n, i in enumerate(ids)
    }


# -- focus ---------------------------------------------------------------------------------------

_ROOT_2PI = math.sqrt(2 * math.pi)
_STEP_PX = 0.5
MIN_STEP = 30.0  # grey levels an edge must rise to be measured


def _edge_blur(profiles: np.ndarray, dark_middle: bool) -> np.ndarray:
    """Blur σ (px) of each profile's edges. ``dark_middle``: a dark line across the profile's
    middle (two edges), else a step from dark (first half) to light (second half)."""
    smooth = cv2.GaussianBlur(profiles.astype(np.float32), (5, 1), 0.7)
    slope = np.abs(np.diff(smooth, axis=1)) / _STEP_PX
    n = profiles.shape[1]
    q = max(n // 5, 2)
    half = n // 2
    if dark_middle:
        low = smooth[:, q:-q].min(axis=1)
        sides = [
            (np.median(smooth[:, :q], axis=1) - low, slope[:, :half].max(axis=1)),
            (np.median(smooth[:, -q:], axis=1) - low, slope[:, half:].max(axis=1)),
        ]
    else:
        step = np.median(smooth[:, -q:], axis=1) - np.median(smooth[:, :q], axis=1)
        sides = [(step, slope.max(axis=1))]
    estimates = []
    for step, peak in sides:
        sigma = np.where(
            (step >= MIN_STEP) & (peak > 0), step / (np.maximum(peak, 1e-6) * _ROOT_2PI), np.nan
        )
        estimates.append(sigma)
    if len(estimates) == 1:
        return estimates[0]
    with warnings.catch_warnings():  # a profile with neither edge measured stays NaN
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanmedian(np.vstack(estimates), axis=0)


def _sample(gray: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Bilinear samples of ``gray`` at image points (…, 2)."""
    shape = points.shape[:-1]
    flat = points.reshape(1, -1, 2).astype(np.float32)
    values = cv2.remap(
        gray, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return values.reshape(shape).astype(np.float32)


def _profiles(
    gray: np.ndarray, centres_px: np.ndarray, normals_px: np.ndarray, half_px: np.ndarray
) -> np.ndarray:
    """Profiles across lines at image ``centres_px`` along unit ``normals_px``, each ``half_px``
    either side, resampled to one length (every profile the same number of samples)."""
    count = int(np.ceil(np.median(half_px) * 2 / _STEP_PX)) + 1
    t = np.linspace(-1.0, 1.0, count)[None, :, None] * half_px[:, None, None]
    points = centres_px[:, None, :] + t * normals_px[:, None, :]
    return _sample(gray, points)


def _line_blur(
    gray: np.ndarray, calibration: Calibration, grid: CellGrid
) -> dict[str, float | None]:
    """Each cell's median line blur σ (px), from profiles across its outline's lines."""
    segments: dict[tuple[tuple[float, float], tuple[float, float]], list[str]] = {}
    for cell in grid.cells:
        outline = grid.cell_outline_mm(cell)
        for a, b in zip(outline, outline[1:] + outline[:1], strict=True):
            key = tuple(
                sorted(((round(a[0], 1), round(a[1], 1)), (round(b[0], 1), round(b[1], 1))))
            )
            segments.setdefault(key, []).append(cell)  # type: ignore[arg-type]
    points, normals, owners = [], [], []
    for (a, b), cells in segments.items():
        pa, pb = np.array(a), np.array(b)
        along = (pb - pa) / max(float(np.linalg.norm(pb - pa)), 1e-9)
        normal = np.array([-along[1], along[0]])
        for f in (0.2, 0.35, 0.5, 0.65, 0.8):
            p = pa + (pb - pa) * f
            points += [p, p + normal]
            normals.append(normal)
            owners.append(cells)
    image = calibration.to_image(np.array(points)).reshape(-1, 2, 2)
    centre_px = image[:, 0]
    step = image[:, 1] - image[:, 0]
    px_per_mm = np.linalg.norm(step, axis=1)
    unit = step / np.maximum(px_per_mm, 1e-9)[:, None]
    blur = _edge_blur(_profiles(gray, centre_px, unit, 4.0 * px_per_mm), dark_middle=True)
    per_cell: dict[str, list[float]] = {cell: [] for cell in grid.cells}
    for value, cells in zip(blur, owners, strict=True):
        if np.isfinite(value):
            for cell in cells:
                per_cell[cell].append(float(value))
    return {cell: float(np.median(v)) if len(v) >= 3 else None for cell, v in per_cell.items()}


def _marker_blur(gray: np.ndarray, quads: dict[int, np.ndarray]) -> float | None:
    """Median blur σ (px) of the corner markers' outer edges (black border → white frame)."""
    centres, normals, halves = [], [], []
    for quad in quads.values():
        middle = quad.mean(axis=0)
        side = float(np.mean(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)))
        for a, b in zip(quad, np.roll(quad, -1, axis=0), strict=True):
            along = (b - a) / max(float(np.linalg.norm(b - a)), 1e-9)
            normal = np.array([-along[1], along[0]])
            if np.dot(normal, (a + b) / 2 - middle) < 0:
                normal = -normal  # outwards: from the black border to the white frame
            for f in (0.3, 0.5, 0.7):
                centres.append(a + (b - a) * f)
                normals.append(normal)
                halves.append(side / 7 * 0.8)  # within the one-module white frame
    if not centres:
        return None
    profiles = _profiles(gray, np.array(centres), np.array(normals), np.array(halves))
    blur = _edge_blur(profiles, dark_middle=False)
    return float(np.nanmedian(blur)) if np.isfinite(blur).any() else None


# -- light and glare -----------------------------------------------------------------------------


def _top_down(
    gray: np.ndarray, calibration: Calibration, grid: CellGrid
) -> tuple[np.ndarray, np.ndarray]:
    """(the map seen from above at :data:`SAMPLE_MM`, each sample the frame's average over it;
    the cell index + 1 of each sample, 0 off the cells)."""
    w, h = grid.width_mm, grid.height_mm
    cols, rows = int(w / SAMPLE_MM), int(h / SAMPLE_MM)
    ppm = calibration.px_per_mm(w / 2, h / 2)
    k = max(1, int(ppm * SAMPLE_MM))
    small = cv2.resize(gray, (gray.shape[1] // k, gray.shape[0] // k), interpolation=cv2.INTER_AREA)
    # through the calibration (and lens) every COARSE samples, linearly between (the lens's bend
    # is smooth): the whole map point by point costs more than the rest of the check
    coarse = 8
    xs = (np.arange(0, cols + coarse, coarse) + 0.5) * SAMPLE_MM
    ys = (np.arange(0, rows + coarse, coarse) + 0.5) * SAMPLE_MM
    gx, gy = np.meshgrid(xs, ys)
    image = calibration.to_image(np.column_stack([gx.ravel(), gy.ravel()]))
    image = ((image + 0.5) / k - 0.5).astype(np.float32).reshape(len(ys), len(xs), 2)
    fx, fy = np.meshgrid(
        np.arange(cols, dtype=np.float32) / coarse, np.arange(rows, dtype=np.float32) / coarse
    )
    map_x = cv2.remap(np.ascontiguousarray(image[..., 0]), fx, fy, cv2.INTER_LINEAR)
    map_y = cv2.remap(np.ascontiguousarray(image[..., 1]), fx, fy, cv2.INTER_LINEAR)
    top = cv2.remap(small, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    labels = np.zeros((rows, cols), np.int32)
    for index, cell in enumerate(grid.cells):
        outline = np.array(grid.cell_outline_mm(cell)) / SAMPLE_MM - 0.5
        cv2.fillPoly(labels, [np.round(outline).astype(np.int32)], index + 1)
    return top, labels


def _glare(top: np.ndarray, labels: np.ndarray, cells: tuple[str, ...]) -> dict[str, float]:
    """The washed-out share of each cell."""
    window = max(3, round(GLARE_WINDOW_MM / SAMPLE_MM) | 1)
    darkest_near = cv2.erode(top, np.ones((window, window), np.uint8))
    washed = darkest_near >= WASHED_LEVEL
    glare: dict[str, float] = {}
    for index, cell in enumerate(cells):
        mask = labels == index + 1
        glare[cell] = float(washed[mask].mean()) if mask.any() else 0.0
    return glare


def corner_whites(gray: np.ndarray, quads: dict[int, np.ndarray]) -> dict[int, float]:
    """The grey level of each corner marker's white frame (the one-module white border printed
    round it): the light falling on white paper there."""
    whites = {}
    for marker_id, quad in quads.items():
        middle = quad.mean(axis=0)
        # the frame's middle: half a module (of 7 across the marker's black square) outside it
        ring = middle + (quad - middle) * (1 + 1 / 7)
        edges = zip(ring, np.roll(ring, -1, axis=0), strict=True)
        points = np.vstack([a + (b - a) * f for a, b in edges for f in np.linspace(0.1, 0.9, 9)])
        whites[marker_id] = float(np.percentile(_sample(gray, points), 75))
    return whites


def _light(
    grid: CellGrid, layout: CornerLayout, whites: dict[int, float]
) -> tuple[dict[str, float], float]:
    """(white paper's grey level over each cell, interpolated between the corner markers; the
    best-lit corner's)."""
    centres = layout.centres_mm(grid)
    (x0, y0), (x1, y1) = centres[0], centres[2]
    w00, w10, w11, w01 = (whites[i] for i in CORNER_IDS)
    levels = {}
    for cell in grid.cells:
        x, y = grid.cell_centre_mm(cell)
        u, v = (x - x0) / (x1 - x0), (y - y0) / (y1 - y0)
        levels[cell] = (1 - v) * ((1 - u) * w00 + u * w10) + v * ((1 - u) * w01 + u * w11)
    return levels, max(whites.values())


# -- the fixes -----------------------------------------------------------------------------------


def side_of(grid: CellGrid, x_mm: float, y_mm: float) -> str:
    """Where a point of the map lies, as seen from the seats (one of :data:`SIDES`)."""
    seat = "A" if y_mm < grid.height_mm / 2 else "B"
    dx = x_mm - grid.width_mm / 2
    if abs(dx) < grid.width_mm / 6:
        return seat
    return f"{seat}_left" if dx < 0 else f"{seat}_right"


def _centroid(grid: CellGrid, cells: list[str]) -> tuple[float, float]:
    points = np.array([grid.cell_centre_mm(c) for c in cells])
    x, y = points.mean(axis=0)
    return float(x), float(y)


def focal_px(image_size: tuple[int, int], lens: Lens | None, model: CameraModel | None) -> float:
    """The lens's focal length in pixels of this frame, or NaN when neither a lens calibration
    nor the camera model's field of view says it."""
    if lens is not None and lens.image_size == image_size:
        return float(lens.camera_matrix[0, 0])
    if model is not None and model.hfov_deg is not None:
        return image_size[0] / (2 * math.tan(math.radians(model.hfov_deg) / 2))
    return math.nan


def _scale_problem(
    short: list[CellCheck],
    report_size: tuple[int, int],
    calibration: Calibration,
    grid: CellGrid,
    layout: CornerLayout,
    carrier: Carrier,
    focal: float,
    model: CameraModel | None,
) -> Problem:
    worst = min(c.px_per_module for c in short)
    need = CARRIER_RELIABLE_PX_PER_MODULE
    gain = need / worst  # how much larger the map must look
    params = {"px": f"{worst:.1f}", "need": f"{need:g}"}
    cells = tuple(c.cell for c in short)
    width, height = report_size
    seen_mm = (
        map_view_mm(grid.width_mm, layout)
        if grid.width_mm == grid.height_mm
        else max(grid.width_mm, grid.height_mm) + 2 * (layout.gap_mm + layout.size_mm)
    )
    centre_ppm = calibration.px_per_mm(grid.width_mm / 2, grid.height_mm / 2)
    # lowering the camera by 1/gain of its height scales the map up by gain: does it still fit?
    fits_lower = min(width, height) / (centre_ppm * gain) >= seen_mm
    mode = None
    if model is not None:
        bigger = sorted((m for m in model.modes if m.width > width), key=lambda m: m.width)
        mode = next((m for m in bigger if worst * m.width / width >= need), None)
    if fits_lower and math.isfinite(focal):
        height_mm = focal / centre_ppm
        cm = math.ceil(height_mm * (1 - 1 / gain) / 10)
        params["cm"] = str(cm)
        if mode is not None:
            return Problem("scale", cells, "scale.lower_or_mode", {**params, "mode": str(mode)})
        return Problem("scale", cells, "scale.lower", params)
    if fits_lower:
        params["percent"] = str(math.ceil(100 * (1 - 1 / gain)))
        return Problem("scale", cells, "scale.lower_share", params)
    if mode is not None:
        return Problem("scale", cells, "scale.mode", {**params, "mode": str(mode)})
    return Problem("scale", cells, "scale.camera", params)


def _problems(
    checks: list[CellCheck],
    grid: CellGrid,
    marker_soft: bool,
    blur_limit: float,
    marker_blur: float | None,
    scale: Problem | None,
) -> list[Problem]:
    problems = [scale] if scale is not None else []
    soft = [c.cell for c in checks if "focus" in c.limits]
    measured = [c for c in checks if c.blur_px is not None]
    if marker_soft or (measured and len(soft) * 2 >= len(measured)):
        values = [c.blur_px for c in measured if c.blur_px is not None]
        blur = float(np.median(values)) if values else (marker_blur or 0.0)
        params = {"blur": f"{blur:.1f}", "limit": f"{blur_limit:.1f}"}
        problems.append(Problem("focus", tuple(soft), "focus.all", params))
    elif soft:
        problems.append(Problem("focus", tuple(soft), "focus.cells"))
    glary = [c.cell for c in checks if "glare" in c.limits]
    if glary:
        side = side_of(grid, *_centroid(grid, glary))
        problems.append(Problem("glare", tuple(glary), "glare", {"side": side}))
    dark = [c.cell for c in checks if "light" in c.limits]
    if dark and len(dark) >= 0.8 * len(checks):
        problems.append(Problem("light", tuple(dark), "light.all"))
    elif dark:
        side = side_of(grid, *_centroid(grid, dark))
        problems.append(Problem("light", tuple(dark), "light.side", {"side": side}))
    return problems


# -- the carrier test ----------------------------------------------------------------------------


def corner_cells(grid: CellGrid) -> tuple[str, ...]:
    """The cells in the map's four corners, seat A's left first, round the map."""
    w, h, e = grid.width_mm, grid.height_mm, 1e-3
    found = []
    for x, y in ((e, e), (w - e, e), (w - e, h - e), (e, h - e)):
        cell = grid.cell_at_mm(x, y)
        if cell is not None and cell not in found:
            found.append(cell)
    return tuple(found)


def any_carrier_reader(carrier: Carrier) -> TagReader:
    """A reader of the carrier family that takes any table's markers (as another table's)."""
    return MarkerReader(MergedRegistration(carrier.family, {}))


def carrier_test(
    gray: np.ndarray,
    calibration: Calibration,
    grid: CellGrid,
    carrier: Carrier,
    reader: TagReader,
    min_codes: int = PipelineConfig.min_codes,
) -> tuple[CarrierRead, ...]:
    """Read the corner cells as the pipeline does: a carrier is read where ``min_codes`` of its
    markers agree; every marker read there (this table's or another's) is measured."""
    reads = []
    for cell in corner_cells(grid):
        window = cell_window(grid, cell, carrier.disc_mm / 2)
        found: ReadResult = read_windows(reader, gray, calibration, [window], 1.0)
        placed = place(
            found.sightings, calibration, grid, carrier.base_mm, carrier, min_codes, found.foreign
        )
        here = any(p.cell == cell for p in placed.placements) or any(
            f.cell == cell for f in placed.foreign
        )
        quads = [np.array(s.corners) for s in found.sightings] + [
            np.array(f.corners) for f in found.foreign
        ]
        mine = []
        for q in quads:
            on_map = calibration.to_map(q)
            x, y = carrier.base_centre(on_map)
            if grid.cell_at_mm(x, y) == cell:
                mine.append((q, on_map))
        if not mine:
            reads.append(CarrierRead(cell, 0, None, None, here))
            continue
        side_px = [_side(q) for q, _ in mine]
        # the outer edge (the first two corners: the marker's top points away from the base)
        # stays clear of a base glued over the ring's inner side
        side_mm = [float(np.linalg.norm(m[0] - m[1])) for _, m in mine]
        modules = MARKER_MODULES[carrier.family]
        reads.append(
            CarrierRead(
                cell,
                len(mine),
                float(np.median(side_px)) / modules,
                float(np.median(side_mm)) / carrier.marker_mm,
                here,
            )
        )
    return tuple(reads)


def _side(quad: np.ndarray) -> float:
    return float(np.mean(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)))


def _print_problem(reads: tuple[CarrierRead, ...], checks: list[CellCheck]) -> Problem | None:
    """Carriers printed at another scale, judged only where the cell reads well (blur, glare and
    dim light all shrink what the marker detector finds)."""
    clear = {c.cell for c in checks if c.ok}
    off = [
        r
        for r in reads
        if r.cell in clear
        and r.printed_scale is not None
        and abs(r.printed_scale - 1.0) > PRINT_TOLERANCE
    ]
    if not off:
        return None
    scale = float(np.median([r.printed_scale for r in off if r.printed_scale is not None]))
    return Problem("print", tuple(r.cell for r in off), "print", {"percent": f"{100 * scale:.0f}"})


# -- the check -----------------------------------------------------------------------------------


def check_setup(
    frame: np.ndarray | None,
    grid: CellGrid,
    *,
    expected_size: tuple[int, int] | None = None,
    lens: Lens | None = None,
    layout: CornerLayout | None = None,
    carrier: Carrier = DEFAULT_CARRIER,
    reader: TagReader | None = None,
    model: CameraModel | None = None,
) -> SetupReport:
    """Check one frame of the table camera. ``expected_size``: the frame size the table's camera
    gives (its calibration's); ``lens``: the calibrated lens; ``reader``: the table's own reader
    of carriers (default: one that reads any table's); ``model``: the camera, for its modes and
    field of view. :class:`SetupError` when the frame cannot be checked."""
    gray = _grey(frame)
    size = (int(gray.shape[1]), int(gray.shape[0]))
    if expected_size is not None and size != tuple(expected_size):
        (w, h), (ew, eh) = size, expected_size
        raise SetupError(
            f"the frame is {w}×{h} but the table's camera works at {ew}×{eh}: check the camera "
            "source and mode, or calibrate again at this size",
            "wrong_size",
            size=f"{w}×{h}",
            expected=f"{ew}×{eh}",
        )
    if lens is not None and lens.image_size != size:
        (w, h), (lw, lh) = size, lens.image_size
        raise SetupError(
            f"the frame is {w}×{h} but the lens was calibrated at {lw}×{lh}: calibrate the lens "
            "again at this size",
            "lens_size",
            size=f"{w}×{h}",
            expected=f"{lw}×{lh}",
        )
    layout = layout or CornerLayout()
    quads = _corner_quads(gray)
    calibration = _calibration(gray, quads, grid, layout, lens)
    threshold = CARRIER_RELIABLE_PX_PER_MODULE
    line_blur = _line_blur(gray, calibration, grid)
    top, labels = _top_down(gray, calibration, grid)
    glare = _glare(top, labels, grid.cells)
    bright, reference = _light(grid, layout, corner_whites(gray, quads))
    checks = []
    for cell in grid.cells:
        x, y = grid.cell_centre_mm(cell)
        ppm = calibration.px_per_mm(x, y) * carrier.module_mm
        # focus is judged at the scale the reader needs at least (a cell short of pixels is
        # the scale's problem: its fix changes what blur the markers can take)
        limit = BLUR_PER_MODULE * max(ppm, threshold)
        blur = line_blur[cell]
        limits = []
        if ppm < threshold:
            limits.append("scale")
        if glare[cell] >= GLARE_SHARE:
            limits.append("glare")
        if blur is not None and blur > limit:
            limits.append("focus")
        if bright[cell] < DARK_LEVEL or bright[cell] < UNEVEN_SHARE * reference:
            limits.append("light")
        checks.append(CellCheck(cell, ppm, blur, glare[cell], bright[cell], tuple(limits)))
    cx, cy = grid.width_mm / 2, grid.height_mm / 2
    blur_limit = BLUR_PER_MODULE * max(calibration.px_per_mm(cx, cy) * carrier.module_mm, threshold)
    marker_blur = _marker_blur(gray, quads)
    short = [c for c in checks if "scale" in c.limits]
    focal = focal_px(size, lens, model)
    scale = (
        _scale_problem(short, size, calibration, grid, layout, carrier, focal, model)
        if short
        else None
    )
    marker_soft = marker_blur is not None and marker_blur > blur_limit
    problems = _problems(checks, grid, marker_soft, blur_limit, marker_blur, scale)
    carriers = carrier_test(gray, calibration, grid, carrier, reader or any_carrier_reader(carrier))
    printed = _print_problem(carriers, checks)
    if printed is not None:
        problems.append(printed)
    return SetupReport(
        size,
        tuple(checks),
        tuple(problems),
        carriers,
        marker_blur,
        blur_limit,
        threshold,
        calibration,
    )
