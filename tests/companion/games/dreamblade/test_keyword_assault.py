"""Assault X: attack target local enemy with power X (a spawn ability paid with X points).
Rulings cited: FAQ "Abilities" (X may be 0; special attacks count blades as misses) and FAQ
"Charge and Ambush" (in a spawn phase the damage is checked, nobody makes a deathblow)."""

from __future__ import annotations

from companion.games.dreamblade.actions import UseAbility
from tests.companion.games.dreamblade.builders import at, creature, kinds, play

BRUTE = creature("brute", power=1, abilities=["X: Assault X"])
FOE = creature("foe", power=4, defense=2, life=3)


def test_x_paid_is_the_power_and_the_target_is_chosen_on_activation() -> None:
    game = at([BRUTE], [FOE], {"A:brute#1": "c3", "B:foe#1": "c3"}, phase="spawn")
    assert UseAbility("A:brute#1", "assault", 4, ("B:foe#1",)) in game.legal_actions()
    play(game, "ability A:brute#1 assault 4 B:foe#1")
    assert game.spawn_points_left("A") == 3
    now = game.pending()
    assert (now.seat, now.kind, now.details["dice"]) == ("A", "special_dice", 4)
    play(game, "dice 3,blade,blade,miss")  # blades are misses in a special attack
    assert game.state.damage == {"B:foe#1": 3}
    events = play(game, "destroy B:foe#1")  # 3 ≥ defense and life: the attacker chooses
    assert "destroyed" in kinds(events)
    assert game.pending().kind == "spawn"  # no deathblow in a spawn phase


def test_x_may_be_zero() -> None:
    """FAQ: X may be any whole number ≥ 0; 0 attacks with no dice and deals no damage."""
    game = at([BRUTE], [FOE], {"A:brute#1": "c3", "B:foe#1": "c3"}, phase="spawn")
    events = play(game, "ability A:brute#1 assault 0 B:foe#1")
    assert "dreamblade.special_attack" in kinds(events)
    assert game.state.damage == {}
    assert game.pending().kind == "spawn"


def test_only_a_local_enemy() -> None:
    game = at([BRUTE], [FOE], {"A:brute#1": "c3", "B:foe#1": "c4"}, phase="spawn")
    targets = {a.args for a in game.legal_actions() if isinstance(a, UseAbility)}
    assert targets == {()}  # no target: it can only be used for nothing
