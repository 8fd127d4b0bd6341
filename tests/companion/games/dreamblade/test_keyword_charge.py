"""Charge N: whenever this creature enters a cell holding an enemy, attack target local enemy
with power N. Rulings cited: FAQ "Abilities" (Charge into an Ambush cell: simultaneous, the phase
player's attack first; spawn phase: no deathblow; a shift in the first player's action phase:
deathblows), FAQ "Combat" (a creature destroyed by a special attack makes its deathblow)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, play

CHARGER = creature("charger", power=2, defense=4, life=8, abilities=["Charge 6"])
FOE = creature("foe", power=3, defense=2, life=3)


def test_entering_an_enemy_cell_attacks_a_chosen_local_enemy() -> None:
    zones = {"A:charger#1": "c2", "B:foe#1": "c3", "B:foe#2": "c3"}
    game = at([CHARGER], [FOE, FOE], zones, mode="shift")
    play(game, "move A:charger#1 c3")
    now = game.pending()
    assert (now.seat, now.kind, now.details["targets"]) == (
        "A",
        "choose_target",
        ["B:foe#1", "B:foe#2"],
    )
    play(game, "target B:foe#2")
    assert game.pending().details["target"] == "B:foe#2"


def test_no_attack_entering_a_cell_without_enemies() -> None:
    game = at([CHARGER], [FOE], {"A:charger#1": "c2", "B:foe#1": "d4"}, mode="shift")
    play(game, "move A:charger#1 c3")
    assert game.pending().kind == "shift"


def test_a_charge_kill_in_the_first_players_shift_makes_a_deathblow() -> None:
    """FAQ: a creature destroyed in the first player's action phase makes a deathblow however it
    was destroyed, against the enemies in its cell (also for Ambush and Charge)."""
    game = at([CHARGER], [FOE], {"A:charger#1": "c2", "B:foe#1": "c3"}, mode="shift")
    play(game, "move A:charger#1 c3", "dice 3,miss,miss,miss,miss,miss", "destroy B:foe#1")
    now = game.pending()
    assert (now.seat, now.kind, now.details["dice"]) == ("B", "deathblow_dice", 3)


def test_charge_and_ambush_resolve_phase_player_first_and_sum_before_the_check() -> None:
    """FAQ: Charge into an Ambush cell: the phase player (the charger's) attacks first, then
    the other; in the spawn phase nobody makes a deathblow."""
    reaper = creature("reaper", power=1, defense=2, life=3, abilities=["Ambush 6"])
    teleporter = creature(
        "tele", power=2, defense=4, life=8, abilities=["Charge 6", "2: Teleport Self"]
    )
    game = at([teleporter], [reaper], {"A:tele#1": "a1", "B:reaper#1": "c3"}, phase="spawn")
    play(game, "ability A:tele#1 teleport-self c3")
    now = game.pending()
    assert (now.seat, now.kind, now.details["mini"]) == ("A", "special_dice", "A:tele#1")
    play(game, "dice 3,miss,miss,miss,miss,miss")
    now = game.pending()
    assert (now.seat, now.kind, now.details["mini"]) == ("B", "special_dice", "B:reaper#1")
    play(game, "dice 3,1,miss,miss,miss,miss")
    assert game.state.damage == {"B:reaper#1": 3, "A:tele#1": 4}
    play(game, "destroy B:reaper#1")  # 3 ≥ defense and life: A chooses; no deathblow now
    assert game.pending().kind == "place_disruption"  # the charger is disrupted (4 ≥ 4)


def test_charge_and_ambush_in_the_first_players_shift_then_deathblows() -> None:
    """FAQ: the same entry during a shift of the first player: both attacks, then the check;
    the second player's creature destroyed makes its deathblow."""
    reaper = creature("reaper", power=2, defense=2, life=3, abilities=["Ambush 1"])
    game = at([CHARGER], [reaper], {"A:charger#1": "c2", "B:reaper#1": "c3"}, mode="shift")
    play(game, "move A:charger#1 c3", "dice 3,miss,miss,miss,miss,miss", "dice miss")
    play(game, "destroy B:reaper#1")
    now = game.pending()
    assert (now.seat, now.kind, now.details["dice"]) == ("B", "deathblow_dice", 2)
