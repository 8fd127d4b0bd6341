"""Ambush N: whenever an enemy enters this cell, attack it with power N.
Rulings cited: FAQ "Abilities" (Teleport and Swap enter, spawning does not; Bodyguard stops
Ambush damage; damage of special attacks during a strike waits for step 5; special attacks count
blades as misses), FAQ "Other" (outside combat, check whenever damage is dealt; 0 damage is not
dealt) and rulebook "damage outside combat" (two Ambushes from one event: damage summed first)."""

from __future__ import annotations

from companion.games.dreamblade.actions import Dice
from tests.companion.games.dreamblade.builders import at, creature, kinds, play

REAPER = creature("reaper", power=1, defense=9, life=9, abilities=["Ambush 6"])
WALKER = creature("walker", power=1, defense=3, life=8)


def test_a_shift_into_its_cell_triggers_a_special_attack_on_the_mover() -> None:
    game = at([WALKER], [REAPER], {"A:walker#1": "c2", "B:reaper#1": "c3"}, mode="shift")
    events = play(game, "move A:walker#1 c3")
    assert "dreamblade.ability_triggered" in kinds(events)
    now = game.pending()
    assert (now.seat, now.kind) == ("B", "special_dice")
    assert (now.details["dice"], now.details["target"]) == (6, "A:walker#1")
    play(game, "dice 3,blade,miss,miss,miss,miss")  # blades are misses: 3 damage
    # checked at once, outside combat: 3 ≥ defense 3 → disrupted, placed by seat B
    now = game.pending()
    assert (now.seat, now.kind) == ("B", "place_disruption")
    play(game, "place A:walker#1 a5")
    assert game.state.zone["A:walker#1"] == "a5"
    assert game.pending().kind == "shift"
    assert game.state.damage == {}


def test_all_misses_deal_no_damage_and_check_nothing() -> None:
    game = at([WALKER], [REAPER], {"A:walker#1": "c2", "B:reaper#1": "c3"}, mode="shift")
    events = play(game, "move A:walker#1 c3", "dice " + ",".join(["miss"] * 6))
    assert "dreamblade.damaged" not in kinds(events)
    assert game.pending().kind == "shift"
    assert game.state.combat is None


def test_spawning_into_its_cell_does_not_trigger_it() -> None:
    """FAQ: to avoid Ambush, spawn into its cell (here the spawn row's portal)."""
    game = at([WALKER], [REAPER], {"B:reaper#1": "a1"}, phase="spawn")
    play(game, "spawn A:walker#1 a1")
    assert game.pending().kind == "spawn"
    assert game.state.keywords.effects == ()


def test_two_ambushes_from_one_entry_are_summed_before_the_check() -> None:
    """Rulebook: entering a cell with two Fleshless Reapers — no check until both attacked.
    2 + 2 damage on defense 2 / life 4 reaches life: destroy is possible, not only disrupt."""
    weak = creature("weak", power=1, defense=2, life=4)
    reapers = [creature(f"r{i}", power=0, abilities=["Ambush 2"]) for i in (1, 2)]
    zones = {"A:weak#1": "c2", "B:r1#1": "c3", "B:r2#1": "c3"}
    game = at([weak], reapers, zones, mode="shift")
    play(game, "move A:weak#1 c3", "dice 2,miss")
    assert game.pending().kind == "special_dice"  # the second Ambush first
    play(game, "dice 2,miss")
    now = game.pending()
    assert (now.seat, now.kind, now.details["creatures"]) == (
        "B",
        "disrupt_or_destroy",
        ["A:weak#1"],
    )
    play(game, "destroy A:weak#1")
    assert game.state.zone["A:weak#1"] == "graveyard"
    assert game.tally()["B"] >= 1


def test_bodyguard_keeps_ambush_damage_off_its_allies() -> None:
    """FAQ, Bodyguard: my Bodyguard and an enemy Ambush creature share a cell; another of my
    creatures moving in cannot be damaged by the Ambush."""
    guard = creature("guard", power=0, defense=5, life=6, abilities=["Bodyguard"])
    zones = {"A:walker#1": "c2", "A:guard#1": "c3", "B:reaper#1": "c3"}
    game = at([WALKER, guard], [REAPER], zones, mode="shift")
    events = play(game, "move A:walker#1 c3", "dice 3,3,3,miss,miss,miss")
    assert "dreamblade.damaged" not in kinds(events)
    assert game.state.damage == {}


def test_ambush_damage_during_a_strike_waits_for_step_5() -> None:
    """FAQ: special attack damage during a strike is checked at step 5, carried out at step 7."""
    knight = creature("knight", power=1, abilities=["blade: Skirmish"])
    zones = {"A:knight#1": "b3", "A:walker#1": "b3", "B:foe#1": "b3", "B:reaper#1": "c3"}
    foe = creature("foe", power=0, defense=9, life=9)
    game = at([knight, WALKER], [foe, REAPER], zones, mode="strike")
    play(game, "cell b3 A:knight#1", "dice blade", "blade A:knight#1 skirmish A:walker#1>c3")
    assert game.pending().kind == "special_dice"
    play(game, "dice 3,3,miss,miss,miss,miss")
    assert game.state.damage == {"A:walker#1": 6}
    assert game.state.zone["A:walker#1"] == "c3"  # not yet disrupted: the strike goes on
    now = game.pending()
    assert (now.seat, now.kind) == ("B", "place_disruption")  # step 7 of the same combat
    assert game.legal_actions()
    assert Dice(()) not in game.legal_actions()


def test_a_fortunate_ambusher_rerolls_its_ambush_dice() -> None:
    """Fortunate: each time the creature attacks — a special attack too — it may reroll."""
    lucky = creature("lucky", power=0, defense=9, life=9, abilities=["Ambush 2", "Fortunate 1"])
    game = at([WALKER], [lucky], {"A:walker#1": "c2", "B:lucky#1": "c3"}, mode="shift")
    play(game, "move A:walker#1 c3", "dice miss,miss")
    now = game.pending()
    assert (now.seat, now.kind, now.details["max"]) == ("B", "special_reroll", 1)
    play(game, "reroll miss to 3")
    assert game.state.damage == {"A:walker#1": 3}
