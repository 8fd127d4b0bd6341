import numpy as np

from vision.calibration import Calibration
from vision.crops import cell_crop, read_cells
from vision.map_grid import DREAMBLADE_MAP
from vision.observe import place
from vision.synth import Scene
from vision.tags import ZxingReader

from .conftest import BASE_MM


def test_a_cell_crop_is_top_down_at_the_camera_resolution(
    calibration: Calibration, table_grey: np.ndarray
) -> None:
    crop, to_image = cell_crop(table_grey, calibration, DREAMBLADE_MAP, "c3", margin_mm=10)
    density = calibration.px_per_mm(225, 225)
    assert abs(crop.shape[1] - 110 * density) <= 1
    # the crop's top-left corner is the map point (170, 170)
    corner = to_image @ np.array([0, 0, 1.0])
    assert np.allclose(corner[:2] / corner[2], calibration.to_image([(170, 170)])[0])


def test_reading_cells_finds_each_tag_in_its_cell(
    calibration: Calibration, table_grey: np.ndarray, table_scene: Scene
) -> None:
    found = read_cells(
        ZxingReader(), table_grey, calibration, DREAMBLADE_MAP, DREAMBLADE_MAP.cells, BASE_MM / 2
    )
    placements, _ = place(found.sightings, calibration, DREAMBLADE_MAP, BASE_MM)
    assert {p.tag: p.cell for p in placements} == table_scene.true_board()


def test_reading_one_cell_finds_only_what_its_crop_shows(
    calibration: Calibration, table_grey: np.ndarray, table_scene: Scene
) -> None:
    found = read_cells(ZxingReader(), table_grey, calibration, DREAMBLADE_MAP, ["e5"], 5.0)
    assert [s.tag for s in found.sightings] == [
        t for t, c in table_scene.true_board().items() if c == "e5"
    ]
