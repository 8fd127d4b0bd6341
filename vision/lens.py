"""The camera lens: intrinsics (focal lengths, principal point) and distortion, found from a few
photos of a printed ChArUco board, and used to map image points to the map (a wide USB webcam
bends straight lines into barrels: without this, cells near the frame edge land millimetres off).

OpenCV's pinhole model with radial and tangential distortion (``cv2.calibrateCamera``); the board
is OpenCV's ChArUco board (chessboard squares with an ArUco 6×6 marker in each white square), so
a photo showing only part of it still calibrates. ``companion camera calibrate`` saves the
:class:`Lens` as ``lens.json`` in the data folder; the table calibration made with it keeps a copy
(``vision/calibration.py``), and one made with another lens (or none) is made again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.errors import DataFileError

# The board `companion labels charuco` prints: 7 × 5 squares of 30 mm, 24 mm markers (8 modules of
# 3 mm, so a square is exactly 10 modules), ArUco 6×6_250 (never the corner markers' 5×5).
BOARD_SQUARES = (7, 5)
BOARD_SQUARE_MM = 30.0
BOARD_MARKER_MM = 24.0
BOARD_MODULES_PER_SQUARE = 10
BOARD_DICTIONARY = cv2.aruco.DICT_6X6_250
MIN_CORNERS = 8  # ChArUco corners a photo must show to count
MIN_PHOTOS = 3
# undistorting is iterative: OpenCV's default 5 steps leave 0.2 px in a wide lens's corners
_UNDISTORT_UNTIL = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 40, 1e-7)


class LensError(ValueError):
    """The photos cannot calibrate the lens (says why)."""


def charuco_board() -> cv2.aruco.CharucoBoard:
    dictionary = cv2.aruco.getPredefinedDictionary(BOARD_DICTIONARY)
    return cv2.aruco.CharucoBoard(BOARD_SQUARES, BOARD_SQUARE_MM, BOARD_MARKER_MM, dictionary)


def board_modules() -> np.ndarray:
    """The board as a module grid (1 = dark), 10 modules per square: what the printer draws."""
    cols, rows = BOARD_SQUARES
    n = BOARD_MODULES_PER_SQUARE
    image = charuco_board().generateImage((cols * n, rows * n), marginSize=0, borderBits=1)
    return (image < 128).astype(np.uint8)


@dataclass(frozen=True)
class Lens:
    camera_matrix: np.ndarray  # 3×3
    dist_coeffs: np.ndarray  # OpenCV order: k1, k2, p1, p2[, k3…]
    image_size: tuple[int, int]  # (width, height) the lens was calibrated at
    rms_px: float = 0.0  # reprojection error of the calibration

    def __post_init__(self) -> None:
        k = np.asarray(self.camera_matrix, dtype=np.float64)
        d = np.asarray(self.dist_coeffs, dtype=np.float64).ravel()
        if k.shape != (3, 3) or not np.isfinite(k).all() or k[0, 0] <= 0 or k[1, 1] <= 0:
            raise ValueError("camera_matrix must be a 3×3 matrix with positive focal lengths")
        if d.size not in (4, 5, 8, 12, 14) or not np.isfinite(d).all():
            raise ValueError("dist_coeffs must be 4, 5, 8, 12 or 14 numbers")
        object.__setattr__(self, "camera_matrix", k)
        object.__setattr__(self, "dist_coeffs", d)

    def undistort(self, points_px: np.ndarray) -> np.ndarray:
        """Image pixels → where an ideal (undistorted) camera would see them."""
        pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 1, 2)
        k = self.camera_matrix
        ideal = cv2.undistortPoints(pts, k, self.dist_coeffs, None, None, k, _UNDISTORT_UNTIL)
        return ideal.reshape(-1, 2)

    def distort(self, points_px: np.ndarray) -> np.ndarray:
        """Ideal (undistorted) pixels → where this lens puts them in the image: OpenCV's model as
        ``cv2.projectPoints`` computes it, operation for operation (the same numbers to the last
        bit), without the Jacobian it always works out from Python (15 numbers a point: most of
        its time, and hundreds of MB for a motion gate's per-pixel map)."""
        pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 2)
        k = self.camera_matrix
        normalised = cv2.undistortPoints(pts.reshape(-1, 1, 2), k, None).reshape(-1, 2)
        d = np.zeros(14)
        d[: self.dist_coeffs.size] = self.dist_coeffs
        if d[12] or d[13]:  # a tilted sensor: OpenCV's own projection
            rays = np.column_stack([normalised, np.ones(len(normalised))])
            image, _ = cv2.projectPoints(rays, np.zeros(3), np.zeros(3), k, self.dist_coeffs)
            return image.reshape(-1, 2)
        x, y = normalised[:, 0], normalised[:, 1]
        r2 = x * x + y * y
        r4 = r2 * r2
        r6 = r4 * r2
        a1 = 2 * x * y
        a2 = r2 + 2 * x * x
        a3 = r2 + 2 * y * y
        radial = 1 + d[0] * r2 + d[1] * r4 + d[4] * r6
        inverse = 1.0 / (1 + d[5] * r2 + d[6] * r4 + d[7] * r6)
        xd = x * radial * inverse + d[2] * a1 + d[3] * a2 + d[8] * r2 + d[9] * r4
        yd = y * radial * inverse + d[2] * a3 + d[3] * a1 + d[10] * r2 + d[11] * r4
        return np.column_stack([xd * k[0, 0] + k[0, 2], yd * k[1, 1] + k[1, 2]])

    def to_dict(self) -> dict[str, object]:
        return {
            "image_size": list(self.image_size),
            "camera_matrix": [[float(v) for v in row] for row in self.camera_matrix],
            "dist_coeffs": [float(v) for v in self.dist_coeffs],
            "rms_px": float(self.rms_px),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Lens:
        """``ValueError`` names what is wrong."""
        try:
            width, height = (int(v) for v in np.asarray(data["image_size"]).ravel())
            k = np.array(data["camera_matrix"], dtype=np.float64)
            d = np.array(data["dist_coeffs"], dtype=np.float64)
            rms = float(data.get("rms_px", 0.0))  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"lens: {error}") from error
        return cls(k, d, (width, height), rms)


LENS_FILE = "lens.json"


def lens_path(data_dir: Path) -> Path:
    """Where the table's lens lives: beside its calibration in the data folder."""
    return data_dir / LENS_FILE


def save_lens(lens: Lens, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(lens.to_dict(), indent=1), encoding="utf-8")
    temporary.replace(path)


def load_lens(path: Path) -> Lens:
    """``DataFileError`` when the file is not a lens."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise DataFileError(str(path), "<file>", f"readable JSON ({error})") from None
    if not isinstance(data, dict):
        raise DataFileError(str(path), "<root>", "camera_matrix, dist_coeffs, image_size")
    try:
        return Lens.from_dict(data)
    except ValueError as error:
        raise DataFileError(str(path), "lens", str(error)) from None


def same_lens(a: Lens | None, b: Lens | None) -> bool:
    if a is None or b is None:
        return a is b
    return (
        a.image_size == b.image_size
        and np.allclose(a.camera_matrix, b.camera_matrix)
        and a.dist_coeffs.shape == b.dist_coeffs.shape
        and np.allclose(a.dist_coeffs, b.dist_coeffs)
    )


def find_board(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(board points in mm, image points) of the ChArUco corners a photo shows, or ``None`` when
    it shows fewer than :data:`MIN_CORNERS`."""
    board = charuco_board()
    corners, ids, _, _ = cv2.aruco.CharucoDetector(board).detectBoard(gray)
    if ids is None or len(ids) < MIN_CORNERS:
        return None
    object_points, image_points = board.matchImagePoints(corners, ids)  # type: ignore[call-overload]
    return object_points.reshape(-1, 3), image_points.reshape(-1, 2)


def calibrate_lens(photos: Iterable[np.ndarray]) -> Lens:
    """The lens from grey photos of the ChArUco board (tilted, in different parts of the frame).

    Fits focal lengths, principal point, k1, k2 and the tangential terms (k3 stays 0: a few
    photos cannot pin it down). :class:`LensError` when fewer than :data:`MIN_PHOTOS` photos show
    the board, or the photos differ in size."""
    objects: list[np.ndarray] = []
    images: list[np.ndarray] = []
    size: tuple[int, int] | None = None
    for gray in photos:
        this = (int(gray.shape[1]), int(gray.shape[0]))
        if size is not None and this != size:
            raise LensError(f"the photos differ in size ({size} and {this}): take them all alike")
        size = this
        found = find_board(gray)
        if found is not None:
            objects.append(found[0].astype(np.float32))
            images.append(found[1].astype(np.float32))
    if size is None or len(objects) < MIN_PHOTOS:
        raise LensError(
            f"the board was found in {len(objects)} photo(s): at least {MIN_PHOTOS} needed, "
            f"each showing {MIN_CORNERS}+ chessboard corners"
        )
    rms, k, d, _, _ = cv2.calibrateCamera(objects, images, size, None, None, flags=cv2.CALIB_FIX_K3)
    return Lens(k, d.ravel(), size, float(rms))
