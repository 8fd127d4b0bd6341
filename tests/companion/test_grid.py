import pytest

from companion import grid


def test_cells_are_named_from_seat_a_side():
    assert len(grid.CELLS) == 25
    assert grid.CELLS[0] == "a1"
    assert grid.CELLS[-1] == "e5"
    assert grid.coords("c3") == (2, 2)
    assert grid.cell_at(4, 0) == "e1"


def test_orthogonal_neighbours_stay_on_the_map():
    assert sorted(grid.orthogonal_neighbours("a1")) == ["a2", "b1"]
    assert sorted(grid.orthogonal_neighbours("c3")) == ["b3", "c2", "c4", "d3"]


@pytest.mark.parametrize("bad", ["f1", "a6", "a0", "", "A1", "a10"])
def test_unknown_cell_names_are_rejected(bad):
    with pytest.raises(ValueError):
        grid.check_cell(bad)
