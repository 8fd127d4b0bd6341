"""Who goes first (seed 003, "two-player game" and "multiplayer game"): each player rolls a d20,
ties re-roll; in a duel the highest roll chooses who goes first (themself or the opponent), in a
multiplayer game the highest goes first; in a team game each team rolls once. The rolls are
entered in seat order, typed from a real die or rolled on the phone."""

import pytest

from companion.errors import IllegalActionError
from companion.games.arena.actions import FirstRoll, FirstTurn
from companion.games.arena.game import FIRST_PLAYER, FIRST_ROLL_TIED, FIRST_ROLL_WON, Arena
from companion.games.arena.setup import Setup

from .conftest import army, duel_setup, play


def melee():
    return Arena(Setup("melee", (army("a"), army("b"), army("c")), {"g1": "power"}))


def test_the_game_opens_with_the_d20_and_the_winner_chooses_to_go_first():
    """Seed 003: each player rolls the d20; the higher roll (not the first seat) chooses who
    goes first, and may take the first turn."""
    game = Arena(duel_setup())
    pending = game.pending()
    assert (pending.seat, pending.kind) == ("a", "first_roll")
    assert game.legal_actions() == [FirstRoll("a", n) for n in range(1, 21)]
    play(game, "d20 a 7")
    assert game.pending().seat == "b"
    events = game.push(FirstRoll("b", 15))
    assert [(e.kind, e.data) for e in events] == [
        (FIRST_ROLL_WON, {"seat": "b", "rolls": [{"a": 7, "b": 15}]})
    ]
    pending = game.pending()
    assert (pending.seat, pending.kind) == ("b", "first_choice")
    assert pending.details == {"rolls": [{"a": 7, "b": 15}], "opponent": "a"}
    assert game.legal_actions() == [FirstTurn("b"), FirstTurn("a")]
    events = game.push(game.parse_action("first b"))
    assert [e.data for e in events if e.kind == FIRST_PLAYER] == [
        {"seat": "b", "rolls": [{"a": 7, "b": 15}], "by": "b"}
    ]
    pending = game.pending()
    assert (pending.seat, pending.kind) == ("b", "choose_army")
    assert pending.details["draw_spell"] is False  # two players: no draw on the first turn
    play(game, "choose pw-b", "end")
    assert game.pending().seat == "a"  # then play passes on


def test_the_winner_of_the_d20_lets_the_opponent_go_first():
    """Seed 003, two-player game: the higher roll may hand the first turn to the other player;
    the first player then draws no spell on the first turn, and play passes on from them."""
    game = play(Arena(duel_setup()), "d20 a 19", "d20 b 3")
    assert game.pending().kind == "first_choice" and game.pending().seat == "a"
    with pytest.raises(IllegalActionError) as caught:
        game.push(FirstRoll("a", 12))  # the roll is over: only the choice is left
    assert "a chooses who goes first" in str(caught.value)
    events = game.push(FirstTurn("b"))
    assert [e.data for e in events if e.kind == FIRST_PLAYER] == [
        {"seat": "b", "rolls": [{"a": 19, "b": 3}], "by": "a"}
    ]
    pending = game.pending()
    assert (pending.seat, pending.kind) == ("b", "choose_army")
    assert pending.details["draw_spell"] is False and pending.details["turn"] == 1
    play(game, "choose pw-b", "end")
    assert game.pending().seat == "a" and game.turn == 2
    game.pop()
    game.pop()
    game.pop()  # undone: the winner chooses again
    assert game.pending().kind == "first_choice" and game.pending().seat == "a"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("first a", "seed 003: two-player game, the d20's winner chooses who goes first"),
        ("first z", "seed 003: two-player game, the d20's winner chooses who goes first"),
    ],
)
def test_a_choice_out_of_turn_or_for_no_seat_is_refused(text, rule):
    before_roll = Arena(duel_setup())
    with pytest.raises(IllegalActionError) as caught:
        before_roll.push(before_roll.parse_action(text))  # nobody has rolled yet
    assert caught.value.rule == rule
    assert before_roll.actions == []
    game = play(Arena(duel_setup()), "d20 a 4", "d20 b 9")
    before = game.position()
    if text == "first z":
        with pytest.raises(IllegalActionError) as caught:
            game.push(game.parse_action(text))
        assert caught.value.rule == rule and "z is not a seat" in str(caught.value)
        assert game.position() == before


def test_the_choice_survives_a_position_and_a_record():
    game = play(Arena(duel_setup()), "d20 a 4", "d20 b 9")
    again = Arena.from_position(game.position())
    assert again.pending() == game.pending()
    play(game, "first a")
    replay = Arena.from_record(game.record())
    assert replay.position() == game.position() and replay.pending().seat == "a"


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
