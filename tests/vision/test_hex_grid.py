import math

import numpy as np
import pytest

from vision.hex_grid import ORIENTATIONS, HexGrid, axial_distance, cube_round

HEX = 40.0


@pytest.fixture(params=ORIENTATIONS)
def hexes(request: pytest.FixtureRequest) -> HexGrid:
    return HexGrid(7, 5, HEX, request.param)


def test_every_hex_centre_maps_back_to_its_hex(hexes: HexGrid) -> None:
    assert len(hexes.cells) == 35
    for cell in hexes.cells:
        x, y = hexes.cell_centre_mm(cell)
        assert 0 < x < hexes.width_mm and 0 < y < hexes.height_mm
        assert hexes.cell_at_mm(x, y) == cell
        assert hexes.border_distance_mm(x, y) == pytest.approx(HEX / 2)


def test_points_go_to_the_nearest_centre(hexes: HexGrid) -> None:
    """Hex rounding: every point lands in the hex whose centre is nearest (a plain row/column
    rounding gets the corners between rows wrong)."""
    cells = list(hexes.cells)
    centres = np.array([hexes.cell_centre_mm(cell) for cell in cells])
    rng = np.random.default_rng(5)
    checked = 0
    for x, y in rng.uniform((0, 0), (hexes.width_mm, hexes.height_mm), size=(3000, 2)):
        cell = hexes.cell_at_mm(float(x), float(y))
        distances = dict(zip(cells, np.linalg.norm(centres - (x, y), axis=1).tolist(), strict=True))
        nearest = min(distances, key=lambda c: distances[c])
        if distances[nearest] > HEX / math.sqrt(3):  # outside every hex: a bounding-box corner
            assert cell is None
            continue
        if cell is None:  # only points in hexes beyond the map's edge
            assert distances[nearest] > HEX / 2 - 1e-6
            continue
        checked += 1
        assert distances[cell] <= distances[nearest] + 1e-9
    assert checked > 2000


def test_border_distance_falls_to_zero_on_a_side(hexes: HexGrid) -> None:
    a, b = hexes.neighbours("c3")[:2]
    (ax, ay), (bx, by) = hexes.cell_centre_mm(a), hexes.cell_centre_mm(b)
    mid = ((ax + bx) / 2, (ay + by) / 2)
    assert hexes.border_distance_mm(*mid) == pytest.approx(0.0, abs=1e-9)
    quarter = (ax + (bx - ax) / 4, ay + (by - ay) / 4)
    assert hexes.border_distance_mm(*quarter) == pytest.approx(HEX / 4)


def test_pointy_rows_are_staggered() -> None:
    pointy = HexGrid(4, 3, HEX, "pointy")
    (x1, y1), (x2, y2) = pointy.cell_centre_mm("a1"), pointy.cell_centre_mm("a2")
    assert x2 - x1 == pytest.approx(HEX / 2)
    assert y2 - y1 == pytest.approx(HEX * math.sqrt(3) / 2)
    assert pointy.width_mm == pytest.approx(4.5 * HEX)


def test_flat_columns_are_staggered() -> None:
    flat = HexGrid(4, 3, HEX, "flat")
    (x1, y1), (x2, y2) = flat.cell_centre_mm("a1"), flat.cell_centre_mm("b1")
    assert y2 - y1 == pytest.approx(HEX / 2)
    assert x2 - x1 == pytest.approx(HEX * math.sqrt(3) / 2)
    assert flat.height_mm == pytest.approx(3.5 * HEX)


def test_neighbours_are_one_step_away_and_touch(hexes: HexGrid) -> None:
    inside = hexes.neighbours("c3")
    assert len(inside) == 6
    for other in inside:
        assert hexes.distance("c3", other) == 1
        (x1, y1), (x2, y2) = hexes.cell_centre_mm("c3"), hexes.cell_centre_mm(other)
        assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(HEX)
    assert 2 <= len(hexes.neighbours("a1")) <= 3


def test_distance_counts_steps(hexes: HexGrid) -> None:
    assert hexes.distance("a1", "a1") == 0
    far = hexes.cells[-1]
    # a shortest path never needs more steps than columns + rows
    assert 0 < hexes.distance("a1", far) <= hexes.columns + hexes.rows


def test_outline_has_six_corners_one_radius_out(hexes: HexGrid) -> None:
    cx, cy = hexes.cell_centre_mm("b2")
    corners = hexes.cell_outline_mm("b2")
    assert len(corners) == 6
    for x, y in corners:
        assert math.hypot(x - cx, y - cy) == pytest.approx(HEX / math.sqrt(3))
    x0, y0, x1, y1 = hexes.cell_rect_mm("b2")
    assert x0 < cx < x1 and y0 < cy < y1


def test_cube_round_picks_the_nearest_hex() -> None:
    assert cube_round(0.1, 0.1) == (0, 0)
    assert cube_round(0.6, 0.0) == (1, 0)
    assert cube_round(0.3, 0.45) == (0, 1)
    assert axial_distance((0, 0), (2, -1)) == 2


@pytest.mark.parametrize(
    "kwargs",
    [
        {"columns": 0, "rows": 3, "hex_mm": HEX},
        {"columns": 3, "rows": 3, "hex_mm": 0.0},
        {"columns": 3, "rows": 3, "hex_mm": HEX, "orientation": "round"},
    ],
)
def test_bad_maps_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        HexGrid(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["h1", "a6", "zz", "A1"])
def test_cells_outside_the_map_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        HexGrid(7, 5, HEX).index_of(bad)


def test_the_pipeline_reads_figures_onto_hexes() -> None:
    """Frame → tags → hexes with the real stages: a synthetic hex map under a tilted camera."""
    from vision.board_change import TagId
    from vision.calibration import calibrate_from_markers
    from vision.pipeline import Pipeline, PipelineConfig
    from vision.synth import Scene, View, pieces_at, render
    from vision.tags import ZxingReader
    from vision.tracking import TrackerConfig

    hexes = HexGrid(6, 5, 60.0, "pointy")
    truth = {TagId("ar", "chandra", 1): "b2", TagId("ar", "goblins", 2): "e4"}
    truth[TagId("ar", "goblins", 1)] = "f5"  # the shifted row's last hex
    scene = Scene(hexes, pieces_at(hexes, truth), tag_mm=30.0, base_mm=45.0, seed=4)
    view = View(1100, 900, px_per_mm=2.0, rotation_deg=-3.0, tilt=0.04)
    frames = [render(scene, view, seed=i) for i in range(3)]
    calibration = calibrate_from_markers(frames[0][..., 1], hexes)
    config = PipelineConfig(base_mm=45.0, tracker=TrackerConfig(stable_frames=2))
    pipeline = Pipeline(hexes, calibration, ZxingReader(), config)
    changes = [pipeline.process(frame).change for frame in frames]
    assert [c.added for c in changes if c is not None] == [truth]
    assert pipeline.tracker.board == scene.true_board() == truth
