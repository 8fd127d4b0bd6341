"""Leaving the dreamscape and what it scores (rulebook "destroying your own miniatures": your own
ability destroying your miniature gives nobody conquest points but you still get the +2 bonus;
sacrifice gives neither; FAQ Regenerate: a sacrificed Regenerate creature goes to the graveyard)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.game import DreambladeGame
from tests.companion.games.dreamblade.builders import at, creature, location, play

XS, FOES = [creature("x"), location("keep")], [creature("foe")]


def _spawning() -> DreambladeGame:
    return at(XS, FOES, {"A:x#1": "c3", "A:keep#1": "c3", "B:foe#1": "c4"}, phase="spawn")


def test_sacrifice_scores_nothing_and_gives_no_bonus() -> None:
    game = _spawning()
    events = play(game, "sacrifice A:x#1")
    assert events[1].data == {"mini": "A:x#1", "cell": "c3", "by": "A", "how": "sacrifice"}
    assert game.state.zone["A:x#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0}
    assert game.state.bonus_losses["A"] == 0


def test_self_destruction_scores_nothing_but_gives_the_bonus() -> None:
    # FAQ Demolish: destroying your own location — no conquest point, +2 bonus spawn points
    game = _spawning()
    play(game, "self-destroy A:keep#1")
    assert game.state.zone["A:keep#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0}
    assert game.state.bonus_losses["A"] == 1


def test_sacrificed_regenerate_creature_goes_to_the_graveyard() -> None:
    scissors = creature("scissors", abilities=["Regenerate"])
    game = at([scissors], FOES, {"A:scissors#1": "c3"}, phase="spawn")
    play(game, "sacrifice A:scissors#1")
    assert game.state.zone["A:scissors#1"] == "graveyard"


def test_only_own_miniatures_in_play_and_only_in_own_windows() -> None:
    game = _spawning()
    with pytest.raises(IllegalActionError) as err:
        play(game, "sacrifice B:foe#1")
    assert err.value.rule == "manual.own_miniature"
    play(game, "done")  # B's spawn phase: A may not act
    with pytest.raises(IllegalActionError):
        play(game, "sacrifice A:x#1")


def test_sacrificing_an_attacker_mid_combat_takes_its_blade_abilities_away() -> None:
    # FAQ: blades go only to attackers still in play (e.g. after Tantrum sacrificed one)
    # "Self Offering" stands for any sacrificing blade ability the engine does not implement
    bomber = creature("bomber", power=1, abilities=["blade: Self Offering"])
    critter = creature("critter", power=1, abilities=["blade: Crit 2"])
    zones = {"A:bomber#1": "c3", "A:critter#1": "c3", "B:foe#1": "c3"}
    game = at([bomber, critter], FOES, zones, mode="strike")
    play(game, "cell c3", "dice blade,blade", "blade A:bomber#1 self-offering")
    play(game, "sacrifice A:bomber#1")  # the players apply the manual effect
    assert game.state.zone["A:bomber#1"] == "graveyard"
    assert game.pending().kind == "assign_blade"
    play(game, "blade A:critter#1 crit")
    assert game.pending().details["damage"] == 2
