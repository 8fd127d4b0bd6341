from __future__ import annotations

import pytest

from companion.lights.board_view import BoardView
from companion.lights.colours import OFF, Palette, scaled
from companion.lights.playback import (
    LIFT_SECONDS,
    PLAYBACK_SECONDS,
    TRAIL,
    TRAVEL_SECONDS,
    Move,
    moves_between,
    path,
    playback,
)

PALETTE = Palette()
ORANGE = PALETTE.seat("B")


def _view(
    minis: dict[str, tuple[str, str]], absent: frozenset[str] = frozenset({"B"})
) -> BoardView:
    occupants: dict[str, tuple[str, ...]] = {}
    for seat, cell in minis.values():
        occupants[cell] = (*occupants.get(cell, ()), seat)
    return BoardView(
        phase="action",
        occupants=occupants,
        portals={"A": "a1", "B": "e5"},
        absent=absent,
        absent_minis={m: where for m, where in minis.items() if where[0] in absent},
    )


def test_a_move_a_spawn_from_the_portal_and_a_removal_are_read_from_two_views():
    before = _view({"B:x#1": ("B", "d4"), "B:x#2": ("B", "c3"), "A:y#1": ("A", "b2")})
    after = _view({"B:x#1": ("B", "d3"), "B:z#1": ("B", "d5"), "A:y#1": ("A", "b3")})
    assert set(moves_between(before, after)) == {
        Move("B", "d4", "d3"),
        Move("B", "e5", "d5"),  # came onto the map: from its portal
        Move("B", "c3", None),  # left the map
    }  # the seat here (A) moved too: its miniature is on this map, nothing plays


def test_two_miniatures_moving_together_play_once_and_no_change_plays_nothing():
    before = _view({"B:x#1": ("B", "d4"), "B:x#2": ("B", "d4")})
    after = _view({"B:x#1": ("B", "c4"), "B:x#2": ("B", "c4")})
    assert moves_between(before, after) == (Move("B", "d4", "c4"),)
    assert moves_between(after, after) == ()
    assert moves_between(None, after) == ()
    assert moves_between(before, _view({}, absent=frozenset())) == ()  # a normal table
    # a table that just became remote: the other seat's miniatures were there all along
    became = _view({"A:y#1": ("A", "b2"), "B:x#1": ("B", "d4")}, absent=frozenset())
    assert moves_between(became, _view({"B:x#1": ("B", "d4")})) == ()


def test_the_path_runs_diagonally_then_straight():
    assert path("a1", "c4") == ("a1", "b2", "c3", "c4")
    assert path("d4", "d3") == ("d4", "d3")
    assert path("c3", "c3") == ("c3",)


def test_a_move_lifts_the_from_cell_runs_to_the_to_cell_and_blinks_there():
    move = (Move("B", "e5", "c3"),)  # path e5 d4 c3
    assert playback(move, 0.1, PALETTE).cells == {"e5": ORANGE, "c3": OFF}
    running = playback(move, LIFT_SECONDS + TRAVEL_SECONDS * 0.5, PALETTE).cells
    assert running == {"d4": ORANGE, "e5": scaled(ORANGE, TRAIL), "c3": OFF}
    landed = LIFT_SECONDS + TRAVEL_SECONDS
    assert playback(move, landed + 0.01, PALETTE).cells == {"c3": ORANGE}
    assert playback(move, landed + 0.1, PALETTE).cells == {"c3": OFF}
    assert playback(move, PLAYBACK_SECONDS, PALETTE).cells == {}


def test_a_removed_miniature_blinks_out_on_its_last_cell():
    gone = (Move("B", "c3", None),)
    early, late = playback(gone, 0.01, PALETTE).colour("c3"), playback(gone, 1.21, PALETTE)
    assert early == scaled(ORANGE, 1 - 0.01 / PLAYBACK_SECONDS)
    assert sum(late.colour("c3")) < sum(early)


def test_a_move_needs_a_cell():
    with pytest.raises(ValueError):
        Move("B", None, None)
    with pytest.raises(ValueError):
        Move("B", "z9", "a1")


def test_a_miniature_spawned_on_its_portal_blinks_there():
    after = _view({"B:x#1": ("B", "e5")})
    assert moves_between(_view({}), after) == (Move("B", None, "e5"),)
    assert playback((Move("B", None, "e5"),), 0.01, PALETTE).cells == {"e5": ORANGE}


def test_the_remote_preview_plays_the_move_then_shows_the_board():
    from companion.lights.demo import PREVIEWS, REMOTE_CYCLE
    from companion.lights.scenes import absent_level

    draw = PREVIEWS["remote"].draw
    lifted = draw(0.1, PALETTE)
    assert lifted.colour("c3") == ORANGE and lifted.colour("d3") == OFF
    still = draw(REMOTE_CYCLE - 0.1, PALETTE)
    assert still.colour("c3") == OFF
    assert still.colour("d3") == scaled(ORANGE, absent_level(1))
    assert draw(REMOTE_CYCLE + 0.1, PALETTE) == lifted  # again
