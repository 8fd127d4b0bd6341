"""Each creature's state, checked against seed 002 (line numbers of /work/shared/seeds/002_*):
hit points (line 103), damage in tens (lines 38, 129), destruction costing its level in morale
(line 101), tapping (line 160), untapping in refresh (line 131) and cleanup (lines 122, 160),
activation one creature at a time (lines 120, 137)."""

import json
import random

import pytest

from companion.errors import IllegalActionError
from companion.events import DESTROYED
from companion.games.dungeon_command.actions import (
    Activate,
    Clear,
    Damage,
    Heal,
    HitPoints,
    Mark,
    Tap,
    Untap,
)
from companion.games.dungeon_command.creatures import DAMAGED, UNTAPPED
from companion.games.dungeon_command.data_files import conditions
from companion.games.dungeon_command.game import MORALE_LOST, DungeonCommand
from companion.games.dungeon_command.setup import MAX_HIT_POINTS
from tests.companion.games.dungeon_command.candidates import candidates
from tests.companion.games.listed_accepted import Tally, check_position

from .conftest import play


def refused(game: DungeonCommand, text: str, rule: str) -> None:
    """``text`` is refused for breaking ``rule`` and changes nothing."""
    before = game.position()
    with pytest.raises(IllegalActionError) as caught:
        game.push(game.parse_action(text))
    assert caught.value.rule == rule
    assert game.position() == before
    assert text not in {str(action) for action in game.legal_actions()}


def test_a_40_hp_creature_taking_20_and_20_is_destroyed_and_costs_its_level(battle):
    """Seed 002 line 103: hit points are the damage a creature takes before it is destroyed;
    line 101: a destroyed creature costs its warband morale equal to its level."""
    assert (battle.hit_points("a02"), battle.level("a02"), battle.morale("ann")) == (40, 3, 10)
    battle.push(Damage("a02", 20))
    assert battle.damage("a02") == 20 and "a02" in battle.on_battlefield()
    events = battle.push(Damage("a02", 20))
    assert [e.kind for e in events] == [DAMAGED, DESTROYED, MORALE_LOST]
    assert "a02" not in battle.on_battlefield()
    assert "a02" in battle.state.destroyed["ann"]
    assert battle.morale("ann") == 10 - 3
    assert battle.damage("a02") == 0  # its damage left with it


def test_damage_is_listed_up_to_what_destroys_the_creature(battle):
    """Seed 002 line 103: damage beyond the hit points left has nothing to act on; the list
    offers every amount in tens up to it and the engine takes exactly those."""
    battle.push(Damage("b03", 20))  # 60 hit points: 40 left
    listed = {
        a.amount for a in battle.legal_actions() if isinstance(a, Damage) and a.label == "b03"
    }
    assert listed == {10, 20, 30, 40}
    refused(battle, "damage b03 50", "seed 002: damage taken")


@pytest.mark.parametrize("text", ["damage a02 25", "damage a02 0", "heal a02 5", "hp b00 15"])
def test_damage_not_in_tens_is_refused_and_changes_nothing(battle, text):
    """Seed 002 lines 38, 129: damage (and the hit points it is counted against) comes in
    tens (a Deep Wound deals 10)."""
    battle.push(Damage("a02", 10))
    refused(battle, text, "seed 002: damage in tens")


@pytest.mark.parametrize(
    "text", ["damage zed 10", "tap zed", "activate zed", "mark zed end_of_turn"]
)
def test_an_unknown_creature_is_refused_and_changes_nothing(battle, text):
    """Seed 002: only creatures on the battlefield act or are hit."""
    refused(battle, text, "seed 002: battlefield")


def test_a_creature_not_yet_deployed_takes_no_damage(battle):
    refused(battle, "damage a05 10", "seed 002: battlefield")


def test_a_tapped_creature_cannot_take_a_tapping_action(battle):
    """Seed 002 line 160: a tapped creature cannot take an action that needs tapping."""
    battle.push(Tap("b03"))  # either side's creatures react (seed 002: the stack)
    assert battle.is_tapped("b03")
    assert Untap("b03") in battle.legal_actions() and Tap("b03") not in battle.legal_actions()
    refused(battle, "tap b03", "seed 002: tapping")
    refused(battle, "untap a02", "seed 002: untap")


def test_cleanup_untaps_the_active_players_creatures(battle):
    """Seed 002 lines 122, 160: a tapped creature untaps again in its controller's cleanup."""
    play(battle, "tap a02", "tap a01", "tap b03", "next")  # ann: activate → deploy
    assert battle.is_tapped("a02")
    events = battle.push(battle.parse_action("next"))  # → cleanup
    assert battle.pending().kind == "cleanup"
    assert not battle.is_tapped("a02") and not battle.is_tapped("a01")
    assert battle.is_tapped("b03")  # ben's creature untaps in ben's own turn
    assert {"seat": "ann", "labels": ["a02", "a01"]} in [
        e.data for e in events if e.kind == UNTAPPED
    ]


def test_refresh_untaps_the_active_players_creatures(battle):
    """Seed 002 line 131: the refresh phase untaps the active player's tapped creatures."""
    play(battle, "tap b03", "next", "next")  # ann's cleanup
    assert battle.is_tapped("b03")
    battle.push(battle.parse_action("next"))  # ben's refresh
    assert (battle.pending().seat, battle.pending().kind) == ("ben", "refresh")
    assert not battle.is_tapped("b03")


def test_a_creature_marked_stays_tapped_is_not_untapped(battle):
    """Seed 002 lines 131, 160: an effect can stop a creature untapping."""
    play(battle, "tap a02", "mark a02 stays_tapped", "next", "next")
    assert battle.pending().kind == "cleanup" and battle.is_tapped("a02")
    play(battle, "clear a02 stays_tapped", "untap a02")
    assert not battle.is_tapped("a02")


def test_the_activate_phase_goes_one_creature_at_a_time(battle):
    """Seed 002 line 137: the active player activates each creature, one at a time."""
    listed = {a for a in battle.legal_actions() if isinstance(a, Activate)}
    assert listed == {Activate("a02"), Activate("a01")}
    battle.push(Activate("a02"))
    assert battle.state.activating == "a02"
    refused(battle, "activate a02", "seed 002: activate")  # once a turn
    refused(battle, "activate b03", "seed 002: activate")  # not ben's turn
    battle.push(Activate("a01"))  # a02's activation is over
    assert (battle.state.activating, battle.state.activated) == ("a01", ["a02", "a01"])
    battle.push(battle.parse_action("next"))  # → deploy
    assert battle.state.activating is None
    refused(battle, "activate a00", "seed 002: battlefield")


def test_each_turn_starts_with_no_creature_activated(battle):
    play(battle, "activate a02", "next", "next", "next")  # ann → ben's refresh
    play(battle, "next")  # ben's activate
    assert {str(a) for a in battle.legal_actions() if isinstance(a, Activate)} == {
        "activate b03",
        "activate b00",
    }
    assert battle.state.activated == []


def test_unknown_hit_points_are_typed_in_before_damage(battle):
    """Seed 002 line 103: hit points are on the card; the data lacks b00's, so the players type
    them in (once) and damage then counts against them."""
    assert battle.hit_points("b00") is None
    refused(battle, "damage b00 10", "seed 002: hit points")
    listed = {a.value for a in battle.legal_actions() if isinstance(a, HitPoints)}
    assert listed == set(range(10, MAX_HIT_POINTS + 1, 10))
    battle.push(HitPoints("b00", 20))
    assert battle.hit_points("b00") == 20
    refused(battle, "hp b00 30", "seed 002: hit points known")
    refused(battle, "hp a02 40", "seed 002: hit points known")  # printed on the card
    play(battle, "damage b00 20")
    assert "b00" not in battle.on_battlefield() and battle.morale("ben") == 10 - 1


def test_healing_removes_damage_it_has(battle):
    play(battle, "damage a02 30", "heal a02 20")
    assert battle.damage("a02") == 10
    refused(battle, "heal a02 20", "seed 002: heal")
    battle.push(Heal("a02", 10))
    assert battle.damage("a02") == 0
    assert not any(isinstance(a, Heal) for a in battle.legal_actions())


def test_conditions_are_marked_and_cleared(battle):
    """Seed 002: the conditions players mark come from data/conditions.yaml."""
    assert set(conditions()) >= {"stays_tapped", "order_attached"}
    battle.push(Mark("a01", "order_attached"))
    assert battle.conditions("a01") == ["order_attached"]
    refused(battle, "mark a01 order_attached", "seed 002: conditions")
    refused(battle, "mark a01 poisoned", "seed 002: conditions")
    battle.push(Clear("a01", "order_attached"))
    assert battle.conditions("a01") == []
    refused(battle, "clear a01 order_attached", "seed 002: conditions")


def test_nothing_happens_to_creatures_before_the_battle(game):
    play(game, "deploy a02")
    for text in ("damage a02 10", "tap a02", "mark a02 end_of_turn"):
        refused(game, text, "seed 002: setup")


def test_damage_that_takes_morale_to_zero_ends_the_game():
    """Seed 002 (how to win): morale at 0 ends the game; the highest morale wins."""
    from .conftest import make_setup

    game = DungeonCommand(make_setup(ann_morale=3))
    play(game, "deploy a02", "next", "deploy b03", "next", "next", "next")  # ann deploys
    play(game, "damage a02 40")
    assert game.is_over and game.winner() == "ben"
    assert game.pending().details["reason"] == "morale"


def test_destruction_clears_tapping_conditions_and_activation(battle):
    play(battle, "activate a01", "tap a01", "mark a01 start_of_turn", "damage a01 30")
    state = battle.state
    assert "a01" not in state.tapped + list(state.conditions) + list(state.damage)
    assert state.activating is None


def test_creature_state_round_trips_and_older_positions_load(battle):
    play(battle, "activate a02", "tap a02", "damage b03 20", "mark b03 order_attached", "hp b00 30")
    position = json.loads(json.dumps(battle.position()))
    assert DungeonCommand.from_position(position).position() == battle.position()
    record = json.loads(json.dumps(battle.record()))
    assert DungeonCommand.from_record(record).position() == battle.position()
    older = json.loads(json.dumps(battle.position()))
    for key in ("damage", "tapped", "conditions", "activated", "activating", "hit_points"):
        del older["state"][key]
    loaded = DungeonCommand.from_position(older)
    assert loaded.damage("b03") == 0 and not loaded.is_tapped("a02")


def test_a_position_with_damage_on_a_creature_out_of_play_is_refused(battle):
    position = battle.position()
    position["state"]["damage"] = {"a05": 10}
    with pytest.raises(ValueError, match="creatures in play"):
        DungeonCommand.from_position(position)


@pytest.mark.parametrize(
    "prefix",
    [
        [],
        ["tap a02", "damage b03 20", "activate a01"],
        ["hp b00 30", "damage b00 10", "mark a02 stays_tapped", "next", "next"],
    ],
)
def test_the_creature_actions_listed_are_exactly_those_accepted(battle, prefix):
    """What a phone offers (``legal_actions``) is what the engine takes, and nothing more."""
    play(battle, *prefix)
    tally = Tally()
    check_position(battle, candidates(battle), tally, random.Random(0))
    assert tally.accepted_candidates > 0
