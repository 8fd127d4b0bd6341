from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.errors import DataFileError
from vision.calibration import (
    Calibration,
    CalibrationError,
    calibrate_from_markers,
    calibrate_manual,
    check_map_moved,
)
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.synth import Scene, View, render

from .conftest import VIEW

MAP_POINTS = np.array([(0, 0), (450, 0), (450, 450), (0, 450), (225, 225), (100, 350)], float)


def _project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.c_[pts, np.ones(len(pts))] @ h.T
    return p[:, :2] / p[:, 2:]


def test_markers_give_the_true_homography_within_a_pixel(
    calibration: Calibration, true_homography: np.ndarray
) -> None:
    error = np.linalg.norm(
        calibration.to_image(MAP_POINTS) - _project(true_homography, MAP_POINTS), axis=1
    )
    assert error.max() < 1.0
    assert calibration.method == "markers"


def test_to_map_inverts_to_image(calibration: Calibration) -> None:
    back = calibration.to_map(calibration.to_image(MAP_POINTS))
    assert np.allclose(back, MAP_POINTS, atol=1e-6)


def test_missing_markers_are_named() -> None:
    with pytest.raises(CalibrationError, match="0, 1, 2, 3"):
        calibrate_from_markers(np.full((200, 200), 128, np.uint8), FIVE_BY_FIVE_MAP)


def test_manual_calibration_from_four_clicked_corners(true_homography: np.ndarray) -> None:
    corners = _project(true_homography, MAP_POINTS[:4])
    manual = calibrate_manual([tuple(c) for c in corners], FIVE_BY_FIVE_MAP, (1200, 1200))
    assert np.allclose(manual.to_image(MAP_POINTS), _project(true_homography, MAP_POINTS))


@pytest.mark.parametrize(
    "corners",
    [
        [(0, 0), (10, 0), (10, 10)],
        [(0, 0), (10, 10), (10, 0), (0, 10)],  # crossed
        [(0, 0), (0, 0), (0, 0), (0, 0)],
    ],
)
def test_manual_calibration_refuses_bad_corners(corners: list[tuple[float, float]]) -> None:
    with pytest.raises(CalibrationError):
        calibrate_manual(corners, FIVE_BY_FIVE_MAP, (100, 100))


def test_calibration_saves_and_loads(calibration: Calibration, tmp_path: Path) -> None:
    path = tmp_path / "calibration.yaml"
    calibration.save(path)
    loaded = Calibration.load(path)
    assert np.allclose(loaded.homography, calibration.homography)
    assert loaded.image_size == calibration.image_size
    assert loaded.marker_centres_px.keys() == calibration.marker_centres_px.keys()


def test_a_broken_calibration_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "calibration.yaml"
    path.write_text("version: 1\nhomography: [[1, 2], [3, 4]]\nimage_size: [10, 10]\n")
    with pytest.raises(DataFileError, match="homography"):
        Calibration.load(path)


def test_move_check_accepts_the_same_view_and_warns_when_the_map_moved(
    calibration: Calibration, table_grey: np.ndarray, table_scene
) -> None:
    assert check_map_moved(calibration, table_grey, FIVE_BY_FIVE_MAP).status == "ok"
    shifted = View(VIEW.width, VIEW.height, VIEW.px_per_mm, VIEW.rotation_deg, VIEW.tilt, (15, 0))
    frame = render(table_scene, shifted, seed=1)[..., 1]
    check = check_map_moved(calibration, frame, FIVE_BY_FIVE_MAP)
    assert check.status == "moved"
    assert check.shift_px == pytest.approx(15, abs=2)


def test_move_check_is_unknown_without_markers(calibration: Calibration) -> None:
    blank = np.full((300, 300), 120, np.uint8)
    assert check_map_moved(calibration, blank, FIVE_BY_FIVE_MAP).status == "unknown"


def test_with_the_lens_a_barrel_webcam_maps_image_points_to_the_map_within_a_millimetre(
    table_scene: Scene,
) -> None:
    from vision.synth import view_homography

    view = View(1200, 1200, 2.0, rotation_deg=3.0, k1=-0.25)
    grey = cv2.cvtColor(render(table_scene, view, seed=2), cv2.COLOR_BGR2GRAY)
    truth = view.lens()
    seen = truth.distort(_project(view_homography(table_scene, view), MAP_POINTS))
    with_lens = calibrate_from_markers(grey, FIVE_BY_FIVE_MAP, lens=truth)
    error = np.linalg.norm(with_lens.to_map(seen) - MAP_POINTS, axis=1)
    assert error.max() < 1.0
    assert np.allclose(with_lens.to_image(MAP_POINTS), seen, atol=1.0)
    # without it, the bent frame puts the map corners millimetres off
    plain = calibrate_from_markers(grey, FIVE_BY_FIVE_MAP)
    assert np.linalg.norm(plain.to_map(seen) - MAP_POINTS, axis=1).max() > 3.0


def test_a_saved_calibration_keeps_its_lens(tmp_path: Path, calibration: Calibration) -> None:
    from dataclasses import replace

    lens = View(1200, 1200, 2.0, k1=-0.2).lens()
    path = tmp_path / "calibration.yaml"
    replace(calibration, lens=lens).save(path)
    loaded = Calibration.load(path)
    assert loaded.lens is not None
    assert np.allclose(loaded.lens.dist_coeffs, lens.dist_coeffs)


def test_a_lens_for_another_frame_size_is_refused(table_grey: np.ndarray) -> None:
    lens = View(640, 480, 1.0, k1=-0.2).lens()
    with pytest.raises(CalibrationError, match="calibrate the lens again"):
        calibrate_from_markers(table_grey, FIVE_BY_FIVE_MAP, lens=lens)
