"""Dissipate: target opponent disrupts this creature. Rulings cited: FAQ "Abilities" (recorded
at step 3, it stays in the cell until step 7; deathblow damage given to it meanwhile is lost)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, play

BLADEMASTER = creature("master", power=1, defense=9, life=9, abilities=["blade: Dissipate"])
FOE = creature("foe", power=3, defense=2, life=1)


def test_stays_until_step_7_then_the_opponent_places_it() -> None:
    zones = {"A:master#1": "c3", "B:foe#1": "c3"}
    game = at([BLADEMASTER], [FOE, FOE], {**zones, "B:foe#2": "c3"}, mode="strike")
    play(game, "cell c3", "dice blade", "blade A:master#1 dissipate")
    assert game.state.zone["A:master#1"] == "c3"
    now = game.pending()
    assert (now.seat, now.kind, now.details["creatures"]) == (
        "B",
        "place_disruption",
        ["A:master#1"],
    )
    play(game, "place A:master#1 e1")
    assert game.state.zone["A:master#1"] == "e1"


def test_deathblow_damage_to_it_is_lost_with_the_disruption() -> None:
    """A is the first player: B's foe destroyed in the same combat makes its deathblow; the
    damage it gives the dissipating creature goes when it is disrupted."""
    master = creature("master", power=2, defense=9, life=9, abilities=["blade: Dissipate"])
    game = at([master], [FOE], {"A:master#1": "c3", "B:foe#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice 1,blade", "blade A:master#1 dissipate", "damage B:foe#1=1")
    assert game.pending().kind == "deathblow_dice"
    play(game, "dice 3,3,3", "damage A:master#1=9")
    play(game, "place A:master#1 e1")
    assert game.state.zone["A:master#1"] == "e1"
    assert game.state.damage == {}
