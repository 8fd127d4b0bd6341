"""Rule notices: every decision the engine takes by itself is an event naming a message key and
its parameters (``notice.rule.dreamblade.*``), so every phone and the table screen can say it."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.events import NOTICE, Event, notices_of
from companion.games.dreamblade.notices import PREFIX
from companion.games.dreamblade.why_not import missing_actions
from tests.companion.games.dreamblade.builders import at, creature, new_game, play

A, B = [creature("a")], [creature("b")]
FOE = creature("foe", power=2, defense=3, life=5)


def said(events: list[Event]) -> list[tuple[str, dict[str, object]]]:
    return [(n["key"].removeprefix(PREFIX), n["params"]) for n in notices_of(events)]


def test_a_one_on_the_initiative_roll_skips_both_spawn_phases_and_says_so() -> None:
    game = at(A, B, {}, phase="initiative", turn=3)
    events = play(game, "init 1 4")
    assert said(events) == [
        ("first_player", {"seat": "B", "a": 1, "b": 4}),
        ("spawn_skipped", {"seats": ["A"]}),
    ]
    assert game.phase == "action"  # the notice tells what the engine did


def test_a_tie_with_equal_turn_wins_is_rolled_again_with_the_rule() -> None:
    game = at(A, B, {}, phase="initiative", turn=3)
    assert said(play(game, "init 2 2")) == [("tie_rerolled", {"die": 2})]
    assert game.pending().details["roll"] == ["A", "B"]


def test_a_tie_broken_by_turns_won_names_who_goes_first() -> None:
    game = at(A, B, {}, phase="initiative", turn=3)
    game.state.turn_wins["B"] = 1
    events = play(game, "init 4 4")
    assert said(events) == [("tie_turn_wins", {"die": 4, "seat": "B"})]
    assert game.first_player == "B"


def test_turn_one_ones_are_rolled_again_and_the_rule_is_named() -> None:
    game = new_game(A, B)
    assert said(play(game, "init 1 4")) == [("ones_rerolled.turn_1", {"seats": ["A"]})]


def test_rule_430_rerolls_ones_and_says_which_rule() -> None:
    game = at(A, B, {}, phase="initiative", turn=3)
    game.state.ones_last_turn = True
    object.__setattr__(game.setup.settings, "rule_430", True)
    assert said(play(game, "init 5 1")) == [("ones_rerolled.rule_430", {"seats": ["B"]})]


def test_a_turns_scoring_says_who_won_it_and_the_points() -> None:
    hero = creature("hero")
    game = at([hero], [], {}, phase="conquest", turn=4)
    game.state.kills["A"] = 2
    events = play(game, "confirm")
    assert said(events) == [
        ("turn_won", {"turn": 4, "seat": "A", "won": 2, "lost": 0, "wins": 1}),
    ]
    assert [e.kind for e in events].count(NOTICE) == 1


def test_a_tied_turn_says_nobody_won_it() -> None:
    game = at(A, B, {}, phase="conquest", turn=4)
    assert said(play(game, "confirm")) == [("turn_tied", {"turn": 4, "points": 0})]


def test_the_sixth_turn_won_says_the_game_is_won() -> None:
    game = at(A, B, {}, phase="conquest", turn=9)
    game.state.turn_wins["A"] = 5
    game.state.kills["A"] = 1
    names = [key for key, _ in said(play(game, "confirm"))]
    assert names == ["turn_won", "game_won"]


def test_blades_no_ability_can_take_are_passed_with_a_notice() -> None:
    game = at([creature("x", power=3)], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"}, mode="strike")
    events = play(game, "cell c3", "dice 1,blade,blade")
    assert ("blades_unused", {"count": 2}) in said(events)
    assert game.pending().kind == "assign_damage"


def test_no_deathblow_in_the_second_players_phase_is_said() -> None:
    # FAQ step 6: only in a first player's action phase do the victims make deathblows
    victim = creature("victim", power=4)
    zones = {"A:x#1": "c3", "B:victim#1": "c3"}
    game = at([creature("x", power=3)], [victim], zones, mode="strike", first="B")
    events = play(game, "cell c3", "dice 3,3,miss", "damage B:victim#1=6", "destroy B:victim#1")
    assert ("no_deathblow_second_phase", {"minis": ["B:victim#1"]}) in said(events)
    assert game.pending().kind == "choose_strike_cell"


def test_a_disrupted_creature_with_no_empty_cell_stays_with_a_notice() -> None:
    foes = [creature("foe", defense=1, life=9)]
    fillers = [creature("f", power=0, defense=9, life=9)] * 25
    zones = {"A:x#1": "c3", "B:foe#1": "c3"}
    free = [f"{c}{r}" for c in "abcde" for r in range(1, 6) if f"{c}{r}" != "c3"]
    zones.update({f"A:f#{i + 1}": cell for i, cell in enumerate(free)})
    game = at([creature("x", power=1), *fillers[: len(free)]], foes, zones, mode="strike")
    events = play(game, "cell c3 A:x#1", "dice 1", "damage B:foe#1=1")
    assert ("disrupted_in_place", {"mini": "B:foe#1"}) in said(events)
    assert game.state.zone["B:foe#1"] == "c3"


def test_this_turn_starts_at_nothing_each_turn() -> None:
    hero = creature("hero")
    game = at([hero], [], {}, phase="conquest", turn=4)
    game.state.kills["A"] = 3
    assert game.turn_points() == {"A": 3, "B": 0}
    play(game, "confirm")
    assert game.phase == "initiative"
    assert game.turn_points() == {"A": 0, "B": 0}


def test_this_turn_does_not_count_cells_held_before_the_conquest_phase() -> None:
    probe = at(A, B, {})
    cell = sorted(probe.setup.dream_map.scoring_cells("A"))[0]
    game = at(A, B, {"A:a#1": cell}, turn=4)
    assert game.claims() == {cell: "A"}
    assert game.turn_points() == {"A": 0, "B": 0}


def test_a_shift_whose_creatures_have_all_moved_says_so_not_engaged() -> None:
    hero = creature("hero")
    game = at([hero], [FOE], {"A:hero#1": "c3", "B:foe#1": "e5"}, mode="shift")
    play(game, "move A:hero#1 c2")
    assert missing_actions(game.setup, game.state) == [
        {"action": "move", "rule": "shift.all_moved"}
    ]


def test_a_refusal_carries_its_reason_as_a_key_and_parameters() -> None:
    game = at(A, B, {}, mode="shift")
    with pytest.raises(IllegalActionError) as refused:
        play(game, "init 1 1")
    assert refused.value.reason() == {
        "key": "refusal.sequence",
        "params": {"seat": "A", "decision": "kind.shift"},
    }
    big = creature("big", cost=9)
    game = at([big], B, {}, phase="spawn", spawn_sum=4)
    game.state.spawn_points = 4
    with pytest.raises(IllegalActionError) as refused:
        play(game, f"spawn A:big#1 {game.portal('A')}")
    assert refused.value.reason() == {
        "key": "refusal.spawn_points",
        "params": {"mini": "A:big#1", "cost": 9, "left": 4},
    }


def test_an_effect_with_one_choice_takes_it_and_says_so() -> None:
    """Petrify with one enemy in the cell: the opponent has no choice to make, so the rules make
    it (and the phones say which)."""
    medusa = creature("medusa", power=2, defense=9, life=9, abilities=["double-blade: Petrify"])
    foe = creature("foe", power=0, defense=9, life=9)
    game = at([medusa], [foe], {"A:medusa#1": "c3", "B:foe#1": "c3"}, mode="strike")
    events = play(game, "cell c3", "dice blade,blade", "blade A:medusa#1 petrify")
    params = {"mini": "A:medusa#1", "ability": "petrify", "target": "B:foe#1"}
    assert ("only_target", params) in said(events)
    assert game.pending().kind != "choose_target"
