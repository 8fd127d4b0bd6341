from pathlib import Path

import numpy as np
import pytest

from companion.errors import DataFileError
from vision.lens import Lens, LensError, calibrate_lens, load_lens, same_lens, save_lens
from vision.synth import View
from vision.synth import charuco_photos as board_photos

WEBCAM = View(800, 600, 1.0, k1=-0.3)  # a wide USB webcam's barrel
TRUE_LENS = Lens(WEBCAM.camera_matrix(), WEBCAM.dist_coeffs(), (800, 600))
EDGE_POINTS = np.array([(10, 10), (400, 300), (790, 590), (20, 500), (700, 40)], float)


@pytest.fixture(scope="module")
def photos() -> list[np.ndarray]:
    return board_photos(WEBCAM, count=4)


def test_four_photos_of_the_board_recover_a_barrel_lens(photos: list[np.ndarray]) -> None:
    lens = calibrate_lens(photos)
    assert lens.image_size == (800, 600)
    assert lens.rms_px < 0.3
    assert lens.dist_coeffs[0] == pytest.approx(-0.3, abs=0.03)
    # mapping image points through the found lens lands within 1.5 px of the true lens, even in
    # the corners of the frame, where the barrel moves points by tens of pixels
    error = np.linalg.norm(lens.undistort(EDGE_POINTS) - TRUE_LENS.undistort(EDGE_POINTS), axis=1)
    assert error.max() < 1.5
    shift = np.linalg.norm(TRUE_LENS.undistort(EDGE_POINTS) - EDGE_POINTS, axis=1)
    assert shift.max() > 30


def test_too_few_photos_of_the_board_are_refused(photos: list[np.ndarray]) -> None:
    blank = np.full((600, 800), 200, np.uint8)
    with pytest.raises(LensError, match="found in 2 photo"):
        calibrate_lens([*photos[:2], blank, blank])
    with pytest.raises(LensError, match="differ in size"):
        calibrate_lens([photos[0], photos[1][:300]])


def test_distort_inverts_undistort() -> None:
    back = TRUE_LENS.distort(TRUE_LENS.undistort(EDGE_POINTS))
    assert np.allclose(back, EDGE_POINTS, atol=0.05)


@pytest.mark.parametrize(
    "coefficients",
    [
        (-0.3, 0.08, 0.0, 0.0, -0.01),
        (-0.21, 0.05, 0.002, -0.001),
        (0.1, -0.05, 0.001, 0.002, 0.01, 0.05, -0.02, 0.004),
        (-0.2, 0.04, 0.0, 0.001, 0.0, 0.02, 0.0, 0.0, 0.003, -0.001, 0.002, 0.0005),
        (-0.2, 0.04, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.01, -0.02),  # tilted
    ],
)
def test_distort_is_opencvs_projection_to_the_last_bit(coefficients: tuple[float, ...]) -> None:
    import cv2

    k = np.array([[812.5, 0, 403.2], [0, 808.1, 297.6], [0, 0, 1]])
    lens = Lens(k, np.array(coefficients), (800, 600))
    points = np.random.default_rng(5).uniform(-50, 850, (20000, 2))
    rays = cv2.undistortPoints(points.reshape(-1, 1, 2), k, None).reshape(-1, 2)
    rays = np.column_stack([rays, np.ones(len(rays))])
    opencv, _ = cv2.projectPoints(rays, np.zeros(3), np.zeros(3), k, lens.dist_coeffs)
    assert np.array_equal(lens.distort(points), opencv.reshape(-1, 2))


def test_a_saved_lens_loads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "lens.json"
    save_lens(TRUE_LENS, path)
    assert same_lens(load_lens(path), TRUE_LENS)
    assert not same_lens(TRUE_LENS, None)
    path.write_text('{"camera_matrix": [[1, 0], [0, 1]], "dist_coeffs": [], "image_size": [1, 1]}')
    with pytest.raises(DataFileError, match="camera_matrix"):
        load_lens(path)
