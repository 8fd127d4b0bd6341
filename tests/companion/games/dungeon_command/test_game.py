import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.games import find_game
from companion.games.dungeon_command.actions import Adjust, Cower, Deploy, Destroyed, Next
from companion.games.dungeon_command.game import LEADERSHIP_RAISED, DungeonCommand

from .conftest import make_setup, play


def test_the_registry_finds_dungeon_command():
    assert find_game("dungeon_command") is DungeonCommand


def test_starting_creatures_fit_the_starting_leadership(game):
    """Seed 002: starting creatures' levels total at most the commander's starting leadership."""
    play(game, "deploy a02", "deploy a01", "deploy a00")  # 3 + 2 + 1 = 6 of 7
    assert game.deploy_room("ann") == 1
    assert Deploy("a05") not in game.legal_actions()  # level 3
    before = game.position()
    with pytest.raises(IllegalActionError) as caught:
        game.push(Deploy("a05"))
    assert caught.value.rule == "seed 002: leadership"
    assert game.position() == before


def test_at_least_one_starting_creature(game):
    """Seed 002: each player deploys at least one creature at the start."""
    assert Next() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="at least one"):
        game.push(Next())


def test_the_first_deployer_plays_first_and_the_turn_has_four_phases(game):
    """Seed 002: refresh, activate, deploy, cleanup; the first to deploy takes the first turn."""
    play(game, "deploy a00", "next")
    assert game.pending().seat == "ben"
    play(game, "deploy b00", "next")
    seen = []
    for _ in range(5):
        pending = game.pending()
        seen.append((pending.seat, pending.kind))
        game.push(Next())
    assert seen == [
        ("ann", "refresh"),
        ("ann", "activate"),
        ("ann", "deploy"),
        ("ann", "cleanup"),
        ("ben", "refresh"),
    ]


def test_leadership_rises_by_one_in_each_deploy_phase(battle):
    """Seed 002 / facts.md: leadership +1 each turn, at the start of the deploy phase."""
    assert battle.leadership("ann") == 7
    events = battle.push(Next())
    assert battle.leadership("ann") == 8
    assert LEADERSHIP_RAISED in {event.kind for event in events}
    assert battle.deploy_room("ann") == 8 - 5


def test_creatures_are_deployed_only_in_deploy_phases(battle):
    with pytest.raises(IllegalActionError, match="deploy phase"):
        battle.push(Deploy("a00"))


def test_a_destroyed_creature_costs_morale_equal_to_its_level(battle):
    """facts.md §6: when a creature is destroyed its warband loses morale equal to its level."""
    battle.push(Destroyed("b03"))  # level 4
    assert battle.morale("ben") == 6
    assert "b03" not in battle.on_battlefield()
    with pytest.raises(IllegalActionError, match="not on the battlefield"):
        battle.push(Destroyed("b03"))


def test_a_destroyed_creature_frees_its_leadership(battle):
    play(battle, "destroyed a02", "next")
    assert battle.deploy_room("ann") == 8 - 2


def test_cowering_costs_a_tenth_of_the_damage(battle):
    """facts.md §6: cowering costs morale equal to the damage ÷ 10."""
    battle.push(Cower("a02", 30))
    assert battle.morale("ann") == 7
    assert "a02" in battle.on_battlefield()
    for damage in (0, 25):
        with pytest.raises(IllegalActionError, match="tens"):
            battle.push(Cower("a02", damage))
    assert battle.morale("ann") == 7


def test_tarkon_draal_adds_one_to_a_cowering_opponents_loss():
    game = DungeonCommand(make_setup(ben_commander="tarkon-draal"))
    ben_setup = game.setup.band("ben")
    assert ben_setup.cowering_opponent_extra_loss == 1
    play(game, "deploy a02", "next", "deploy b00", "next", "next")
    game.push(Cower("a02", 20))
    assert game.morale("ann") == 10 - 3
    game.push(Cower("b00", 20))  # Valnar adds nothing we know of
    assert game.morale("ben") == 10 - 2


def test_card_effects_move_the_markers_one_step_at_a_time(battle):
    """Seed 002: card text overrides the general rules, so markers can be moved by hand."""
    play(battle, "adjust ben morale +1", "adjust ann leadership -1", "adjust ann leadership -1")
    assert (battle.morale("ben"), battle.leadership("ann")) == (11, 5)
    assert battle.deploy_room("ann") == 0  # 5 levels in play
    with pytest.raises(IllegalActionError, match="not possible"):
        battle.push(Adjust("zed", "morale", -1))


def test_an_adjustment_to_zero_morale_ends_the_game(battle):
    for _ in range(10):
        battle.push(Adjust("ann", "morale", -1))
    assert battle.is_over and battle.winner() == "ben"


def test_morale_at_zero_ends_the_game_and_the_highest_morale_wins(battle):
    """Seed 002: the game ends when a warband's morale is 0 or less; highest morale wins."""
    battle.push(Cower("b03", 100))
    assert battle.is_over
    assert battle.winner() == "ann"
    assert battle.pending().kind == "game_over"
    assert battle.legal_actions() == []
    with pytest.raises(IllegalActionError):
        battle.push(Next())


def test_ending_a_turn_without_creatures_ends_the_game(battle):
    """Seed 002: a player who ends their turn with no creature on the battlefield ends the game."""
    play(battle, "destroyed a02", "destroyed a01", "next", "next")
    assert not battle.is_over
    battle.push(Next())
    assert battle.is_over
    assert battle.pending().details["reason"] == "no_creatures"
    assert battle.winner() == "ben"  # ben 10, ann 10 - 5


def test_equal_morale_at_the_end_is_a_draw():
    game = DungeonCommand(make_setup(ann_morale=5, ben_morale=5))
    play(game, "deploy a00", "next", "deploy b00", "next", "next")
    play(game, "destroyed a00", "next", "next", "cower b00 10")  # both warbands now at 4
    game.push(Next())  # ann ends her turn with no creature
    assert game.is_over and game.winner() is None
    assert game.pending().kind == "game_drawn"


def test_pop_undoes_and_copy_is_independent(battle):
    before = battle.position()
    twin = battle.copy()
    battle.push(Destroyed("b00"))
    assert twin.position() == before
    assert battle.pop() == Destroyed("b00")
    assert battle.position() == before
    with pytest.raises(IndexError):
        DungeonCommand(make_setup()).pop()


def test_each_list_of_legal_actions_is_the_callers_own(battle):
    """The legal actions are worked out once per position; a caller changing its list changes
    neither the next list nor what is legal, and a pushed action gives the new position's."""
    listed = battle.legal_actions()
    listed.clear()
    assert battle.legal_actions() and Destroyed("b00") in battle.legal_actions()
    assert Cower("b00", 990) in battle.legal_actions()  # above the listed amounts: still legal
    battle.push(Destroyed("b00"))
    assert Destroyed("b00") not in battle.legal_actions()
    assert battle.pop() == Destroyed("b00") and Destroyed("b00") in battle.legal_actions()


def test_notation_reads_back(battle):
    for action in battle.legal_actions():
        assert battle.parse_action(str(action)) == action
    with pytest.raises(ValueError, match="expected"):
        battle.parse_action("cower a00 lots")


def test_position_and_record_round_trip_through_json(battle):
    play(battle, "destroyed b00", "cower a01 20", "next", "deploy a00")
    position = json.loads(json.dumps(battle.position()))
    assert DungeonCommand.from_position(position).position() == battle.position()
    record = json.loads(json.dumps(battle.record()))
    assert DungeonCommand.from_record(record).position() == battle.position()
    with pytest.raises(ValueError, match="version"):
        DungeonCommand.from_record({**record, "version": 2})


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("phase", "lunch", "phase"),
        ("ended", "morale", "reason to end"),
        ("battlefield", {"ann": ["b00"], "ben": []}, "its own"),
        ("morale", {"ann": 3}, "every seat"),
    ],
)
def test_an_inconsistent_position_is_refused(battle, key, value, message):
    position = battle.position()
    position["state"][key] = value
    with pytest.raises(ValueError, match=message):
        DungeonCommand.from_position(position)


@settings(max_examples=40, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=80))
def test_random_legal_play_keeps_leadership_and_morale_consistent(choices):
    """Any legal sequence: a deploy keeps levels in play within leadership, morale only falls
    (except by an adjustment), a creature is in at most one place, and undo retraces every
    position."""
    game = DungeonCommand(make_setup())
    positions = [game.position()]
    for choice in choices:
        legal = game.legal_actions()
        if not legal:
            break
        action = legal[choice % len(legal)]
        before = {seat: game.morale(seat) for seat in game.seats}
        game.push(action)
        positions.append(game.position())
        assert DungeonCommand.from_position(positions[-1]).position() == positions[-1]
        state = game.state
        if isinstance(action, Deploy):
            assert game.levels_in_play(state.active) <= game.leadership(state.active)
        for seat in game.seats:
            if not isinstance(action, Adjust):
                assert game.morale(seat) <= before[seat]
            assert not set(state.battlefield[seat]) & set(state.destroyed[seat])
        if any(game.morale(seat) <= 0 for seat in game.seats):
            assert game.is_over
    while game.actions:
        positions.pop()
        game.pop()
        assert game.position() == positions[-1]
