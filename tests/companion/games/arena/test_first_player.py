"""Who goes first (seed 003, "two-player game" and "multiplayer game"): each player rolls a d20,
the highest goes first, ties re-roll; in a team game each team rolls once. The rolls are
entered in seat order, typed from a real die or rolled on the phone."""

import pytest

from companion.errors import IllegalActionError
from companion.games.arena.actions import FirstRoll
from companion.games.arena.game import FIRST_PLAYER, FIRST_ROLL_TIED, Arena
from companion.games.arena.setup import Setup

from .conftest import army, duel_setup, play


def melee():
    return Arena(Setup("melee", (army("a"), army("b"), army("c")), {"g1": "power"}))


def test_the_game_opens_with_the_d20_and_the_highest_goes_first():
    """Seed 003: each player rolls the d20; the higher roll goes first, not the first seat."""
    game = Arena(duel_setup())
    pending = game.pending()
    assert (pending.seat, pending.kind) == ("a", "first_roll")
    assert game.legal_actions() == [FirstRoll("a", n) for n in range(1, 21)]
    play(game, "d20 a 7")
    assert game.pending().seat == "b"
    assert play(game, "d20 b 15").actions[-1] == FirstRoll("b", 15)
    pending = game.pending()
    assert (pending.seat, pending.kind) == ("b", "choose_army")
    assert pending.details["draw_spell"] is False  # two players: no draw on the first turn
    play(game, "choose pw-b", "end")
    assert game.pending().seat == "a"  # then play passes on


def test_a_tie_for_the_highest_rolls_again_only_among_the_tied():
    """Seed 003, multiplayer: ties re-roll; a lower roll is out of it."""
    game = melee()
    play(game, "d20 a 18", "d20 b 4")
    events = game.push(FirstRoll("c", 18))
    assert [e.data for e in events if e.kind == FIRST_ROLL_TIED] == [
        {"seats": ["a", "c"], "result": 18}
    ]
    pending = game.pending()
    assert (pending.seat, pending.details["round"]) == ("a", 2)
    assert pending.details["rollers"] == ["a", "c"]
    with pytest.raises(IllegalActionError):
        game.push(FirstRoll("b", 20))  # b is out of the re-roll
    play(game, "d20 a 3")
    events = game.push(FirstRoll("c", 11))
    first = [e.data for e in events if e.kind == FIRST_PLAYER]
    assert first == [{"seat": "c", "rolls": [{"a": 18, "b": 4, "c": 18}, {"a": 3, "c": 11}]}]
    assert game.pending().seat == "c" and game.pending().details["draw_spell"] is True
    play(game, "choose pw-c", "end")
    assert game.pending().seat == "a"  # seat order continues from the first player


def test_in_a_team_game_each_team_rolls_once():
    """Seed 003, team rules: each team rolls once to decide the starting team."""
    armies = (army("a", "t1"), army("b", "t2"), army("c", "t1"), army("d", "t2"))
    game = Arena(Setup("skirmish", armies, {}))
    assert game.first_rollers() == ["a", "b"]
    play(game, "d20 a 5", "d20 b 12")
    assert game.pending().seat == "b" and game.pending().kind == "choose_army"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("d20 a 0", "seed 003: first player, d20"),
        ("d20 a 21", "seed 003: first player, d20"),
        ("d20 b 12", "seed 003: first player, rolls in turn"),
        ("d20 z 12", "seed 003: first player, rolls in turn"),
        ("choose pw-a", "seed 003: action 2, choose an army card"),
    ],
)
def test_a_bad_roll_is_refused_with_its_rule_and_changes_nothing(text, rule):
    game = Arena(duel_setup())
    before = game.position()
    with pytest.raises(IllegalActionError) as caught:
        game.push(game.parse_action(text))
    assert caught.value.rule == rule
    assert game.position() == before and game.actions == []


def test_the_rolls_survive_a_position_and_a_record():
    game = melee()
    play(game, "d20 a 9", "d20 b 9", "d20 c 2", "d20 a 4")
    again = Arena.from_position(game.position())
    assert again.pending() == game.pending()
    replay = Arena.from_record(game.record())
    assert replay.position() == game.position()
    play(again, "d20 b 5")
    assert again.pending().seat == "b" and again.pending().kind == "choose_army"
