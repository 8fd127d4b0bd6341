import pytest

from companion import grid
from vision.map_grid import FIVE_BY_FIVE_MAP, MapGrid


def test_dreamblade_map_names_cells_like_the_game_grid() -> None:
    assert FIVE_BY_FIVE_MAP.cells == grid.CELLS


@pytest.mark.parametrize(
    ("x", "y", "cell"),
    [(1, 1, "a1"), (449, 1, "e1"), (1, 449, "a5"), (225, 225, "c3"), (90, 0, "b1")],
)
def test_cell_at_mm(x: float, y: float, cell: str) -> None:
    assert FIVE_BY_FIVE_MAP.cell_at_mm(x, y) == cell


@pytest.mark.parametrize(("x", "y"), [(-1, 10), (10, 450), (450, 10)])
def test_points_off_the_map_have_no_cell(x: float, y: float) -> None:
    assert FIVE_BY_FIVE_MAP.cell_at_mm(x, y) is None


def test_border_distance_is_to_the_nearest_line() -> None:
    assert FIVE_BY_FIVE_MAP.border_distance_mm(45, 45) == 45
    assert FIVE_BY_FIVE_MAP.border_distance_mm(88, 45) == pytest.approx(2)
    assert FIVE_BY_FIVE_MAP.border_distance_mm(100, 178) == pytest.approx(2)


def test_cell_rectangles_and_centres_round_trip() -> None:
    for cell in FIVE_BY_FIVE_MAP.cells:
        assert FIVE_BY_FIVE_MAP.cell_at_mm(*FIVE_BY_FIVE_MAP.cell_centre_mm(cell)) == cell
    assert FIVE_BY_FIVE_MAP.cell_rect_mm("b3") == (90, 180, 180, 270)


def test_other_square_grids_reuse_it() -> None:
    tiles = MapGrid(200, 100, 4, 2, lambda c, r: f"{c},{r}")
    assert tiles.cells == ("0,0", "1,0", "2,0", "3,0", "0,1", "1,1", "2,1", "3,1")
    assert tiles.cell_at_mm(120, 60) == "2,1"
    with pytest.raises(ValueError):
        tiles.index_of("9,9")


def test_empty_maps_are_refused() -> None:
    with pytest.raises(ValueError):
        MapGrid(0, 100, 1, 1, lambda c, r: "x")
