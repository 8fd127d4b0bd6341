"""Leaving the dreamscape and what it scores (rulebook "destroying your own miniatures": your own
ability destroying your miniature gives nobody conquest points but you still get the +2 bonus;
sacrifice gives neither; FAQ Regenerate: a sacrificed Regenerate creature goes to the graveyard)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.game import DreambladeGame
from tests.companion.games.dreamblade.builders import at, creature, location, play

# "Test Offering" stands for a spawn ability the engine does not implement: using it lets its
# player apply the effect (here: sacrifice or destroy one of their own miniatures)
XS = [creature("x", abilities=["manual: 0: Test Offering"]), location("keep")]
FOES = [creature("foe")]


def _spawning() -> DreambladeGame:
    game = at(XS, FOES, {"A:x#1": "c3", "A:keep#1": "c3", "B:foe#1": "c4"}, phase="spawn")
    play(game, "ability A:x#1 test-offering")
    return game


def test_sacrifice_scores_nothing_and_gives_no_bonus() -> None:
    game = _spawning()
    events = play(game, "sacrifice A:x#1")
    assert events[0].data == {"mini": "A:x#1", "cell": "c3", "by": "A", "how": "sacrifice"}
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
    scissors = creature("scissors", abilities=["Regenerate", "manual: 0: Test Offering"])
    game = at([scissors], FOES, {"A:scissors#1": "c3"}, phase="spawn")
    play(game, "ability A:scissors#1 test-offering", "sacrifice A:scissors#1")
    assert game.state.zone["A:scissors#1"] == "graveyard"


def test_only_own_miniatures_in_play_and_only_in_own_windows() -> None:
    game = _spawning()
    with pytest.raises(IllegalActionError) as err:
        play(game, "sacrifice B:foe#1")
    assert err.value.rule == "manual.own_miniature"
    play(game, "done")  # a regular action: the manual effect's moment is over
    with pytest.raises(IllegalActionError) as err:
        play(game, "sacrifice A:x#1")
    assert err.value.rule == "manual.no_effect_pending"


def test_manual_effects_need_a_manual_ability_first() -> None:
    game = at(XS, FOES, {"A:x#1": "c3", "B:foe#1": "c4"}, phase="spawn")
    assert not [a for a in game.legal_actions() if str(a).startswith(("sacrifice", "relocate"))]
    with pytest.raises(IllegalActionError) as err:
        play(game, "relocate B:foe#1 c5")
    assert err.value.rule == "manual.no_effect_pending"
    play(game, "ability A:x#1 test-offering")
    assert "relocate B:foe#1 c5" in {str(a) for a in game.legal_actions()}


def test_sacrificing_an_attacker_mid_combat_takes_its_blade_abilities_away() -> None:
    # FAQ: blades go only to attackers still in play (e.g. after Tantrum sacrificed one)
    # "Self Offering" stands for any sacrificing blade ability the engine does not implement
    bomber = creature("bomber", power=1, abilities=["manual: blade: Self Offering"])
    critter = creature("critter", power=1, abilities=["blade: Crit 2"])
    zones = {"A:bomber#1": "c3", "A:critter#1": "c3", "B:foe#1": "c3"}
    game = at([bomber, critter], FOES, zones, mode="strike")
    play(game, "cell c3", "dice blade,blade", "blade A:bomber#1 self-offering")
    play(game, "sacrifice A:bomber#1")  # the players apply the manual effect
    assert game.state.zone["A:bomber#1"] == "graveyard"
    assert game.pending().kind == "assign_blade"
    play(game, "blade A:critter#1 crit")
    assert game.pending().details["damage"] == 2
