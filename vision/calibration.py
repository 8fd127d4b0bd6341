"""The map ↔ image homography.

Found automatically from four ArUco markers (dictionary 5×5_50, ids 0–3) lying just outside the
map corners — id 0 at seat A's left corner, 1 at seat A's right, 2 at seat B's right, 3 at seat B's
left — or from four map corners clicked in the panel (:func:`calibrate_manual`). Only the marker
*centres* are used, so a marker printed or laid down rotated still calibrates. A calibration is
saved as YAML beside the table config, and :func:`check_map_moved` warns when the markers are no
longer where the calibration expects them.

With a calibrated :class:`~vision.lens.Lens` (``companion camera calibrate``), the homography maps
the map to the *undistorted* image and every image point is undistorted first (and map points
distorted back), so a wide lens's barrel distortion does not shift cells near the frame edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import yaml

from companion.errors import DataFileError
from companion.yaml_files import read_yaml_mapping
from vision.lens import Lens
from vision.map_grid import CellGrid

CORNER_IDS = (0, 1, 2, 3)
CORNER_DICTIONARY = cv2.aruco.DICT_5X5_50
CALIBRATION_VERSION = 2
READABLE_VERSIONS = (1, 2)  # version 1: no lens


class CalibrationError(ValueError):
    """The image does not show what a calibration needs (names what is missing)."""


@dataclass(frozen=True)
class CornerLayout:
    """Corner markers: ``size_mm`` square, inner corner ``gap_mm`` off the map corner diagonally."""

    size_mm: float = 30.0
    gap_mm: float = 4.0

    def centres_mm(self, grid: CellGrid) -> dict[int, tuple[float, float]]:
        off = self.gap_mm + self.size_mm / 2
        w, h = grid.width_mm, grid.height_mm
        return {0: (-off, -off), 1: (w + off, -off), 2: (w + off, h + off), 3: (-off, h + off)}


def corner_detector() -> cv2.aruco.ArucoDetector:
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    dictionary = cv2.aruco.getPredefinedDictionary(CORNER_DICTIONARY)
    return cv2.aruco.ArucoDetector(dictionary, parameters)


def find_corner_quads(gray: np.ndarray) -> dict[int, np.ndarray]:
    """The four corners (image px, 4×2) of each corner marker visible in ``gray``."""
    corners, ids, _ = corner_detector().detectMarkers(gray)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        if int(marker_id) in CORNER_IDS:
            found[int(marker_id)] = quad.reshape(4, 2).astype(np.float64)
    return found


def find_corner_markers(gray: np.ndarray) -> dict[int, tuple[float, float]]:
    """Centres (image px) of the corner markers visible in ``gray``."""
    return {i: _centre(q) for i, q in find_corner_quads(gray).items()}


def _centre(quad: np.ndarray) -> tuple[float, float]:
    cx, cy = quad.mean(axis=0)
    return float(cx), float(cy)


@dataclass(frozen=True)
class Calibration:
    """``homography`` maps map millimetres to (undistorted, with a ``lens``) image pixels."""

    homography: np.ndarray
    image_size: tuple[int, int]  # (width, height)
    method: str  # "markers" or "manual"
    marker_centres_px: dict[int, tuple[float, float]] = field(default_factory=dict)
    lens: Lens | None = None

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        pts = np.asarray(points_mm, dtype=np.float64).reshape(-1, 1, 2)
        ideal = cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)
        return ideal if self.lens is None else self.lens.distort(ideal)

    def to_map(self, points_px: np.ndarray) -> np.ndarray:
        pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 2)
        if self.lens is not None:
            pts = self.lens.undistort(pts)
        inverse = np.linalg.inv(self.homography)
        return cv2.perspectiveTransform(pts.reshape(-1, 1, 2), inverse).reshape(-1, 2)

    def local_homography(self, local_to_mm: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """Homography from a small top-down image (``local_to_mm`` maps its pixels to map mm,
        ``size`` = (width, height)) to image pixels: exact without a lens, else fitted on a grid
        of points (the distortion is smooth, so over a cell a homography stays within a pixel)."""
        if self.lens is None:
            return self.homography @ local_to_mm
        w, h = size
        u, v = np.meshgrid(np.linspace(0, w, 6), np.linspace(0, h, 6))
        local = np.column_stack([u.ravel(), v.ravel(), np.ones(u.size)])
        mm = local @ local_to_mm.T
        image = self.to_image(mm[:, :2] / mm[:, 2:])
        fitted, _ = cv2.findHomography(local[:, :2], image, 0)
        return np.asarray(fitted, dtype=np.float64)

    def px_per_mm(self, x_mm: float, y_mm: float) -> float:
        """Local image scale around a map point (geometric mean of both axes)."""
        p = self.to_image(np.array([[x_mm, y_mm], [x_mm + 1, y_mm], [x_mm, y_mm + 1]]))
        return float(np.sqrt(np.linalg.norm(p[1] - p[0]) * np.linalg.norm(p[2] - p[0])))

    def to_dict(self) -> dict[str, object]:
        return {
            "version": CALIBRATION_VERSION,
            "method": self.method,
            "image_size": list(self.image_size),
            "homography": [[float(v) for v in row] for row in self.homography],
            "marker_centres_px": {k: list(v) for k, v in self.marker_centres_px.items()},
            "lens": self.lens.to_dict() if self.lens is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object], source: str = "<calibration>") -> Calibration:
        if data.get("version") not in READABLE_VERSIONS:
            raise DataFileError(source, "version", f"calibration version {CALIBRATION_VERSION}")
        try:
            h = np.array(data["homography"], dtype=np.float64)
            width, height = (int(v) for v in np.asarray(data["image_size"]).ravel())
            raw_centres = data.get("marker_centres_px") or {}
            if not isinstance(raw_centres, dict):
                raise TypeError("marker_centres_px")
            centres = {int(k): (float(v[0]), float(v[1])) for k, v in raw_centres.items()}
        except (KeyError, TypeError, ValueError) as error:
            raise DataFileError(source, "homography/image_size", "numbers") from error
        if h.shape != (3, 3) or not np.isfinite(h).all():
            raise DataFileError(source, "homography", "a 3×3 matrix of numbers")
        method = str(data.get("method", "manual"))
        lens_data = data.get("lens")
        lens = None
        if lens_data is not None:
            if not isinstance(lens_data, dict):
                raise DataFileError(source, "lens", "camera_matrix, dist_coeffs, image_size")
            try:
                lens = Lens.from_dict(lens_data)
            except ValueError as error:
                raise DataFileError(source, "lens", str(error)) from error
        return cls(h, (width, height), method, centres, lens)

    def save(self, path: Path) -> None:
        path.write_text(yaml.safe_dump(self.to_dict(), sort_keys=False), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Calibration:
        return cls.from_dict(read_yaml_mapping(path), str(path))


def _image_size(gray: np.ndarray) -> tuple[int, int]:
    return int(gray.shape[1]), int(gray.shape[0])


def _check_lens(lens: Lens | None, image_size: tuple[int, int]) -> None:
    if lens is not None and lens.image_size != image_size:
        (w, h), (lw, lh) = image_size, lens.image_size
        raise CalibrationError(
            f"the frame is {w}×{h} but the lens was calibrated at {lw}×{lh}: calibrate the lens "
            "again at this size"
        )


def calibrate_from_markers(
    gray: np.ndarray, grid: CellGrid, layout: CornerLayout | None = None, lens: Lens | None = None
) -> Calibration:
    _check_lens(lens, _image_size(gray))
    return calibrate_from_centres(find_corner_markers(gray), _image_size(gray), grid, layout, lens)


def calibrate_from_centres(
    found: dict[int, tuple[float, float]],
    image_size: tuple[int, int],
    grid: CellGrid,
    layout: CornerLayout | None = None,
    lens: Lens | None = None,
) -> Calibration:
    """The calibration from the corner markers' centres found in an image of ``image_size``."""
    layout = layout or CornerLayout()
    _check_lens(lens, image_size)
    missing = [i for i in CORNER_IDS if i not in found]
    if missing:
        raise CalibrationError(f"corner markers not found: {', '.join(map(str, missing))}")
    expected = layout.centres_mm(grid)
    src = np.array([expected[i] for i in CORNER_IDS], dtype=np.float64)
    dst = np.array([found[i] for i in CORNER_IDS], dtype=np.float64)
    if lens is not None:
        dst = lens.undistort(dst)
    h = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    return Calibration(h.astype(np.float64), image_size, "markers", dict(found), lens)


def calibrate_manual(
    corners_px: list[tuple[float, float]],
    grid: CellGrid,
    image_size: tuple[int, int],
    lens: Lens | None = None,
) -> Calibration:
    """Calibrate from the map's own four corners clicked in the image, in the order: seat A's
    left, seat A's right, seat B's right, seat B's left."""
    if len(corners_px) != 4:
        raise CalibrationError("a manual calibration needs exactly four corners")
    _check_lens(lens, image_size)
    dst = np.array(corners_px, dtype=np.float32)
    if not np.isfinite(dst).all():
        raise CalibrationError("corner coordinates must be numbers")
    if lens is not None:
        dst = lens.undistort(dst).astype(np.float32)
    # The four points must form a convex quadrilateral in that order (no crossed edges).
    if not cv2.isContourConvex(dst.reshape(-1, 1, 2)) or cv2.contourArea(dst) < 1:
        raise CalibrationError("the four corners must go round the map without crossing")
    w, h = grid.width_mm, grid.height_mm
    src = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=np.float32)
    hom = cv2.getPerspectiveTransform(src, dst).astype(np.float64)
    return Calibration(hom, image_size, "manual", lens=lens)


@dataclass(frozen=True)
class MoveCheck:
    status: str  # "ok", "moved" or "unknown"
    shift_px: float
    message: str


def check_map_moved(
    calibration: Calibration,
    gray: np.ndarray,
    grid: CellGrid,
    layout: CornerLayout | None = None,
    tolerance_px: float = 4.0,
) -> MoveCheck:
    """Compare where the corner markers are now with where the calibration puts them."""
    layout = layout or CornerLayout()
    found = find_corner_markers(gray)
    if not found:
        return MoveCheck("unknown", 0.0, "no corner marker visible: cannot check the map")
    expected = layout.centres_mm(grid)
    ids = sorted(found)
    predicted = calibration.to_image(np.array([expected[i] for i in ids]))
    seen = np.array([found[i] for i in ids])
    shift = float(np.linalg.norm(predicted - seen, axis=1).max())
    if shift > tolerance_px:
        return MoveCheck("moved", shift, f"the map moved by {shift:.1f} px: calibrate again")
    return MoveCheck("ok", shift, f"map in place ({shift:.1f} px)")
