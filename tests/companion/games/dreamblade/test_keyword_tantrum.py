"""Tantrum: sacrifice a local creature (one of yours). Rulings cited: FAQ "Combat" (an attacker
that left play — sacrificed by Tantrum — takes no more blades)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

BRAT = creature("brat", power=1, abilities=["blade: Tantrum"])
CRITTER = creature("critter", power=1, abilities=["blade: Crit 2"])
FOE = creature("foe", power=0, defense=9, life=9)


def test_a_sacrificed_attacker_takes_no_more_blades() -> None:
    zones = {"A:brat#1": "c3", "A:critter#1": "c3", "B:foe#1": "c3"}
    game = at([BRAT, CRITTER], [FOE], zones, mode="strike")
    play(game, "cell c3", "dice blade,blade")
    assert blade_actions(game) >= {
        AssignBlade("A:brat#1", "tantrum", ("A:critter#1",)),
        AssignBlade("A:brat#1", "tantrum", ("A:brat#1",)),
    }
    assert AssignBlade("A:brat#1", "tantrum", ("B:foe#1",)) not in blade_actions(game)
    play(game, "blade A:brat#1 tantrum A:critter#1")
    assert game.state.zone["A:critter#1"] == "graveyard"
    assert game.pending().kind == "choose_strike_cell"  # the Crit can no longer take the blade
