import numpy as np
import pytest

from vision.board_change import TagId
from vision.calibration import Calibration
from vision.crops import CROP_SCALE, cell_crop, read_cells
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.observe import place
from vision.synth import Scene
from vision.tags import ZxingReader

from .conftest import BASE_MM


def test_a_cell_crop_is_top_down_at_one_and_a_half_times_the_camera_resolution(
    calibration: Calibration, table_grey: np.ndarray
) -> None:
    crop, to_image = cell_crop(table_grey, calibration, FIVE_BY_FIVE_MAP, "c3", margin_mm=10)
    density = calibration.px_per_mm(225, 225) * CROP_SCALE
    assert abs(crop.shape[1] - 110 * density) <= 1
    # the crop's top-left corner is the map point (170, 280): rows run towards seat A
    corner = to_image @ np.array([0, 0, 1.0])
    assert np.allclose(corner[:2] / corner[2], calibration.to_image([(170, 280)])[0])


def test_reading_cells_finds_each_tag_in_its_cell(
    calibration: Calibration, table_grey: np.ndarray, table_scene: Scene
) -> None:
    found = read_cells(
        ZxingReader(),
        table_grey,
        calibration,
        FIVE_BY_FIVE_MAP,
        FIVE_BY_FIVE_MAP.cells,
        BASE_MM / 2,
    )
    placements = place(found.sightings, calibration, FIVE_BY_FIVE_MAP, BASE_MM).placements
    assert {p.tag: p.cell for p in placements} == table_scene.true_board()


def test_reading_one_cell_finds_only_what_its_crop_shows(
    calibration: Calibration, table_grey: np.ndarray, table_scene: Scene
) -> None:
    found = read_cells(ZxingReader(), table_grey, calibration, FIVE_BY_FIVE_MAP, ["e5"], 5.0)
    assert [s.tag for s in found.sightings] == [
        t for t, c in table_scene.true_board().items() if c == "e5"
    ]


def _carrier_table() -> tuple[Scene, np.ndarray, Calibration]:
    import cv2

    from vision.square_grid import square_grid
    from vision.synth import Piece, View, render, view_homography

    grid = square_grid(2, 2, 60.0)
    pieces = (
        Piece(TagId("db", "B1", 1), 30.0, 30.0, angle_deg=20.0, marker_id=7),
        Piece(TagId("db", "B2", 1), 92.0, 85.0, "B", angle_deg=-50.0, marker_id=9),
    )
    scene = Scene(grid, pieces, family="aruco4x4", design="carrier", seed=4)
    view = View(1000, 1000, 5.0, rotation_deg=8.0)
    grey = cv2.cvtColor(render(scene, view, seed=1), cv2.COLOR_BGR2GRAY)
    return scene, grey, Calibration(view_homography(scene, view), (1000, 1000), "manual")


def test_crops_show_the_map_unmirrored_so_markers_read() -> None:
    from vision.registration import LabelRegistration
    from vision.tags import MarkerReader

    scene, grey, calibration = _carrier_table()
    reader = MarkerReader(LabelRegistration("aruco4x4", {7: TagId("db", "B1", 1)}))
    crop, _ = cell_crop(grey, calibration, scene.grid, "a1", margin_mm=20)
    assert len(reader.read(crop).sightings) >= 6  # of the carrier's 8 markers
    mirrored = crop[::-1].copy()  # what the crops looked like before issue 14
    assert len(reader.read(mirrored).sightings) == 0


def test_crops_are_sampled_finer_than_the_camera() -> None:
    scene, grey, calibration = _carrier_table()
    crop, _ = cell_crop(grey, calibration, scene.grid, "b2", margin_mm=0)
    assert crop.shape[1] == pytest.approx(60 * 5.0 * CROP_SCALE, abs=2)


def test_overlapping_windows_are_read_once_as_the_rectangle_around_them() -> None:
    from vision.crops import merged_windows

    cell, below = (0.0, 0.0, 130.0, 130.0), (0.0, 90.0, 130.0, 220.0)  # two cells' windows
    assert merged_windows([cell, below]) == [(0.0, 0.0, 130.0, 220.0)]
    apart = (300.0, 0.0, 430.0, 130.0)
    assert merged_windows([cell, apart]) == [cell, apart]  # the rectangle around: far larger
    corner = (120.0, 120.0, 200.0, 200.0)  # touching a corner only: read apart
    assert merged_windows([cell, corner]) == [cell, corner]
