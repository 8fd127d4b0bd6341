"""Conquest phase (rulebook "conquest phase" and its five scoring cases; FAQ conquest answers)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from tests.companion.games.dreamblade.builders import at, creature, kinds, location, play

XS, FOES = [creature("x")] * 4, [creature("foe")] * 4


def test_five_scoring_cases() -> None:
    # rulebook scoring diagram. 1: your creature alone on your scoring cell b4 → its 3 points.
    # 2: b3 scores for both; your only miniature there is a location, so the enemy creature
    # claims it (1). 3: c3 and d3 are contested → nobody. 4: d2 is the opponent's scoring
    # cell, contested → nobody. 5: the opponent destroyed 3 of yours, you 2 of theirs.
    # Total: opponent 4, you 5 → you win the turn.
    zones = {
        "A:x#1": "b4",
        "A:keep#1": "b3",
        "B:foe#1": "b3",
        "A:x#2": "c3",
        "B:foe#2": "c3",
        "A:x#3": "d3",
        "B:foe#3": "d3",
        "A:x#4": "d2",
        "B:foe#4": "d2",
    }
    game = at([*XS, location("keep")], FOES, zones, phase="conquest")
    game.state.kills.update({"A": 2, "B": 3})
    assert game.claims() == {"b3": "B", "b4": "A"}
    assert game.tally() == {"A": 5, "B": 4}
    events = play(game, "confirm")
    assert game.turn_wins() == {"A": 1, "B": 0}
    assert kinds(events) == ["cell_claimed", "cell_claimed", "turn_won", "notice", "phase_started"]


def test_scoring_cells_are_derived_per_seat() -> None:
    # rulebook "key cells": the centre row scores for both; each side's row scores for the other
    game = at(XS, FOES, {}, phase="conquest")
    assert set(game.scoring_cells("A")) == {"b3", "c3", "d3", "b4", "c4", "d4"}
    assert set(game.scoring_cells("B")) == {"b3", "c3", "d3", "b2", "c2", "d2"}


def test_own_side_key_cells_do_not_score_for_you() -> None:
    game = at(XS, FOES, {"A:x#1": "c2"}, phase="conquest")
    assert game.claims() == {}


def test_equal_totals_win_nothing() -> None:
    game = at(XS, FOES, {"A:x#1": "c4", "B:foe#1": "c2"}, phase="conquest")
    events = play(game, "confirm")
    assert "turn_tied" in kinds(events)
    assert game.turn_wins() == {"A": 0, "B": 0}
    assert game.phase == "initiative" and game.turn == 3


def test_sixth_turn_win_ends_the_game() -> None:
    game = at(XS, FOES, {"A:x#1": "c4"}, phase="conquest")
    game.state.turn_wins["A"] = 5
    events = play(game, "confirm")
    assert game.winner() == "A" and game.is_over
    assert game.pending().kind == "game_over"
    assert kinds(events)[-1] == "game_won"
    assert list(game.legal_actions()) == []


def test_unknown_value_is_asked_before_the_tally_is_confirmed() -> None:
    # the engine never invents a map value: a claimed cell of unknown value needs the players'
    game = at(XS, FOES, {"A:x#1": "c4"}, phase="conquest", c4=None)
    assert game.pending().details["unknown_values"] == ["c4"]
    with pytest.raises(IllegalActionError) as err:
        play(game, "confirm")
    assert err.value.rule == "map.values"
    play(game, "value c4 4", "confirm")
    assert game.state.results[-1].tally == {"A": 4, "B": 0}


def test_the_judge_corrects_a_known_value_within_the_maps_range_at_any_moment() -> None:
    game = at(XS, FOES, {"A:x#1": "c4"}, phase="conquest")
    assert game.parse_action("value c4 4").judge_only  # the table takes it from the judge only
    play(game, "value c4 4")
    assert game.scoring_cells("A")["c4"] == 4
    assert game.judge_values() == {"c4": 4}
    low, high = game.setup.dream_map.value_range
    with pytest.raises(IllegalActionError) as err:
        play(game, f"value c4 {high + 1}")
    assert err.value.rule == "map.values"
    with pytest.raises(IllegalActionError):
        play(game, "value a1 2")  # not a key cell
    spawning = at(XS, FOES, {}, phase="spawn")
    play(spawning, f"value c3 {low}")
    assert spawning.scoring_cells("A")["c3"] == low


def test_kills_are_cleared_for_the_next_turn() -> None:
    game = at(XS, FOES, {}, phase="conquest")
    game.state.kills["B"] = 2
    play(game, "confirm")
    assert game.tally() == {"A": 0, "B": 0}
    assert game.state.results[-1].winner == "B"
