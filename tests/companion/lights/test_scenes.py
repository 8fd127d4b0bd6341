from __future__ import annotations

from dataclasses import replace

import pytest

from companion import grid
from companion.lights import scenes
from companion.lights.board_view import BoardView
from companion.lights.colours import OFF, TURN_ORDER_COLOURS, WHITE, Palette, mixed, scaled
from companion.lights.demo import MIDGAME, demo_view
from companion.lights.frame import Frame
from companion.lights.map_view import MapView
from companion.lights.scenes import DIM, FLASH_PERIOD, map_scene, rainbow

PALETTE = Palette()
BLUE = PALETTE.seat("A")
ORANGE = PALETTE.seat("B")


def test_spawn_lights_legal_cells_dim_and_the_portal_pale_and_bright():
    view = BoardView(
        phase="spawn",
        phase_seat="B",
        portals={"A": "a1", "B": "e5"},
        spawn_cells=frozenset({"e5", "c5", "d5"}),
    )
    frame = scenes.spawn(view, 0.0, PALETTE)
    pale = mixed(ORANGE, WHITE, scenes.PORTAL_WHITE)
    assert frame.colour("e5") == pale  # portal, pulse at its peak at t=0
    assert frame.colour("c5") == frame.colour("d5") == scaled(ORANGE, scenes.DIM)
    assert frame.colour("a1") == OFF
    assert set(frame.cells) == {"e5", "c5", "d5"}
    # the portal breathes, never down to the other cells; they stay steady
    later = scenes.spawn(view, scenes.PULSE_PERIOD / 2, PALETTE)
    assert later.colour("e5") == scaled(pale, scenes.PORTAL_LOW)
    assert min(later.colour("e5")) > max(frame.colour("c5")) // 2
    assert sum(later.colour("e5")) > 2 * sum(frame.colour("c5"))
    assert later.colour("c5") == frame.colour("c5")


def test_shift_shows_mover_and_destinations():
    frame = scenes.shift(demo_view("shift"), 0.0, PALETTE)
    assert frame.colour("b3") == BLUE
    assert {c for c, rgb in frame.cells.items() if rgb == scaled(BLUE, scenes.DIM)} == {
        "a3",
        "b4",
        "a2",
        "c2",
        "a4",
    }


def test_strike_marks_contested_cells_over_occupancy():
    frame = scenes.strike(demo_view("strike"), 0.0, PALETTE)
    assert frame.colour("c4") == PALETTE.contested
    assert frame.colour("c3") == scaled(ORANGE, scenes.DIM)
    assert frame.colour("b3") == scaled(BLUE, scenes.DIM)


def test_conquest_colours_claims_contested_and_unheld_scoring_cells():
    frame = scenes.conquest(demo_view("conquest"), 0.0, PALETTE)
    assert frame.colour("b3") == frame.colour("d4") == BLUE
    assert frame.colour("c3") == frame.colour("b2") == ORANGE
    assert frame.colour("c4") == PALETTE.contested
    assert frame.colour("d3") == PALETTE.neutral
    assert frame.colour("a1") == OFF  # not a scoring cell
    assert set(frame.cells) == set(MIDGAME.scoring_cells)


def test_illegal_flashes_red_over_the_state():
    view = demo_view("illegal")
    on = scenes.illegal(view, 0.0, PALETTE)
    off = scenes.illegal(view, scenes.FLASH_PERIOD * 0.75, PALETTE)
    assert on.colour("e3") == PALETTE.illegal
    assert off.colour("e3") == OFF
    assert on.colour("b3") == scaled(BLUE, scenes.DIM)  # the base scene still shows


def test_turn_won_wipes_from_the_winners_edge():
    view = demo_view("turn_won")  # seat B won the last turn; B sits at row 5
    early = scenes.turn_won(view, 0.3, PALETTE)  # 0.3 / 1.5 × 6 → 1 row
    assert {grid.row_of(c) for c in early.cells} == {5}
    later = scenes.turn_won(view, 1.0, PALETTE)  # 4 rows
    assert {grid.row_of(c) for c in later.cells} == {2, 3, 4, 5}
    assert set(later.cells.values()) == {ORANGE}


def test_game_won_fills_the_board_with_the_winner():
    frame = scenes.game_won(demo_view("game_won"), 0.0, PALETTE)
    assert len(frame.cells) == 25 and set(frame.cells.values()) == {BLUE}


def test_attract_moves_over_time_and_uses_every_cell():
    first = scenes.attract(MIDGAME, 0.0, PALETTE)
    second = scenes.attract(MIDGAME, 2.0, PALETTE)
    assert len(first.cells) == 25
    assert first.cells != second.cells


def test_calibration_markers_are_asymmetric():
    frame = scenes.calibration(MIDGAME, 0.0, PALETTE)
    corners = [frame.colour(c) for c in ("a1", "e1", "a5", "e5")]
    assert len(set(corners)) == 4
    assert frame.colour("a1") == BLUE and frame.colour("e5") == ORANGE


@pytest.mark.parametrize(
    ("scene", "expected"),
    [
        ("spawn", scenes.spawn),
        ("shift", scenes.shift),
        ("strike", scenes.strike),
        ("conquest", scenes.conquest),
        ("game_won", scenes.game_won),
    ],
)
def test_state_scene_follows_phase_and_pending(scene, expected):
    view = demo_view(scene)
    assert scenes.state_scene(view, 0.2, PALETTE) == expected(view, 0.2, PALETTE)


def test_state_scene_plays_turn_won_then_returns_to_the_board():
    view = demo_view("turn_won")
    assert scenes.state_scene(view, 1.0, PALETTE) == scenes.turn_won(view, 1.0, PALETTE)
    late = scenes.TURN_WON_SECONDS + 1
    assert scenes.state_scene(view, late, PALETTE) == scenes.occupancy(view, late, PALETTE)


def test_state_scene_overlays_flags():
    view = demo_view("illegal")
    assert scenes.state_scene(view, 0.0, PALETTE).colour("e3") == PALETTE.illegal


def test_occupancy_uses_configured_seat_colours():
    palette = PALETTE.with_seat_colours({"A": "#00FF00"})
    frame = scenes.occupancy(MIDGAME, 0.0, palette)
    assert frame.colour("b3") == scaled((0, 255, 0), scenes.DIM)


def test_every_scene_runs_on_every_demo_view():
    for name, scene in scenes.SCENES.items():
        for t in (0.0, 0.7, 5.0):
            frame = scene(demo_view(name), t, PALETTE)
            assert set(frame.cells) <= set(grid.CELLS)


def test_shift_before_a_pick_up_shows_the_movable_creatures():
    view = BoardView(
        phase="action", phase_seat="A", pending_kind="shift", movable=frozenset({"b3", "d4"})
    )
    frame = scenes.state_scene(view, 0.0, PALETTE)
    assert dict(frame.cells) == {"b3": BLUE, "d4": BLUE}


@pytest.mark.parametrize(
    "kind", ["choose_strike_cell", "attack_dice", "assign_blade", "assign_damage", "reroll"]
)
def test_strike_kinds_show_contested_cells(kind):
    view = BoardView(
        phase="action",
        phase_seat="A",
        pending_kind=kind,
        contested=frozenset({"c3"}),
        occupants={"c3": ("A", "B")},
    )
    assert scenes.state_scene(view, 0.0, PALETTE).colour("c3") == PALETTE.contested


# -- the games on other maps -------------------------------------------------------------------

ARENA = MapView(
    seats=("p1", "p2"),
    pieces={"a1": "p1", "c2": "p1", "f3": "p2"},
    glyphs={"c2": "p1", "d3": None},
    prompted=frozenset({"f3"}),
)


def test_map_scene_shows_pieces_in_turn_order_colours_and_glyphs():
    frame = map_scene(ARENA, 0.0, PALETTE)
    assert frame.colour("a1") == scaled(TURN_ORDER_COLOURS[0], DIM)
    assert frame.colour("c2") == TURN_ORDER_COLOURS[0]  # a held glyph: the holder at full level
    assert frame.colour("d3") == PALETTE.neutral  # nobody holds it
    assert frame.colour("b1") == OFF


def test_map_scene_flashes_prompted_cells_and_flags_over_them():
    assert map_scene(ARENA, 0.0, PALETTE).colour("f3") == PALETTE.prompt
    assert map_scene(ARENA, FLASH_PERIOD * 0.75, PALETTE).colour("f3") == OFF
    flagged = replace(ARENA, flagged=frozenset({"f3"}))
    assert map_scene(flagged, 0.0, PALETTE).colour("f3") == PALETTE.illegal


def test_map_scene_uses_a_seat_colour_the_palette_names():
    palette = PALETTE.with_seat_colours({"p2": "#56B4E9"})
    view = replace(ARENA, prompted=frozenset())
    assert map_scene(view, 0.0, palette).colour("f3") == scaled((86, 180, 233), DIM)
    assert map_scene(view, 0.0, palette).colour("a1") == scaled(TURN_ORDER_COLOURS[0], DIM)


def test_map_scene_at_the_end_the_winners_pieces_breathe():
    over = replace(ARENA, prompted=frozenset(), over=True, winners=frozenset({"p2"}))
    frame = map_scene(over, 0.0, PALETTE)
    assert frame.colour("f3") == TURN_ORDER_COLOURS[1]  # the breath starts at full level
    assert frame.colour("a1") == scaled(TURN_ORDER_COLOURS[0], DIM)
    assert map_scene(over, 1.0, PALETTE).colour("f3") != TURN_ORDER_COLOURS[1]


def test_map_scene_shows_a_tapped_piece_darker_and_a_wounded_one_blinking_red():
    view = replace(ARENA, prompted=frozenset(), tapped=frozenset({"a1"}), wounded=frozenset({"f3"}))
    frame = map_scene(view, 0.0, PALETTE)
    assert frame.colour("a1") == scaled(TURN_ORDER_COLOURS[0], scenes.TAPPED)
    assert frame.colour("f3") == scaled(PALETTE.illegal, DIM)  # the blink
    later = map_scene(view, scenes.WOUND_BLINK + 0.1, PALETTE)
    assert later.colour("f3") == scaled(TURN_ORDER_COLOURS[1], DIM)  # between blinks: its seat


def test_rainbow_lights_every_cell_of_any_map():
    cells = ("a1", "b1", "h6")
    assert set(rainbow(cells, 0.0).cells) == set(cells)
    assert rainbow(cells, 0.0).colour("a1") != rainbow(cells, 1.0).colour("a1")


# -- a remote table: the absent seat's miniatures (issue 28) ------------------------------------

BLUE, ORANGE = PALETTE.seat("A"), PALETTE.seat("B")
AWAY = frozenset({"B"})


def test_an_absent_seats_cells_show_in_its_colour_brighter_with_more_miniatures():
    view = BoardView(
        phase="action",
        occupants={"a2": ("A",), "d4": ("B",), "d3": ("B", "B", "B"), "c3": ("A", "A", "B")},
        absent=AWAY,
    )
    frame = scenes.state_scene(view, 0, PALETTE)
    assert frame.colour("a2") == scaled(BLUE, DIM)  # this table's own: as at any table
    assert frame.colour("d4") == scaled(ORANGE, scenes.absent_level(1))
    assert frame.colour("d3") == scaled(ORANGE, scenes.absent_level(3))
    assert sum(frame.colour("d3")) > sum(frame.colour("d4"))
    # two of ours, one of theirs: one engaged cell, white at their count's level
    assert frame.colour("c3") == scaled(WHITE, scenes.absent_level(1))
    normal = scenes.state_scene(replace(view, absent=frozenset()), 0, PALETTE)
    assert normal.colour("d4") == scaled(ORANGE, DIM)


def test_absent_level_grows_with_the_count_up_to_full():
    levels = [scenes.absent_level(n) for n in range(1, 7)]
    assert levels == sorted(levels) and levels[0] < levels[1] and levels[-1] == 1.0
    with pytest.raises(ValueError):
        scenes.absent_level(0)


def test_spawning_here_the_absent_seat_covers_legal_cells_but_not_the_portal():
    view = BoardView(
        phase="spawn",
        phase_seat="A",
        occupants={"b2": ("B",), "a1": ("B",)},
        portals={"A": "a1", "B": "e5"},
        spawn_cells=frozenset({"b1", "b2"}),
        absent=AWAY,
    )
    frame = scenes.state_scene(view, 0, PALETTE)
    assert frame.colour("b1") == scaled(BLUE, DIM)  # may spawn here
    assert frame.colour("b2") == scaled(ORANGE, scenes.absent_level(1))  # they stand here
    assert frame.colour("a1") == scenes.portal_colour(BLUE, 0)  # the portal is a marker


def test_an_absent_seats_own_prompts_are_not_drawn_here():
    spawning = BoardView(
        phase="spawn",
        phase_seat="B",
        occupants={"d4": ("B",), "b2": ("A",)},
        portals={"A": "a1", "B": "e5"},
        spawn_cells=frozenset({"e4", "d5"}),
        absent=AWAY,
    )
    frame = scenes.state_scene(spawning, 0, PALETTE)
    assert frame.colour("e4") == OFF and frame.colour("d5") == OFF and frame.colour("e5") == OFF
    assert frame.colour("d4") == scaled(ORANGE, scenes.absent_level(1))
    assert frame.colour("b2") == scaled(BLUE, DIM)
    shifting = replace(
        spawning,
        phase="action",
        pending_kind="shift",
        movable=frozenset({"d4"}),
        spawn_cells=frozenset(),
    )
    assert scenes.state_scene(shifting, 0.3, PALETTE).colour("d4") == scaled(
        ORANGE, scenes.absent_level(1)
    )  # not breathing as a creature that may move


def test_in_the_conquest_claims_and_contested_key_cells_win_over_the_absent_seat():
    view = BoardView(
        phase="conquest",
        occupants={"c3": ("A", "B"), "c4": ("B",), "b4": ("B",)},
        scoring={"A": {"c3": 3, "c4": 2}, "B": {"c3": 3, "c4": 2}},
        claims={"c4": "B"},
        contested=frozenset({"c3"}),
        absent=AWAY,
    )
    frame = scenes.state_scene(view, 0, PALETTE)
    assert frame.colour("c4") == ORANGE  # claimed: full, the claim's colour
    assert frame.colour("c3") == scenes.conquest(view, 0, PALETTE).colour("c3")
    assert frame.colour("b4") == scaled(ORANGE, scenes.absent_level(1))  # not a key cell


def test_flags_win_over_the_absent_seat_and_the_won_game_over_everything():
    view = BoardView(
        phase="action", occupants={"d4": ("B",)}, flagged=frozenset({"d4"}), absent=AWAY
    )
    assert scenes.state_scene(view, 0, PALETTE).colour("d4") == PALETTE.illegal
    over = BoardView(phase="game_over", winner="A", occupants={"d4": ("B",)}, absent=AWAY)
    assert scenes.state_scene(over, 0, PALETTE) == scenes.game_won(over, 0, PALETTE)


def test_an_overlay_goes_over_the_scene_and_under_the_flags():
    view = BoardView(
        phase="action", occupants={"d4": ("B",)}, flagged=frozenset({"a1"}), absent=AWAY
    )
    overlay = Frame({"d4": WHITE, "a1": WHITE})
    frame = scenes.state_scene(view, 0, PALETTE, overlay)
    assert frame.colour("d4") == WHITE and frame.colour("a1") == PALETTE.illegal
