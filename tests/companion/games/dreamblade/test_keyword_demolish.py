"""Demolish: destroy target location in this or an adjacent cell. Rulings cited: FAQ
"Abilities" (with no enemy location there, your own must be destroyed: no conquest point, but
+2 bonus spawn points for you)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, location, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

WRECKER = creature("wrecker", power=2, abilities=["double-blade: Demolish"])
FOE = creature("foe", power=0, defense=9, life=9)
HUT = location("hut")


def test_destroys_an_enemy_location_nearby() -> None:
    zones = {"A:wrecker#1": "c3", "B:foe#1": "c3", "B:hut#1": "c4"}
    game = at([WRECKER], [FOE, HUT], zones, mode="strike")
    play(game, "cell c3", "dice blade,blade", "blade A:wrecker#1 demolish B:hut#1")
    assert game.state.zone["B:hut#1"] == "graveyard"
    assert game.state.kills["A"] == 1
    assert game.state.bonus_losses["B"] == 1


def test_with_only_its_own_location_nearby_it_must_destroy_it() -> None:
    zones = {"A:wrecker#1": "c3", "B:foe#1": "c3", "A:hut#1": "c3"}
    game = at([WRECKER, HUT], [FOE], zones, mode="strike")
    play(game, "cell c3", "dice blade,blade")
    assert blade_actions(game) == {AssignBlade("A:wrecker#1", "demolish", ("A:hut#1",))}
    play(game, "blade A:wrecker#1 demolish A:hut#1")
    assert game.state.zone["A:hut#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0}  # nobody scores a conquest point
    assert game.state.bonus_losses["A"] == 1  # +2 spawn points at A's next spawn phase


def test_no_location_in_reach() -> None:
    zones = {"A:wrecker#1": "c3", "B:foe#1": "c3", "B:hut#1": "e5"}
    game = at([WRECKER], [FOE, HUT], zones, mode="strike")
    play(game, "cell c3", "dice blade,blade", "blade A:wrecker#1 demolish")
    assert game.state.zone["B:hut#1"] == "e5"
