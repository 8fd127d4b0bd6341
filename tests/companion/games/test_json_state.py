"""The JSON-state games (Dungeon Command, Arena, Planechase) copy a state one way, ``State.copy``
(every push copies the state, as do ``Game.copy`` and ``game.state``): the copy equals the original
and shares no list, dict, figure or combat with it, at every position of random games and on a
state with every field filled (a field added to a state must be filled here, so its copy is
checked too)."""

from __future__ import annotations

import random
from dataclasses import MISSING, fields, is_dataclass
from typing import Any

import pytest

from companion.games.arena.actions import End
from companion.games.arena.game import Arena, Combat, Figure
from companion.games.arena.game import State as ArenaState
from companion.games.dungeon_command.actions import Cower, Destroyed
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.state import State as DungeonCommandState
from companion.games.json_state import JsonStateGame
from companion.games.planechase.actions import Leave
from companion.games.planechase.game import Planechase
from companion.games.planechase.game import State as PlanechaseState
from companion.games.planechase.setup import Setup as PlanechaseSetup
from tests.companion.games.arena.conftest import duel_setup
from tests.companion.games.dungeon_command.conftest import make_setup
from tests.companion.games.planechase.conftest import own_decks

IMMUTABLE = (str, int, float, bool, type(None))


def assert_exact_copy(original: Any, copied: Any, path: str = "state") -> None:
    """``copied`` equals ``original``, part by part, and shares no mutable part with it."""
    assert type(copied) is type(original), f"{path}: {type(copied)} for {type(original)}"
    if isinstance(original, IMMUTABLE):
        assert copied == original, path
        return
    assert copied is not original, f"{path} is shared by the copy"
    if isinstance(original, dict):
        assert list(copied) == list(original), f"{path}: keys {list(copied)}"
        for key, value in original.items():
            assert_exact_copy(value, copied[key], f"{path}[{key!r}]")
    elif isinstance(original, list):
        assert len(copied) == len(original), f"{path}: {len(copied)} items"
        for i, (value, twin) in enumerate(zip(original, copied, strict=True)):
            assert_exact_copy(value, twin, f"{path}[{i}]")
    elif is_dataclass(original):
        for f in fields(original):
            assert_exact_copy(
                getattr(original, f.name), getattr(copied, f.name), f"{path}.{f.name}"
            )
    else:
        raise AssertionError(f"{path}: a {type(original).__name__} in a state")
    assert copied == original, path


def assert_every_field_filled(value: Any, path: str = "state") -> None:
    """Every field of every dataclass in ``value`` holds something other than its default (and
    not None, an empty list or an empty dict), so a copy that forgot a field is caught."""
    if isinstance(value, dict | list):
        assert value, f"{path} is empty"
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            assert_every_field_filled(item, f"{path}[{key!r}]")
    elif is_dataclass(value):
        for f in fields(value):
            held = getattr(value, f.name)
            default = f.default_factory() if f.default_factory is not MISSING else f.default
            assert held is not None and held != default, f"{path}.{f.name} is not filled"
            assert_every_field_filled(held, f"{path}.{f.name}")


FILLED = {
    "dungeon_command": DungeonCommandState(
        phase="activate",
        active="ann",
        turn=3,
        morale={"ann": 7, "ben": 9},
        leadership={"ann": 5, "ben": 6},
        battlefield={"ann": ["a01", "a02"], "ben": ["b03"]},
        destroyed={"ann": ["a00"], "ben": ["b00", "b01"]},
        ended="morale",
        damage={"a02": 10, "b03": 20},
        tapped=["a01", "b03"],
        conditions={"a02": ["dazed", "weakened"], "b03": ["stunned"]},
        activated=["a01"],
        activating="a02",
        hit_points={"b00": 40},
    ),
    "arena": ArenaState(
        active="b",
        figures={
            "pw-a": Figure("a", "pw-a", "g1", damage=2, hex="c4"),
            "sq-b.1": Figure("b", "sq-b", "scoring", damage=1, hex="d5"),
        },
        glyphs={"g1": "power", "g2": "toughness"},
        turn=4,
        step="defence_dice",
        d20=[{"a": 12, "b": 12}, {"a": 3, "b": 17}],
        chosen="sq-b",
        gone=["g3"],
        summoned=["sq-b.1"],
        moved=["sq-b.1", "sq-b.2"],
        attacked=["sq-b.2"],
        combat=Combat("sq-b.1", "pw-a", "attacker", 3, hits=2, defence_dice=1),
        ended="turns",
    ),
    "planechase": PlanechaseState(
        players=["a", "b", "c"],
        active="b",
        turn=5,
        rolls=2,
        plane="ohop-03",
        plane_owner="a",
        controller="c",
        unseen={"a": ["ohop-04", "ohop-05"], "b": ["ohop-11"]},
        bottom={"a": ["ohop-01"], "c": ["ohop-21", "ohop-22"]},
        reveal_by="c",
        planeswalk=True,
        walk_from="ohop-02",
    ),
}


# actions a random player takes only now and then, so games run long: ending a turn, leaving,
# losing morale
RARE: dict[str, Any] = {"arena": End, "dungeon_command": Destroyed | Cower, "planechase": Leave}


def _new_game(name: str) -> JsonStateGame:
    if name == "dungeon_command":
        return DungeonCommand(make_setup())
    if name == "arena":
        return Arena(duel_setup())
    seats = ("a", "b", "c")
    return Planechase(PlanechaseSetup(seats, own_decks(seats), first="a", ordered=True))


@pytest.mark.parametrize("name", sorted(FILLED))
def test_a_state_with_every_field_filled_is_copied_exactly(name: str) -> None:
    state = FILLED[name]
    assert_every_field_filled(state)
    assert_exact_copy(state, state.copy())


@pytest.mark.parametrize("name", sorted(FILLED))
def test_every_position_of_random_games_is_copied_exactly(name: str) -> None:
    positions = 0
    filled: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        game = _new_game(name)
        for _ in range(60):
            assert_exact_copy(game._state, game._state.copy())
            assert_exact_copy(game._state, game.state)  # what the screens read is a copy
            twin = game.copy()
            assert_exact_copy(game._state, twin._state)
            assert twin.actions == game.actions
            positions += 1
            legal = list(game.legal_actions())
            if not legal:
                break
            before = game._state.to_json()
            twin.push(rng.choice(legal))  # a push on the copy leaves the original as it was
            assert game._state.to_json() == before
            usual = [a for a in legal if not isinstance(a, RARE[name])]
            game.push(rng.choice(usual if usual and rng.random() > 0.1 else legal))
            filled |= {
                k for k, v in game._state.to_json().items() if v not in (None, False, [], {})
            }
    assert positions >= 150
    assert filled == set(game._state.to_json()), "the games filled every field at some point"
