"""Lure: you may pull target unengaged enemy one cell toward this creature. Rulings cited: FAQ
"Combat" (an enemy lured into the combat's cell may be given its damage; one moved out may not),
rulebook "timing of fights" (Lure can bring an enemy into another fight)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

LURER = creature("lurer", power=2, abilities=["blade: Lure"])
FOE = creature("foe", power=0, defense=9, life=9)
LOST = creature("lost", power=0, defense=2, life=9)


def test_a_lured_enemy_takes_the_combats_damage() -> None:
    zones = {"A:lurer#1": "c3", "B:foe#1": "c3", "B:lost#1": "c4"}
    game = at([LURER], [FOE, LOST], zones, mode="strike")
    play(game, "cell c3", "dice 3,blade", "blade A:lurer#1 lure B:lost#1>c3")
    assert game.state.zone["B:lost#1"] == "c3"
    assert "B:lost#1" in game.pending().details["targets"]
    play(game, "damage B:lost#1=3")
    assert game.pending().kind == "place_disruption"


def test_pulls_one_step_closer_only_unengaged_enemies() -> None:
    zones = {"A:lurer#1": "c3", "B:foe#1": "c3", "B:lost#1": "a1", "B:lost#2": "c3"}
    game = at([LURER], [FOE, LOST, LOST], zones, mode="strike")
    play(game, "cell c3", "dice blade,miss")
    assert blade_actions(game) == {
        AssignBlade("A:lurer#1", "lure"),
        AssignBlade("A:lurer#1", "lure", ("B:lost#1>a2",)),
        AssignBlade("A:lurer#1", "lure", ("B:lost#1>b1",)),
    }
