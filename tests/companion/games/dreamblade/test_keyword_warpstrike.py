"""Warpstrike N and Double Warpstrike N: attack target non-local enemies with power N.
Rulings cited: FAQ "Abilities" (Double Warpstrike with one target makes one attack; blades in a
Warpstrike are misses; a creature destroyed by Warpstrike in the first player's action phase makes
its deathblow in its own cell, none if no enemy is there; a Bodyguard stops Warpstrike damage)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

WARPER = creature("warper", power=1, defense=9, life=9, abilities=["blade: Warpstrike 4"])
DOUBLE = creature(
    "double", power=2, defense=9, life=9, abilities=["double-blade: Double Warpstrike 3"]
)
FOE = creature("foe", power=0, defense=9, life=9)
FAR = creature("far", power=2, defense=2, life=3)


def blade_in_c3(
    a: Miniature, b: list[Miniature], zones: dict[str, str], dice: str
) -> DreambladeGame:
    game = at([a], b, zones, mode="strike")
    play(game, f"cell c3 A:{a.id}#1", f"dice {dice}")
    return game


def test_attacks_a_chosen_non_local_enemy() -> None:
    zones = {"A:warper#1": "c3", "B:foe#1": "c3", "B:far#1": "e1"}
    game = blade_in_c3(WARPER, [FOE, FAR], zones, "blade")
    assert blade_actions(game) == {AssignBlade("A:warper#1", "warpstrike", ("B:far#1",))}
    play(game, "blade A:warper#1 warpstrike B:far#1")
    now = game.pending()
    assert (now.kind, now.details["dice"], now.details["target"]) == ("special_dice", 4, "B:far#1")
    play(game, "dice 1,blade,blade,miss")  # blades are misses: 1 damage
    assert game.state.damage == {"B:far#1": 1}


def test_a_warpstrike_kill_makes_a_deathblow_in_its_own_cell() -> None:
    """FAQ: in the first player's action phase the destroyed creature makes its deathblow at
    the end of the combat, against the enemies in its own cell."""
    zones = {"A:warper#1": "c3", "B:foe#1": "c3", "B:far#1": "e1", "A:pawn#1": "e1"}
    pawn = creature("pawn", power=0, defense=9, life=9)
    game = at([WARPER, pawn], [FOE, FAR], zones, mode="strike")
    play(game, "cell c3 A:warper#1", "dice blade", "blade A:warper#1 warpstrike B:far#1")
    play(game, "dice 3,miss,miss,miss", "destroy B:far#1")
    now = game.pending()
    assert (now.seat, now.kind, now.details["cell"], now.details["dice"]) == (
        "B", "deathblow_dice", "e1", 2,
    )  # fmt: skip


def test_no_deathblow_without_an_enemy_in_its_cell() -> None:
    zones = {"A:warper#1": "c3", "B:foe#1": "c3", "B:far#1": "e1"}
    game = blade_in_c3(WARPER, [FOE, FAR], zones, "blade")
    play(game, "blade A:warper#1 warpstrike B:far#1", "dice 3,miss,miss,miss", "destroy B:far#1")
    assert game.state.zone["B:far#1"] == "graveyard"
    assert game.pending().kind == "choose_strike_cell"


def test_a_bodyguard_by_the_target_stops_the_damage() -> None:
    """FAQ, Bodyguard: Warpstrike at a creature sharing a cell with a Bodyguard deals it none."""
    guard = creature("guard", power=0, defense=5, life=6, abilities=["Bodyguard"])
    zones = {"A:warper#1": "c3", "B:foe#1": "c3", "B:far#1": "e1", "B:guard#1": "e1"}
    game = blade_in_c3(WARPER, [FOE, FAR, guard], zones, "blade")
    play(game, "blade A:warper#1 warpstrike B:far#1", "dice 3,3,3,3")
    assert game.state.damage == {}


def test_double_warpstrike_with_one_target_makes_one_attack() -> None:
    """FAQ: too few targets — choose the one there is and attack it once."""
    zones = {"A:double#1": "c3", "B:foe#1": "c3", "B:far#1": "e1"}
    game = blade_in_c3(DOUBLE, [FOE, FAR], zones, "blade,blade")
    assert blade_actions(game) == {AssignBlade("A:double#1", "double-warpstrike", ("B:far#1",))}
    play(game, "blade A:double#1 double-warpstrike B:far#1", "dice 1,1,1")
    assert game.pending().kind != "special_dice"
    assert game.state.damage == {"B:far#1": 3}


def test_double_warpstrike_attacks_two_different_targets() -> None:
    zones = {"A:double#1": "c3", "B:foe#1": "c3", "B:far#1": "e1", "B:far#2": "a5"}
    game = blade_in_c3(DOUBLE, [FOE, FAR, FAR], zones, "blade,blade")
    play(game, "blade A:double#1 double-warpstrike B:far#1 B:far#2", "dice 1,miss,miss")
    assert game.pending().details["target"] == "B:far#2"
    play(game, "dice 2,miss,miss")
    assert game.state.damage == {"B:far#1": 1, "B:far#2": 2}
