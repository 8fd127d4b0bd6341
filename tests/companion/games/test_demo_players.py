"""The demos' players: one list of names, in English and Japanese, for every game's demo."""

from __future__ import annotations

import pytest

from companion.games.arena import demo as arena_demo
from companion.games.demo_players import DEMO_PLAYERS, named_details, player, players, seated
from companion.games.dreamblade import demo_game as dreamblade_demo
from companion.games.dungeon_command import demo as dungeon_command_demo
from companion.games.planechase import demo as planechase_demo


def test_every_demo_player_has_a_name_in_each_language_that_is_not_the_seat_id():
    for seat, names in DEMO_PLAYERS.items():
        assert set(names) == {"en", "ja"}
        assert seat.capitalize() not in names.values()  # a name, not the id capitalized
        assert names["en"] != names["ja"]


def test_the_demos_seat_the_shared_players():
    assert players(("ann", "ben", "cho")) == planechase_demo.PLAYER_NAMES
    assert players(("ann", "ben")) == arena_demo.PLAYER_NAMES
    assert players(("ann", "ben")) == dungeon_command_demo.PLAYER_NAMES
    assert set(planechase_demo.PLAYER_NAMES) == set(planechase_demo.SEATS)
    assert set(arena_demo.PLAYER_NAMES) == {army.seat for army in arena_demo.demo_setup().armies}


def test_the_dreamblade_demo_seats_two_of_them_at_its_seats():
    assert {"A": DEMO_PLAYERS["ann"], "B": DEMO_PLAYERS["ben"]} == dreamblade_demo.PLAYER_NAMES
    assert set(dreamblade_demo.PLAYER_NAMES) == set(dreamblade_demo.DEMO_WARBANDS)
    with pytest.raises(KeyError):
        seated({"A": "zed"})


def test_a_seat_no_demo_player_sits_at_is_refused_by_players_and_left_alone_by_player():
    with pytest.raises(KeyError):
        players(("ann", "zed"))
    assert player("zed") == "zed"
    assert player(None) == "None"
    assert player("ben", "ja") == "佐藤ベン"


def test_named_details_names_seats_given_as_values_and_as_keys_and_leaves_the_rest():
    details = {"winner": "cho", "scores": {"ann": 3, "ben": 1}, "plane_name": "Minamo", "turn": 2}
    assert named_details(details, "ja") == {
        "winner": "チョ・ミンソ",
        "scores": {"アンナ・ウェーバー": 3, "佐藤ベン": 1},
        "plane_name": "Minamo",
        "turn": 2,
    }
    assert named_details({"figures": {"walker-a": 1}}) == {"figures": {"walker-a": 1}}
    assert details["winner"] == "cho"  # the engine's details are not changed


@pytest.mark.parametrize("demo", [planechase_demo, arena_demo, dungeon_command_demo])
def test_each_demos_printed_lines_name_its_players_not_their_seats(demo):
    lines = demo.run_demo()
    words = {word.strip(".,:;()") for line in lines for word in line.split()}
    assert not words & {"ann", "ben", "cho"}
    assert "Anna Weber" in lines[-2]
    assert "アンナ・ウェーバー" in lines[-1]
