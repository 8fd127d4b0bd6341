import numpy as np
import pytest

from vision.board_change import TagProblem
from vision.calibration import Calibration
from vision.carrier import DEFAULT_CARRIER as CARRIER
from vision.map_grid import FIVE_BY_FIVE_MAP
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
    placed = place(sightings, calibration, FIVE_BY_FIVE_MAP, BASE_MM)
    assert {p.tag: p.cell for p in placed.placements} == table_scene.true_board()
    assert placed.off_map == 0


@pytest.mark.parametrize(
    ("x", "y", "cell"),
    [(89.0, 45.0, "a1"), (91.0, 45.0, "b1"), (45.0, 179.0, "a2"), (45.0, 181.0, "a3")],
)
def test_a_base_on_a_line_goes_to_the_cell_holding_its_centre_with_low_confidence(
    calibration: Calibration, x: float, y: float, cell: str
) -> None:
    (p,) = place([_sighting_at(calibration, x, y)], calibration, FIVE_BY_FIVE_MAP, 25.0).placements
    assert p.cell == cell
    assert p.confidence == pytest.approx(1 / 12.5, abs=0.01)


def test_a_centred_base_has_full_confidence(calibration: Calibration) -> None:
    (p,) = place(
        [_sighting_at(calibration, 225, 225)], calibration, FIVE_BY_FIVE_MAP, 25.0
    ).placements
    assert (p.cell, p.confidence) == ("c3", 1.0)


def test_off_map_sightings_are_counted(calibration: Calibration) -> None:
    placed = place([_sighting_at(calibration, -20, 40)], calibration, FIVE_BY_FIVE_MAP, 25.0)
    assert (placed.placements, placed.off_map) == ([], 1)


def test_the_same_tag_read_twice_in_one_cell_is_one_placement(calibration: Calibration) -> None:
    twice = [_sighting_at(calibration, 40, 40), _sighting_at(calibration, 41, 40)]
    placed = place(twice, calibration, FIVE_BY_FIVE_MAP, 25.0)
    assert len(placed.placements) == 1 and not placed.problems


def test_the_same_tag_at_two_places_is_reported(calibration: Calibration) -> None:
    apart = [_sighting_at(calibration, 40, 40), _sighting_at(calibration, 300, 300)]
    placed = place(apart, calibration, FIVE_BY_FIVE_MAP, 25.0)
    assert {p.cell for p in placed.placements} == {"a1", "d4"}
    assert placed.problems == (TagProblem("on_map_twice", tag(1), ("a1", "d4")),)
    assert str(placed.problems[0]).endswith("twice (a1 and d4): one sticker is not this one's")


def _carrier_markers(
    calibration: Calibration, x: float, y: float, turn: float, which: range
) -> list[Sighting]:
    """Sightings of markers ``which`` of a carrier centred at (x, y), as a reader reports them."""
    corners = []
    for k in which:
        dx, dy, outward = CARRIER.marker_poses()[k]
        a, o = np.deg2rad(turn), np.deg2rad(outward + turn)
        cx = x + dx * np.cos(a) - dy * np.sin(a)
        cy = y + dx * np.sin(a) + dy * np.cos(a)
        up = np.array([np.cos(o), np.sin(o)]) * CARRIER.marker_mm / 2
        right = np.array([up[1], -up[0]])
        centre = np.array([cx, cy])
        # top-left, top-right, bottom-right, bottom-left of the printed marker
        square = [
            centre + up - right,
            centre + up + right,
            centre - up + right,
            centre - up - right,
        ]
        corners.append(Sighting(tag(5), quad(calibration.to_image(np.array(square)))))
    return corners


def test_a_carriers_markers_are_one_placement_at_its_base_centre(calibration: Calibration) -> None:
    # the base centre is 4 mm inside b1, so markers on its ring lie in a1 and b1
    markers = _carrier_markers(calibration, 94.0, 45.0, 33.0, range(8))
    assert {
        FIVE_BY_FIVE_MAP.cell_at_mm(*calibration.to_map(np.array([s.centre]))[0]) for s in markers
    } == {"a1", "b1"}
    placed = place(markers, calibration, FIVE_BY_FIVE_MAP, 25.0, CARRIER, min_codes=2)
    (p,) = placed.placements
    assert (p.cell, p.codes) == ("b1", 8)
    assert (p.x_mm, p.y_mm) == (pytest.approx(94.0, abs=0.3), pytest.approx(45.0, abs=0.3))


def test_one_carrier_marker_alone_places_nothing(calibration: Calibration) -> None:
    one = _carrier_markers(calibration, 225.0, 225.0, 0.0, range(3, 4))
    placed = place(one + one, calibration, FIVE_BY_FIVE_MAP, 25.0, CARRIER, min_codes=2)
    assert placed.placements == [] and placed.partial == {tag(5)}


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
