"""Skirmish / Skirmish N: you may move up to N target engaged allies one cell each.
Rulings cited: FAQ "Abilities" (Skirmish can't move itself; Skirmish 2 targets two different
allies, chosen on activation) and FAQ "Combat" (a creature that attacked and was moved out can
still take blades, and its Fumble still lowers the cell's damage)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

KNIGHT = creature("knight", power=1, abilities=["blade: Skirmish"])
THUG = creature("thug", power=2, abilities=["blade: Fumble 2"])
FOE = creature("foe", power=0, defense=9, life=9)


def test_a_moved_attacker_still_takes_blades() -> None:
    """FAQ: Knight of Tomorrow and Iron Thug attack, two blades: Skirmish moves the Thug away,
    the second blade must still go to the Thug's Fumble, lowering the damage in the cell."""
    game = at([KNIGHT, THUG], [FOE], {"A:knight#1": "c3", "A:thug#1": "c3", "B:foe#1": "c3"},
              mode="strike")  # fmt: skip
    play(game, "cell c3", "dice 3,blade,blade", "blade A:knight#1 skirmish A:thug#1>c2")
    assert game.state.zone["A:thug#1"] == "c2"
    assert blade_actions(game) == {AssignBlade("A:thug#1", "fumble")}
    play(game, "blade A:thug#1 fumble", "damage B:foe#1=1")
    assert game.state.damage == {"B:foe#1": 1}


def test_skirmish_does_not_move_itself() -> None:
    """FAQ: a creature is not its own ally."""
    game = at([KNIGHT, THUG], [FOE], {"A:knight#1": "c3", "B:foe#1": "c3", "A:thug#1": "a1"},
              mode="strike")  # fmt: skip
    play(game, "cell c3", "dice blade")
    assert blade_actions(game) == {AssignBlade("A:knight#1", "skirmish")}
    with pytest.raises(IllegalActionError):
        play(game, "blade A:knight#1 skirmish A:knight#1>c2")


def test_only_engaged_allies() -> None:
    game = at([KNIGHT, THUG], [FOE], {"A:knight#1": "c3", "B:foe#1": "c3", "A:thug#1": "b1"},
              mode="strike")  # fmt: skip
    play(game, "cell c3", "dice blade")
    with pytest.raises(IllegalActionError):
        play(game, "blade A:knight#1 skirmish A:thug#1>b2")


def test_skirmish_2_moves_two_different_allies_chosen_together() -> None:
    """FAQ, Skirmish 2: up to two targets, never the same creature twice."""
    lord = creature("lord", power=1, abilities=["blade: Skirmish 2"])
    pawn = creature("pawn", power=0)
    zones = {"A:lord#1": "c3", "A:thug#1": "c3", "A:pawn#1": "c3", "B:foe#1": "c3"}
    game = at([lord, THUG, pawn], [FOE], zones, mode="strike")
    play(game, "cell c3 A:lord#1", "dice blade")
    legal = game.legal_actions()
    assert AssignBlade("A:lord#1", "skirmish", ("A:thug#1>c2",)) in legal
    assert AssignBlade("A:lord#1", "skirmish", ("A:thug#1>c2", "A:thug#1>c4")) not in legal
    play(game, "blade A:lord#1 skirmish A:thug#1>c2 A:pawn#1>b3")
    assert (game.state.zone["A:thug#1"], game.state.zone["A:pawn#1"]) == ("c2", "b3")


def test_the_two_moves_respect_the_stack_limit_one_at_a_time() -> None:
    """Targets chosen together; moves made one at a time: the second does what it can."""
    lord = creature("lord", power=1, abilities=["blade: Skirmish 2"])
    filler = [creature(f"f{i}", power=0) for i in range(3)]
    pawn = creature("pawn", power=0)
    zones = {"A:lord#1": "c3", "A:thug#1": "c3", "A:pawn#1": "c3", "B:foe#1": "c3"}
    zones |= {f"A:f{i}#1": "c2" for i in range(3)}
    game = at([lord, THUG, pawn, *filler], [FOE], zones, mode="strike")
    play(game, "cell c3 A:lord#1", "dice blade")
    play(game, "blade A:lord#1 skirmish A:pawn#1>c2 A:thug#1>c2")
    assert game.state.zone["A:pawn#1"] == "c2"
    assert game.state.zone["A:thug#1"] == "c3"  # c2 now holds 4 allies


def test_two_knights_move_each_other() -> None:
    """FAQ: two Knights of Tomorrow attack, two blades: the first Knight's Skirmish moves the
    second Knight; the second Knight, still an attacker, takes the next blade and moves the
    first."""
    zones = {"A:knight#1": "c3", "A:knight#2": "c3", "B:foe#1": "c3"}
    game = at([KNIGHT, KNIGHT], [FOE], zones, mode="strike")
    play(game, "cell c3", "dice blade,blade", "blade A:knight#1 skirmish A:knight#2>c2")
    play(game, "blade A:knight#2 skirmish A:knight#1>c4")
    assert (game.state.zone["A:knight#1"], game.state.zone["A:knight#2"]) == ("c4", "c2")
