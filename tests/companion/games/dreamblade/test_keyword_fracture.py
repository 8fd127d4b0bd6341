"""Fracture X: target opponent disrupts this creature; you get X more blades (facts.md, SOLID:
Night Fusion FAQ — not usable outside combat nor in deathblows)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, play

SHARD = creature("shard", power=1, defense=9, life=9, abilities=["blade: Fracture 2"])
CRITTER = creature("critter", power=0, abilities=["multi-blade: Crit 1"])
FOE = creature("foe", power=0, defense=9, life=9)


def test_two_more_blades_then_the_opponent_disrupts_it() -> None:
    zones = {"A:shard#1": "c3", "A:critter#1": "c3", "B:foe#1": "c3"}
    game = at([SHARD, CRITTER], [FOE], zones, mode="strike")
    play(game, "cell c3", "dice blade", "blade A:shard#1 fracture")
    assert game.pending().details["blades"] == 2
    play(game, "blade A:critter#1 crit", "blade A:critter#1 crit", "damage B:foe#1=2")
    now = game.pending()
    assert (now.seat, now.kind, now.details["creatures"]) == (
        "B",
        "place_disruption",
        ["A:shard#1"],
    )
