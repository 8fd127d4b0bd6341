import pytest

from vision.calibration import Calibration
from vision.map_grid import DREAMBLADE_MAP
from vision.observe import Observation, Placement, place
from vision.synth import Scene
from vision.tags import Sighting, ZxingReader, quad

from .conftest import BASE_MM, tag


def _sighting_at(calibration: Calibration, x_mm: float, y_mm: float, n: int = 1) -> Sighting:
    corners = calibration.to_image(
        [(x_mm - 1, y_mm - 1), (x_mm + 1, y_mm - 1), (x_mm + 1, y_mm + 1), (x_mm - 1, y_mm + 1)]
    )
    return Sighting(tag(n), quad(corners))


def test_tags_on_the_rendered_table_land_in_their_true_cells(
    calibration: Calibration, table_grey, table_scene: Scene
) -> None:
    sightings = ZxingReader().read(table_grey).sightings
    placements, off_map = place(sightings, calibration, DREAMBLADE_MAP, BASE_MM)
    assert {p.tag: p.cell for p in placements} == table_scene.true_board()
    assert off_map == 0


@pytest.mark.parametrize(
    ("x", "y", "cell"),
    [(89.0, 45.0, "a1"), (91.0, 45.0, "b1"), (45.0, 179.0, "a2"), (45.0, 181.0, "a3")],
)
def test_a_base_on_a_line_goes_to_the_cell_holding_its_centre_with_low_confidence(
    calibration: Calibration, x: float, y: float, cell: str
) -> None:
    (p,), _ = place([_sighting_at(calibration, x, y)], calibration, DREAMBLADE_MAP, 25.0)
    assert p.cell == cell
    assert p.confidence == pytest.approx(1 / 12.5, abs=0.01)


def test_a_centred_base_has_full_confidence(calibration: Calibration) -> None:
    (p,), _ = place([_sighting_at(calibration, 225, 225)], calibration, DREAMBLADE_MAP, 25.0)
    assert (p.cell, p.confidence) == ("c3", 1.0)


def test_off_map_sightings_are_counted(calibration: Calibration) -> None:
    placements, off_map = place(
        [_sighting_at(calibration, -20, 40)], calibration, DREAMBLADE_MAP, 25.0
    )
    assert (placements, off_map) == ([], 1)


def test_the_same_tag_read_twice_in_one_cell_is_one_placement(calibration: Calibration) -> None:
    twice = [_sighting_at(calibration, 40, 40), _sighting_at(calibration, 41, 40)]
    placements, _ = place(twice, calibration, DREAMBLADE_MAP, 25.0)
    assert len(placements) == 1


def test_observation_board_leaves_out_tags_seen_in_two_cells() -> None:
    obs = Observation(
        (
            Placement(tag(1), "a1", 1.0, 45, 45),
            Placement(tag(2), "b1", 1.0, 135, 45),
            Placement(tag(2), "e5", 1.0, 405, 405),
        )
    )
    assert obs.board() == {tag(1): "a1"}
    assert obs.cells_of(tag(2)) == {"b1", "e5"}
