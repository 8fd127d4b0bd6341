from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import grid
from companion.errors import DataFileError
from companion.games import fixed_maps
from firmware_config.layout import (
    MapShape,
    Panel,
    available_layouts,
    check_layout_map,
    compile_layout,
    load_layout,
    panel_positions,
)

DREAMBLADE = MapShape("dreamblade", 5, 5, fixed=True)  # the 5×5 map, as Dreamblade's kit names it


def _panel(**overrides: Any) -> Panel:
    values: dict[str, Any] = dict(
        width=3,
        height=2,
        position=(0, 0),
        origin="near_left",
        first_run="rows",
        serpentine=False,
        skip_before=0,
    )
    values.update(overrides)
    return Panel(**values)


def _grid_layout(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "test",
        "colour_order": "GRB",
        "gamma": 2.0,
        "brightness": 255,
        "power": {"budget_ma": 1000, "ma_per_channel": 20, "idle_ma_per_led": 1},
        "panels": [
            {
                "width": 5,
                "height": 5,
                "origin": "near_left",
                "first_run": "rows",
                "serpentine": False,
            }
        ],
        "cells": {"size": [1, 1]},
    }
    data.update(overrides)
    return data


def test_progressive_rows_from_near_left():
    assert panel_positions(_panel()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


def test_serpentine_rows_turn_back_every_other_run():
    assert panel_positions(_panel(serpentine=True)) == [
        (0, 0),
        (1, 0),
        (2, 0),
        (2, 1),
        (1, 1),
        (0, 1),
    ]


def test_serpentine_columns_from_far_right():
    positions = panel_positions(_panel(origin="far_right", first_run="columns", serpentine=True))
    # x=2 column first, from the far edge (y=1) to the near edge, then back up x=1, then x=0.
    assert positions == [(2, 1), (2, 0), (1, 0), (1, 1), (0, 1), (0, 0)]


def test_panel_position_offsets_the_grid():
    assert panel_positions(_panel(width=1, height=2, position=(4, 7))) == [(4, 7), (4, 8)]


def test_one_led_per_cell_in_row_order():
    layout = compile_layout(_grid_layout(), fixed_maps())
    assert layout.led_count == 25
    assert [layout.cell_leds[cell] for cell in grid.CELLS] == [(i,) for i in range(25)]


def test_gaps_and_margins_leave_dark_leds():
    data = _grid_layout(
        panels=[
            {
                "width": 11,
                "height": 11,
                "origin": "near_left",
                "first_run": "rows",
                "serpentine": False,
            }
        ],
        cells={"size": [1, 1], "gap": [1, 1], "margin": [1, 1]},
    )
    layout = compile_layout(data, fixed_maps())
    assert layout.cell_leds["a1"] == (1 * 11 + 1,)
    assert layout.cell_leds["b1"] == (1 * 11 + 3,)
    assert layout.cell_leds["a2"] == (3 * 11 + 1,)
    assert layout.cell_leds["e5"] == (9 * 11 + 9,)
    lit = {led for leds in layout.cell_leds.values() for led in leds}
    assert len(lit) == 25 and layout.led_count == 121
    assert layout.led_cell[0] == -1
    assert layout.led_cell[12] == grid.CELLS.index("a1")
    assert sum(1 for owner in layout.led_cell if owner >= 0) == 25


def test_skipped_leds_shift_the_chain():
    data = _grid_layout()
    data["panels"][0]["skip_before"] = 4
    layout = compile_layout(data, fixed_maps())
    assert layout.led_count == 29
    assert layout.cell_leds["a1"] == (4,)


def test_two_panels_chain_one_after_the_other():
    data = _grid_layout(
        panels=[
            {
                "width": 5,
                "height": 3,
                "origin": "near_left",
                "first_run": "rows",
                "serpentine": False,
            },
            {
                "width": 5,
                "height": 2,
                "position": [0, 3],
                "origin": "near_left",
                "first_run": "rows",
                "serpentine": False,
                "skip_before": 2,
            },
        ]
    )
    layout = compile_layout(data, fixed_maps())
    assert layout.led_count == 27
    assert layout.cell_leds["e3"] == (14,)
    assert layout.cell_leds["a4"] == (17,)


def test_shipped_matrix_serpentine_from_far_left():
    layout = load_layout("matrix16x16", fixed_maps())
    assert layout.led_count == 256
    # a1 spans x 1..2 on y 1..2; y=1 is the 15th run from the far edge (even: left to right),
    # y=2 the 14th (odd: right to left).
    assert layout.cell_leds["a1"] == (221, 222, 225, 226)
    assert all(len(leds) == 4 for leds in layout.cell_leds.values())


def test_shipped_strips_two_by_two_after_sacrificial_leds():
    layout = load_layout("strips_2x2", fixed_maps())
    assert layout.led_count == 103
    assert layout.cell_leds["a1"] == (3, 4, 21, 22)
    assert layout.cell_leds["e5"] == (91, 92, 93, 94)


def test_every_shipped_dreamblade_layout_lights_every_cell():
    assert {"matrix16x16", "strips_2x2", "frame_25"} <= set(available_layouts())
    for name in available_layouts():
        layout = load_layout(name, fixed_maps())
        if layout.map.kind == "dreamblade":
            assert set(layout.cell_leds) == set(grid.CELLS)
        assert set(layout.cell_leds) <= set(layout.map.cells)
        assert layout.cells == tuple(c for c in layout.map.cells if c in layout.cell_leds)
        assert all(
            0 <= led < layout.led_count for leds in layout.cell_leds.values() for led in leds
        )


def test_explicit_map_accepts_indices_lists_and_ranges():
    data = _grid_layout(led_count=40, cell_leds={cell: i for i, cell in enumerate(grid.CELLS)})
    del data["panels"], data["cells"]
    data["cell_leds"]["a1"] = [30, "32-34"]
    layout = compile_layout(data, fixed_maps())
    assert layout.cell_leds["a1"] == (30, 32, 33, 34)
    assert layout.cell_leds["b1"] == (1,)


def test_compiled_layout_is_immutable():
    layout = compile_layout(_grid_layout(), fixed_maps())
    with pytest.raises(TypeError):
        layout.cell_leds["a1"] = (3,)  # type: ignore[index]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(colour_order="RGBW"), "colour_order"),
        (lambda d: d.update(brightness=300), "brightness"),
        (lambda d: d["power"].update(budget_ma=20), "power.budget_ma"),
        (lambda d: d["panels"][0].update(origin="top"), "panels[0].origin"),
        (lambda d: d["panels"][0].update(serpentine="yes"), "panels[0].serpentine"),
        (lambda d: d.update(cells={"size": [2, 1]}), "cells"),
        (lambda d: d.update(cell_leds={"a1": 0}), "panels"),
    ],
)
def test_bad_layouts_name_the_field(change, field):
    data = copy.deepcopy(_grid_layout())
    change(data)
    with pytest.raises(DataFileError) as caught:
        compile_layout(data, fixed_maps(), source="bad.yaml")
    assert caught.value.field == field
    assert caught.value.path == "bad.yaml"


def test_explicit_map_rejects_shared_and_missing_leds():
    cells = {cell: i for i, cell in enumerate(grid.CELLS)}
    shared = dict(cells, b1=0)
    data = _grid_layout(led_count=25, cell_leds=shared)
    del data["panels"], data["cells"]
    with pytest.raises(DataFileError, match="LED 0"):
        compile_layout(data, fixed_maps())
    missing = {k: v for k, v in cells.items() if k != "c3"}
    data["cell_leds"] = missing
    with pytest.raises(DataFileError) as caught:
        compile_layout(data, fixed_maps())
    assert caught.value.field == "cell_leds.c3"


def test_unknown_layout_name_lists_the_shipped_ones():
    with pytest.raises(DataFileError, match="matrix16x16"):
        load_layout("no_such_layout", fixed_maps())


@given(
    width=st.integers(1, 12),
    height=st.integers(1, 12),
    origin=st.sampled_from(["near_left", "near_right", "far_left", "far_right"]),
    first_run=st.sampled_from(["rows", "columns"]),
    serpentine=st.booleans(),
)
def test_every_panel_wiring_visits_each_position_once(width, height, origin, first_run, serpentine):
    panel = _panel(
        width=width, height=height, origin=origin, first_run=first_run, serpentine=serpentine
    )
    positions = panel_positions(panel)
    assert sorted(positions) == sorted((x, y) for x in range(width) for y in range(height))
    corner_x = width - 1 if origin.endswith("right") else 0
    corner_y = height - 1 if origin.startswith("far") else 0
    assert positions[0] == (corner_x, corner_y)
    if serpentine:  # consecutive LEDs are always neighbours on the grid
        assert all(
            abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(positions)
        )


def _explicit(shape: dict[str, Any] | None, cell_leds: dict[str, Any], led_count: int = 10):
    data = _grid_layout(led_count=led_count, cell_leds=cell_leds)
    del data["panels"], data["cells"]
    if shape is not None:
        data["map"] = shape
    return data


HEXES_3X2 = {"kind": "hexes", "columns": 3, "rows": 2}


def test_a_hex_map_may_be_partly_covered():
    layout = compile_layout(_explicit(HEXES_3X2, {"c2": [4, 5], "a1": 0}), fixed_maps())
    assert layout.map == MapShape("hexes", 3, 2)
    assert layout.cells == ("a1", "c2")  # map order, only the wired cells
    assert dict(layout.cell_leds) == {"a1": (0,), "c2": (4, 5)}
    assert layout.led_cell[:6] == (0, -1, -1, -1, 1, 1)


def test_shipped_examples_lie_under_a_hex_map_and_a_square_grid():
    hexes = load_layout("example_hexes_4x3", fixed_maps())
    assert hexes.map == MapShape("hexes", 4, 3)
    assert set(hexes.cell_leds) == {f"{c}{r}" for c in "abcd" for r in (1, 2)}
    squares = load_layout("example_squares_6x4", fixed_maps())
    assert squares.map == MapShape("squares", 6, 4)
    assert len(squares.cells) == 24
    assert squares.cell_leds["a1"] == (0, 1)
    assert squares.cell_leds["a2"] == (22, 23)  # the second run comes back from the right
    assert squares.cell_leds["a4"] == (46, 47)  # so does the fourth


@pytest.mark.parametrize(
    ("shape", "cell_leds", "field"),
    [
        (HEXES_3X2, {"d1": 0}, "cell_leds.d1"),  # off the 3×2 map
        (HEXES_3X2, {"a1": 0, "b1": [1, 0]}, "cell_leds.b1"),  # LED 0 twice
        (HEXES_3X2, {"a1": 10}, "cell_leds.a1"),  # beyond the 10-LED strip
        (HEXES_3X2, {}, "cell_leds"),
        ({"kind": "octagons", "columns": 3, "rows": 2}, {"a1": 0}, "map.kind"),
        ({"kind": "hexes", "columns": 0, "rows": 2}, {"a1": 0}, "map.columns"),
        ({"kind": "squares", "columns": 3}, {"a1": 0}, "map.rows"),
        ({"kind": "dreamblade", "columns": 3}, {"a1": 0}, "map.columns"),
    ],
)
def test_bad_map_layouts_name_the_field(shape, cell_leds, field):
    with pytest.raises(DataFileError) as caught:
        compile_layout(_explicit(shape, cell_leds), fixed_maps(), source="bad.yaml")
    assert caught.value.field == field


def test_panels_cover_a_square_grid_but_not_hexes():
    data = _grid_layout(map={"kind": "squares", "columns": 5, "rows": 2})
    layout = compile_layout(data, fixed_maps())
    assert layout.cells == tuple(f"{c}{r}" for r in (1, 2) for c in "abcde")
    data["map"] = HEXES_3X2
    with pytest.raises(DataFileError) as caught:
        compile_layout(data, fixed_maps())
    assert caught.value.field == "panels"


def test_a_layout_is_checked_against_the_games_map():
    layout = compile_layout(_explicit(HEXES_3X2, {"a1": 0}), fixed_maps())
    check_layout_map(layout, MapShape("hexes", 3, 2))
    with pytest.raises(DataFileError) as caught:
        check_layout_map(layout, MapShape("hexes", 3, 4))
    assert caught.value.field == "map.rows"
    with pytest.raises(DataFileError) as caught:
        check_layout_map(load_layout("frame_25", fixed_maps()), MapShape("squares", 5, 5))
    assert caught.value.field == "map.kind"
    check_layout_map(load_layout("frame_25", fixed_maps()), DREAMBLADE)


def test_the_fixed_maps_come_from_the_games_kits():
    """Layouts name a game's own map as its kit does; one without a ``map`` section lies under
    the first, and a kind no kit names is refused with the kinds there are."""
    assert fixed_maps() == {"dreamblade": (5, 5)}
    layout = load_layout("matrix16x16", fixed_maps())  # no map section
    assert layout.map == DREAMBLADE and layout.map.fixed and layout.cells == grid.CELLS
    named = _grid_layout(map={"kind": "dreamblade"})
    assert compile_layout(named, fixed_maps()).map == DREAMBLADE
    with pytest.raises(DataFileError) as caught:
        compile_layout(_grid_layout(map={"kind": "dreambalde"}), fixed_maps())
    assert caught.value.field == "map.kind"
    assert "one of dreamblade, squares, hexes, got 'dreambalde'" in str(caught.value)
    with pytest.raises(DataFileError) as caught:
        compile_layout(_grid_layout(), {})  # no game with a map of its own
    assert caught.value.field == "map"
    other = compile_layout(_grid_layout(map={"kind": "tiles"}), {"tiles": (5, 5), **fixed_maps()})
    assert other.map == MapShape("tiles", 5, 5, fixed=True)
