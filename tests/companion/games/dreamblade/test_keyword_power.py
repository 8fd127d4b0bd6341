"""Power modifiers: Inciter N (local enemies +N power), Enrage N (local and adjacent allies +N),
Darkheart Cottage (+1 per unengaged creature you control to each attack you make in its cell).
Rulings cited: FAQ "Abilities" (Inciter and Enrage change strike attacks and deathblows only, not
Ambush, Assault, Charge, Warpstrike, Strikeback: the incited Fleshless Reaper still Ambushes at 6)
and FAQ "Darkheart Cottage" (added to the attack, not per attacker; every kind of attack made in
its cell, including Warpstrikes from there wherever the target is)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, location, play

FOE = creature("foe", power=1, defense=9, life=9)


def test_inciter_raises_local_enemies_strike_dice() -> None:
    barbstrider = creature("barb", power=1, defense=9, life=9, abilities=["Inciter 1"])
    attacker = creature("hero", power=2)
    game = at([attacker], [barbstrider], {"A:hero#1": "c3", "B:barb#1": "c3"}, mode="strike")
    play(game, "cell c3")
    assert game.pending().details["dice"] == 3


def test_inciter_raises_a_deathblow() -> None:
    barbstrider = creature("barb", power=1, defense=9, life=9, abilities=["Inciter 2"])
    victim = creature("victim", power=1, defense=1, life=1)
    zones = {"A:barb#1": "c3", "B:victim#1": "c3"}
    game = at([barbstrider], [victim], zones, mode="strike")  # B's victim: power 1 + 2
    play(game, "cell c3", "dice 3", "damage B:victim#1=3", "destroy B:victim#1")
    now = game.pending()
    assert (now.kind, now.details["dice"]) == ("deathblow_dice", 3)


def test_inciter_does_not_change_an_ambush() -> None:
    """FAQ: the Fleshless Reaper in the Barbstrider's cell has power 1, its Ambush stays 6."""
    reaper = creature("reaper", power=0, defense=9, life=9, abilities=["Ambush 6"])
    barbstrider = creature("barb", power=1, defense=9, life=9, abilities=["Inciter 1"])
    walker = creature("walker", power=1, defense=9, life=9)
    zones = {"A:barb#1": "c3", "B:reaper#1": "c3", "A:walker#1": "c2"}
    game = at([barbstrider, walker], [reaper], zones, mode="shift")
    play(game, "move A:walker#1 c3")
    assert game.pending().details["dice"] == 6


def test_enrage_raises_local_and_adjacent_allies_not_itself() -> None:
    rager = creature("rager", power=1, abilities=["Enrage 1"])
    pal = creature("pal", power=2)
    zones = {"A:rager#1": "c2", "A:pal#1": "c3", "B:foe#1": "c3"}
    game = at([rager, pal], [FOE], zones, mode="strike")
    play(game, "cell c3")
    assert game.pending().details["dice"] == 3
    zones = {"A:rager#1": "c3", "B:foe#1": "c3"}
    alone = at([rager], [FOE], zones, mode="strike")
    play(alone, "cell c3")
    assert alone.pending().details["dice"] == 1
    far = at([rager, pal], [FOE], {"A:rager#1": "a1", "A:pal#1": "c3", "B:foe#1": "c3"},
             mode="strike")  # fmt: skip
    play(far, "cell c3")
    assert far.pending().details["dice"] == 2


def test_enrage_does_not_change_a_warpstrike() -> None:
    rager = creature("rager", power=0, abilities=["Enrage 3"])
    warper = creature("warper", power=1, abilities=["blade: Warpstrike 2"])
    zones = {"A:rager#1": "c3", "A:warper#1": "c3", "B:foe#1": "c3", "B:foe#2": "e1"}
    game = at([rager, warper], [FOE, FOE], zones, mode="strike")
    play(game, "cell c3 A:warper#1")
    assert game.pending().details["dice"] == 4  # its strike: 1 + 3
    play(game, "dice blade,miss,miss,miss", "blade A:warper#1 warpstrike B:foe#2")
    assert game.pending().details["dice"] == 2


COTTAGE = location("cottage", abilities=["Darkheart Cottage"])


def test_darkheart_adds_one_die_per_unengaged_creature_once_per_attack() -> None:
    """FAQ: three unengaged creatures and two attackers: three more dice, not six."""
    hero = creature("hero", power=1)
    idle = creature("idle", power=1)
    zones = {"A:hero#1": "c3", "A:hero#2": "c3", "A:cottage#1": "c3", "B:foe#1": "c3"}
    zones |= {"A:idle#1": "a1", "A:idle#2": "a2", "A:idle#3": "e1"}
    game = at([hero, hero, COTTAGE, idle, idle, idle], [FOE], zones, mode="strike")
    play(game, "cell c3")
    assert game.pending().details["dice"] == 2 + 3


def test_darkheart_adds_to_a_warpstrike_made_from_its_cell() -> None:
    warper = creature("warper", power=1, abilities=["blade: Warpstrike 2"])
    idle = creature("idle", power=1)
    zones = {"A:warper#1": "c3", "A:cottage#1": "c3", "B:foe#1": "c3", "B:foe#2": "e1"}
    zones |= {"A:idle#1": "a1"}
    game = at([warper, COTTAGE, idle], [FOE, FOE], zones, mode="strike")
    play(game, "cell c3", "dice blade,miss", "blade A:warper#1 warpstrike B:foe#2")
    assert game.pending().details["dice"] == 3


def test_darkheart_does_not_help_the_other_player() -> None:
    idle = creature("idle", power=1)
    zones = {"B:foe#1": "c3", "A:cottage#1": "c3", "A:hero#1": "c3", "A:idle#1": "a1"}
    hero = creature("hero", power=1, defense=9, life=9)
    game = at([COTTAGE, hero, idle], [FOE], zones, seat="B", first="A", mode="strike")
    play(game, "cell c3")
    assert game.pending().details["dice"] == 1


def test_darkheart_adds_to_an_ambush_in_its_cell() -> None:
    """FAQ: the Cottage's bonus applies to Ambush, Assault, Charge, Strikeback, Warpstrike."""
    reaper = creature("reaper", power=0, defense=9, life=9, abilities=["Ambush 2"])
    idle = creature("idle", power=1)
    walker = creature("walker", power=1, defense=9, life=9)
    zones = {"B:reaper#1": "c3", "B:cottage#1": "c3", "B:idle#1": "e5", "A:walker#1": "c2"}
    game = at([walker], [reaper, COTTAGE, idle], zones, mode="shift")
    play(game, "move A:walker#1 c3")
    assert game.pending().details["dice"] == 2 + 1  # the reaper is engaged now; the idle one is not
