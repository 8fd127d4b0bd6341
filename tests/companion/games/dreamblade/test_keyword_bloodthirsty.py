"""Bloodthirsty: if this creature attacked and no enemy was destroyed by the end of the combat,
sacrifice it. Rulings cited: FAQ "Abilities" (a Regenerate creature returning to its reserve
was not destroyed; a Warpstrike kill of an enemy elsewhere in the same combat counts)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, play

BERSERKER = creature("berserker", power=2, defense=9, life=9, abilities=["Bloodthirsty"])
FOE = creature("foe", power=0, defense=3, life=3)


def test_sacrificed_when_no_enemy_was_destroyed() -> None:
    game = at([BERSERKER], [FOE], {"A:berserker#1": "c3", "B:foe#1": "c3"}, mode="strike")
    bonus = game.state.bonus_losses["A"]
    play(game, "cell c3", "dice 1,miss", "damage B:foe#1=1")
    assert game.state.zone["A:berserker#1"] == "graveyard"
    assert game.state.bonus_losses["A"] == bonus  # a sacrifice gives no bonus spawn points
    assert game.state.kills["B"] == 0  # nor a conquest point


def test_kept_when_it_destroyed_an_enemy() -> None:
    game = at([BERSERKER], [FOE], {"A:berserker#1": "c3", "B:foe#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice 3,miss", "damage B:foe#1=3", "destroy B:foe#1")
    # A is the first player: the foe makes its deathblow (power 0: no dice) first
    assert game.state.zone["A:berserker#1"] == "c3"


def test_a_regenerate_return_is_not_a_destruction() -> None:
    """FAQ: enough damage to destroy a Regenerate creature returns it instead; not destroyed."""
    troll = creature("troll", power=0, defense=9, life=3, abilities=["Regenerate"])
    game = at([BERSERKER], [troll], {"A:berserker#1": "c3", "B:troll#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice 3,miss", "damage B:troll#1=3")
    assert game.state.zone["B:troll#1"] == "reserve"
    assert game.state.zone["A:berserker#1"] == "graveyard"


def test_a_warpstrike_kill_elsewhere_counts() -> None:
    """FAQ: it only asks that an enemy was destroyed by the end of the combat, anywhere."""
    warper = creature("warper", power=0, defense=9, life=9, abilities=["blade: Warpstrike 3"])
    far = creature("far", power=0, defense=9, life=1)
    zones = {"A:berserker#1": "c3", "A:warper#1": "c3", "B:foe#1": "c3", "B:far#1": "e1"}
    game = at([BERSERKER, warper], [FOE, far], zones, mode="strike")
    play(game, "cell c3", "dice miss,blade", "blade A:warper#1 warpstrike B:far#1")
    play(game, "dice 1,miss,miss")  # 1 ≥ life: destroyed
    assert game.state.zone["B:far#1"] == "graveyard"
    assert game.state.zone["A:berserker#1"] == "c3"
