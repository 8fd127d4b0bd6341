"""Bomb N: sacrifice this creature and deal N damage to each local enemy. Rulings cited: FAQ
"Abilities" (not optional once a blade is given to it; a Bodyguard lets the damage reach its
allies only if N is enough to disrupt or destroy it, and does not absorb the rest)."""

from __future__ import annotations

from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import at, creature, play

WOLF = creature("wolf", power=1, defense=9, life=9, abilities=["blade: Bomb 4"])
FOE = creature("foe", power=0, defense=9, life=9)
GUARD5 = creature("guard", power=0, defense=5, life=6, abilities=["Bodyguard"])
GUARD4 = creature("guard", power=0, defense=4, life=6, abilities=["Bodyguard"])


def bomb(b: list[Miniature], zones: dict[str, str]) -> DreambladeGame:
    game = at([WOLF], b, {"A:wolf#1": "c3", **zones}, mode="strike")
    play(game, "cell c3", "dice blade", "blade A:wolf#1 bomb")
    return game


def test_sacrifices_itself_and_hits_every_local_enemy() -> None:
    game = bomb([FOE, FOE], {"B:foe#1": "c3", "B:foe#2": "c3"})
    assert game.state.zone["A:wolf#1"] == "graveyard"
    assert game.state.damage == {"B:foe#1": 4, "B:foe#2": 4}
    assert game.state.bonus_losses["A"] == 0  # a sacrifice: no bonus spawn points


def test_a_bodyguard_it_cannot_disrupt_shields_its_allies() -> None:
    game = bomb([GUARD5, FOE], {"B:guard#1": "c3", "B:foe#1": "c3"})
    assert game.state.damage == {"B:guard#1": 4}


def test_a_bodyguard_it_can_disrupt_does_not_shield() -> None:
    game = bomb([GUARD4, FOE], {"B:guard#1": "c3", "B:foe#1": "c3"})
    assert game.state.damage == {"B:foe#1": 4, "B:guard#1": 4}
    assert game.pending().details["creatures"] == ["B:guard#1"]  # disrupted at step 7
