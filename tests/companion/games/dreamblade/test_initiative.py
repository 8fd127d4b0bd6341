"""Initiative phase (rulebook "initiative phase", "turn 1"; FAQ rule 430)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from tests.companion.games.dreamblade.builders import at, creature, new_game, play

A, B = [creature("a")], [creature("b")]


def test_higher_die_goes_first_and_spawn_points_are_the_raw_sum() -> None:
    # rulebook "initiative phase" + "spawn points": both dice summed (4–12)
    game = new_game(A, B)
    play(game, "init 2 5")
    assert game.first_player == "B"
    assert game.phase == "spawn" and game.phase_seat == "B"
    assert game.spawn_points_left("B") == 7


def test_turn_one_rerolls_a_one_and_keeps_the_other_die() -> None:
    # rulebook "turn 1": a 1 is rerolled
    game = new_game(A, B)
    play(game, "init 1 4")
    assert game.pending().kind == "initiative_roll"
    assert game.pending().details["roll"] == ["A"]
    play(game, "init A 3")
    assert game.first_player == "B"
    assert game.spawn_points_left("B") == 7  # 3 + 4


def test_turn_one_rerolls_ties() -> None:
    # rulebook "turn 1": equal dice are rerolled
    game = new_game(A, B)
    play(game, "init 4 4")
    assert game.pending().details["roll"] == ["A", "B"]
    play(game, "init 3 5")
    assert game.first_player == "B"


def test_tie_after_turn_one_goes_to_more_turn_wins() -> None:
    # rulebook "initiative phase": tie → the player with more turn wins goes first
    game = at(A, B, {}, phase="initiative", turn=3)
    game.state.turn_wins["A"] = 2
    play(game, "init 4 4")
    assert game.first_player == "A"
    assert game.spawn_points_left("A") == 8


def test_tie_with_equal_turn_wins_is_rerolled() -> None:
    game = at(A, B, {}, phase="initiative", turn=3)
    play(game, "init 5 5")
    assert game.pending().kind == "initiative_roll"
    assert game.first_player is None


def test_any_one_skips_both_spawn_phases() -> None:
    # rulebook "skipping the spawn phase": a 1 skips both players' spawn phases
    game = at(A, B, {}, phase="initiative", turn=3)
    play(game, "init 1 6")
    assert game.first_player == "B"
    assert game.phase == "action" and game.phase_seat == "B"


def test_rule_430_rerolls_ones_after_a_turn_with_a_one() -> None:
    # FAQ rule 430 example: spawn phases skipped last turn; Scott rolls 1, rerolls 3; Andy 4 → 7
    game = at(A, B, {}, phase="initiative", turn=3, rule_430=True)
    game.state.ones_last_turn = True
    play(game, "init 1 4")
    assert game.pending().details == {"roll": ["A"], "turn": 3, "reroll_ones": True}
    play(game, "init A 3")
    assert game.phase == "spawn"
    assert game.spawn_points_left("B") == 7


@pytest.mark.parametrize(("rule_430", "ones_last_turn"), [(True, False), (False, True)])
def test_without_rule_430_or_a_previous_one_a_one_stands(
    rule_430: bool, ones_last_turn: bool
) -> None:
    game = at(A, B, {}, phase="initiative", turn=3, rule_430=rule_430)
    game.state.ones_last_turn = ones_last_turn
    play(game, "init 1 4")
    assert game.phase == "action"  # spawn phases skipped


def test_rule_430_remembers_a_one_that_stood_in_the_previous_initiative() -> None:
    game = at(A, B, {}, phase="initiative", turn=3, rule_430=True)
    play(game, "init 1 5", *["shift", "done"] * 4, "confirm")
    assert game.pending().details["reroll_ones"] is True


def test_a_rerolled_one_does_not_count_for_rule_430() -> None:
    # FAQ: a rerolled die's previous result is ignored; turn 1's rerolled 1 skipped nothing
    game = new_game(A, B, rule_430=True)
    play(game, "init 1 5", "init A 3", "done", "done", *["shift", "done"] * 4, "confirm")
    assert game.turn == 2
    assert game.pending().details["reroll_ones"] is False


def test_only_the_seats_asked_may_roll() -> None:
    game = new_game(A, B)
    play(game, "init 1 4")
    before = game.position()
    with pytest.raises(IllegalActionError) as err:
        play(game, "init 2 5")
    assert err.value.rule == "initiative.who_rolls"
    assert game.position() == before


def test_a_die_shows_one_to_six() -> None:
    game = new_game(A, B)
    with pytest.raises(IllegalActionError):
        play(game, "init 7 2")
