"""Call: once a turn, on one of its owner's scoring cells, spawn a miniature from the graveyard
next to this creature by paying its cost (facts.md, LIKELY: Baxar the Soul-Stitcher). Rulings
used for the details (see ``abilities/call.py``): FAQ "how are spawn abilities used" (only in
your own spawn phase, once each per spawn phase; scoring-symbol abilities only on a scoring
cell, contested or not), rulebook aspect cost, stack limit, four spawns per cell and phase;
"can't" beats "can" (Suppress)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import UseAbility
from companion.games.dreamblade.game import DreambladeGame
from tests.companion.games.dreamblade.builders import at, creature, play

BAXAR = creature("baxar", cost=10, abilities=["Call"])
DEAD = creature("dead", cost=3, aspects="V")
PAL = creature("pal")
FOE = creature("foe")


def _calls(game: DreambladeGame) -> set[tuple[str, ...]]:
    return {
        a.args for a in game.legal_actions() if isinstance(a, UseAbility) and a.ability == "call"
    }


def test_spawns_a_graveyard_creature_next_to_it_paying_its_cost() -> None:
    zones = {"A:baxar#1": "c3", "A:dead#1": "graveyard", "B:foe#1": "c3"}
    game = at([BAXAR, DEAD], [FOE], zones, phase="spawn")  # 7 points; c3 contested
    assert _calls(game) == {("A:dead#1>b3",), ("A:dead#1>c2",), ("A:dead#1>c4",), ("A:dead#1>d3",)}
    play(game, "ability A:baxar#1 call A:dead#1>c4")
    assert game.state.zone["A:dead#1"] == "c4"
    assert game.spawn_points_left("A") == 7 - 4  # cost 3 + 1 for the uncovered Valor symbol


def test_once_per_spawn_phase() -> None:
    zones = {"A:baxar#1": "c3", "A:dead#1": "graveyard", "A:dead#2": "graveyard"}
    game = at([BAXAR, DEAD, DEAD], [FOE], zones, phase="spawn", spawn_sum=12)
    play(game, "ability A:baxar#1 call A:dead#1>c4")
    assert _calls(game) == set()
    with pytest.raises(IllegalActionError) as err:
        play(game, "ability A:baxar#1 call A:dead#2>c2")
    assert err.value.rule == "spawn.ability"


def test_only_on_a_scoring_cell_of_its_owner() -> None:
    game = at([BAXAR, DEAD], [FOE], {"A:baxar#1": "c2", "A:dead#1": "graveyard"}, phase="spawn")
    assert _calls(game) == set()  # c2 scores for B only
    with pytest.raises(IllegalActionError):
        play(game, "ability A:baxar#1 call A:dead#1>b2")


def test_what_it_cannot_afford_a_full_cell_and_a_suppressed_name_are_not_offered() -> None:
    pricey = creature("pricey", cost=8)
    zones = {"A:baxar#1": "c3", "A:pricey#1": "graveyard", "A:dead#1": "graveyard",
             **{f"A:pal#{k}": "c4" for k in range(1, 5)}}  # fmt: skip
    game = at([BAXAR, pricey, DEAD, *[PAL] * 4], [FOE], zones, phase="spawn")
    assert _calls(game) == {("A:dead#1>b3",), ("A:dead#1>c2",), ("A:dead#1>d3",)}
    game = at([BAXAR, DEAD], [FOE], {"A:baxar#1": "c3", "A:dead#1": "graveyard"}, phase="spawn")
    game.state.keywords = replace(game.state.keywords, suppressed=("dead",))
    assert _calls(game) == set()


def test_a_called_creature_is_spawned_its_when_spawned_ability_triggers() -> None:
    eater = creature("eater", cost=2, abilities=["when spawned: Appease"])
    zones = {"A:baxar#1": "c3", "A:eater#1": "graveyard"}
    game = at([BAXAR, eater], [FOE], zones, phase="spawn")
    play(game, "ability A:baxar#1 call A:eater#1>b3")
    now = game.pending()
    assert (now.kind, now.details["targets"]) == ("choose_target", ["A:baxar#1", "A:eater#1"])
