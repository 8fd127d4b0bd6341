import pytest

from companion import grid
from vision.square_grid import column_letters, parse_square, square_grid, square_name


@pytest.mark.parametrize(
    ("column", "letters"), [(0, "a"), (25, "z"), (26, "aa"), (27, "ab"), (701, "zz"), (702, "aaa")]
)
def test_columns_are_named_like_spreadsheet_columns(column: int, letters: str) -> None:
    assert column_letters(column) == letters


def test_names_round_trip() -> None:
    for column in range(0, 800, 7):
        for row in (0, 1, 9, 30):
            assert parse_square(square_name(column, row)) == (column, row)


@pytest.mark.parametrize("bad", ["", "a", "1", "a0", "A1", "a-1", "1a", "a01"])
def test_bad_names_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_square(bad)


def test_negative_indices_are_refused() -> None:
    with pytest.raises(ValueError):
        square_name(-1, 0)
    with pytest.raises(ValueError):
        square_name(0, -1)


def test_a_five_by_five_grid_names_cells_like_dreamblade() -> None:
    assert square_grid(5, 5, 90.0).cells == grid.CELLS


def test_an_inch_grid_maps_points_to_squares() -> None:
    inch = 25.4
    battlefield = square_grid(30, 20, inch)
    assert (battlefield.width_mm, battlefield.height_mm) == pytest.approx((30 * inch, 20 * inch))
    assert battlefield.cell_at_mm(0.5, 0.5) == "a1"
    assert battlefield.cell_at_mm(26 * inch + 3, 19 * inch + 3) == "aa20"
    assert battlefield.cell_at_mm(30 * inch, 3) is None
    assert battlefield.cell_centre_mm("b3") == pytest.approx((1.5 * inch, 2.5 * inch))
    assert battlefield.border_distance_mm(1.5 * inch, 2.5 * inch) == pytest.approx(inch / 2)


@pytest.mark.parametrize(("columns", "rows", "size"), [(0, 3, 25.4), (3, 0, 25.4), (3, 3, 0.0)])
def test_empty_or_sizeless_grids_are_refused(columns: int, rows: int, size: float) -> None:
    with pytest.raises(ValueError):
        square_grid(columns, rows, size)


def test_the_pipeline_reads_minis_onto_inch_squares() -> None:
    """Frame → tags → squares with the real stages on 1-inch squares and 1-inch bases."""
    from vision.board_change import TagId
    from vision.calibration import calibrate_from_markers
    from vision.pipeline import Pipeline, PipelineConfig
    from vision.synth import Scene, View, pieces_at, render
    from vision.tags import ZxingReader
    from vision.tracking import TrackerConfig

    battlefield = square_grid(10, 8, 25.4)
    truth = {TagId("dc", "THUG", 1): "b2", TagId("dc", "ARCHER", 1): "c2"}
    truth[TagId("dc", "CLERIC", 1)] = "j8"
    scene = Scene(battlefield, pieces_at(battlefield, truth), tag_mm=14.0, base_mm=24.0, seed=2)
    view = View(1600, 1400, px_per_mm=4.5, rotation_deg=2.0, tilt=0.03)
    frames = [render(scene, view, seed=i) for i in range(3)]
    calibration = calibrate_from_markers(frames[0][..., 1], battlefield)
    config = PipelineConfig(base_mm=24.0, tracker=TrackerConfig(stable_frames=2))
    pipeline = Pipeline(battlefield, calibration, ZxingReader(), config)
    changes = [pipeline.process(frame).change for frame in frames]
    assert [c.added for c in changes if c is not None] == [truth]
    assert pipeline.tracker.board == scene.true_board() == truth
