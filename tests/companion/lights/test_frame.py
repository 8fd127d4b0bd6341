from __future__ import annotations

import pytest

from companion.lights.frame import Frame


def test_unnamed_cells_are_dark():
    frame = Frame({"a1": (1, 2, 3)})
    assert frame.colour("a1") == (1, 2, 3)
    assert frame.colour("e5") == (0, 0, 0)
    assert Frame({}).colour("c3") == (0, 0, 0)


def test_over_draws_on_top():
    top = Frame({"a1": (9, 9, 9)})
    below = Frame({"a1": (1, 1, 1), "b1": (2, 2, 2)})
    assert dict(top.over(below).cells) == {"a1": (9, 9, 9), "b1": (2, 2, 2)}


def test_bad_cell_or_colour_is_refused():
    with pytest.raises(ValueError, match="9f"):
        Frame({"9f": (0, 0, 0)})
    with pytest.raises(ValueError, match="cell name"):
        Frame({3: (0, 0, 0)})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="RGB"):
        Frame({"a1": (0, 0, 300)})


def test_frame_is_immutable():
    frame = Frame({"a1": (1, 2, 3)})
    with pytest.raises(TypeError):
        frame.cells["a1"] = (0, 0, 0)  # type: ignore[index]


def test_cells_of_any_map_are_named_like_squares():
    frame = Frame({"h7": (1, 2, 3), "aa1": (4, 5, 6)})
    assert frame.colour("h7") == (1, 2, 3)
    assert frame.colour("aa1") == (4, 5, 6)
