"""Advance: you may move target unengaged ally one cell (blade kinds and spawn abilities).
Rulings: FAQ "Abilities" (targets on activation; Defender only limits shifts), rulebook "may"
abilities absorb blades and the stack limit holds for every movement."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import AssignBlade
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import at, creature, kinds, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

SCOUT = creature("scout", power=1, abilities=["blade: Advance"])
ALLY = creature("ally", power=0)
FOE = creature("foe", power=0, defense=5, life=6)


def strike_with_a_blade(zones: dict[str, str], a: list[Miniature] | None = None) -> DreambladeGame:
    game = at(a or [SCOUT, ALLY], [FOE], zones, mode="strike")
    play(game, "cell c3 A:scout#1", "dice blade")
    return game


def test_moves_an_unengaged_ally_one_cell() -> None:
    game = strike_with_a_blade({"A:scout#1": "c3", "B:foe#1": "c3", "A:ally#1": "b1"})
    events = play(game, "blade A:scout#1 advance A:ally#1>b2")
    assert game.state.zone["A:ally#1"] == "b2"
    assert "moved" in kinds(events)


def test_declining_absorbs_the_blade() -> None:
    """Rulebook "may" blade abilities: a blade may go to it and do nothing."""
    game = strike_with_a_blade({"A:scout#1": "c3", "B:foe#1": "c3", "A:ally#1": "b1"})
    assert AssignBlade("A:scout#1", "advance") in game.legal_actions()
    play(game, "blade A:scout#1 advance")
    assert game.state.zone["A:ally#1"] == "b1"
    assert game.state.combat is None


def test_not_itself_nor_an_engaged_ally() -> None:
    """A creature is not its own ally (FAQ, Skirmish); Advance takes unengaged allies only."""
    zones = {"A:scout#1": "c3", "B:foe#1": "c3", "A:ally#1": "c3"}
    game = strike_with_a_blade(zones)
    legal = blade_actions(game)
    assert legal == {AssignBlade("A:scout#1", "advance")}
    for text in ("blade A:scout#1 advance A:scout#1>c2", "blade A:scout#1 advance A:ally#1>c2"):
        with pytest.raises(IllegalActionError):
            play(game, text)


def test_moves_one_orthogonal_cell_within_the_stack_limit() -> None:
    full = [creature(f"f{i}", power=0) for i in range(4)]
    zones = {"A:scout#1": "c3", "B:foe#1": "c3", "A:ally#1": "b1"}
    zones |= {f"A:f{i}#1": "b2" for i in range(4)}
    game = strike_with_a_blade(zones, [SCOUT, ALLY, *full])
    targets = {a.args for a in blade_actions(game) if a.args and a.args[0].startswith("A:ally")}
    assert targets == {("A:ally#1>a1",), ("A:ally#1>c1",)}  # b2 holds 4 allies; no diagonal


def test_a_defender_may_be_advanced_into_enemies() -> None:
    """FAQ, Defender: only shifting is restricted; Advance may move it into an enemy's cell."""
    defender = creature("def", power=0, abilities=["Defender"])
    zones = {"A:scout#1": "c3", "B:foe#1": "c3", "A:def#1": "c2"}
    game = strike_with_a_blade(zones, [SCOUT, defender])
    play(game, "blade A:scout#1 advance A:def#1>c3")
    assert game.state.zone["A:def#1"] == "c3"


def test_as_a_spawn_ability() -> None:
    """Rulebook "spawn abilities": ``2: Advance`` paid in spawn points during the spawn phase."""
    herald = creature("herald", abilities=["2: Advance"])
    game = at([herald, ALLY], [FOE], {"A:herald#1": "a1", "A:ally#1": "b1"}, phase="spawn")
    points = game.state.spawn_points
    play(game, "ability A:herald#1 advance A:ally#1>b2")
    assert game.state.zone["A:ally#1"] == "b2"
    assert game.state.spawn_points == points - 2
