"""Benchmark of the keyword abilities' cost in the Dreamblade engine.

Plays random games with warbands full of keyword abilities (triggers, special attacks, power
auras, blade abilities with targets) and, as the baseline measured in the same run, the same
miniatures with no abilities at all. Prints actions per second and the time per
``legal_actions()`` call in mid-game positions for both.

Run: ``.venv/bin/python -P bench/keywords.py``.
"""

from __future__ import annotations

import random
import time

from companion.games.dreamblade.dice import builtin_dice
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Kind, Miniature
from companion.games.dreamblade.random_play import play_randomly, random_action

GAMES = 4
MAX_ACTIONS = 1500
POSITIONS = 20

LINES = (
    ("Ambush 3",),
    ("Charge 3", "blade: Advance"),
    ("blade: Skirmish 2",),
    ("blade: Warpstrike 3", "Inciter 1"),
    ("multi-blade: Venom 2", "Enrage 1"),
    ("X: Assault X", "Strikeback 3"),
    ("blade: Lure", "Bloodthirsty"),
    ("blade: Swap", "Nullify Enemies"),
    ("Locus Drive", "Energize 1", "Call"),
    ("Bolster Valor 1", "Ambush 2"),
)

TEST_MAP = DreamMap(
    name="bench",
    portals={"A": "a1", "B": "e5"},
    key_values={c: 2 for c in ("b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4")},
    provisional=False,
    source="benchmark fixture",
)


def warband(with_abilities: bool) -> list[Miniature]:
    minis = []
    for index, lines in enumerate(LINES):
        mini = Miniature(
            id=f"k{index}",
            name=f"K{index}",
            kind=Kind.CREATURE,
            spawn_cost=2 + index % 3,
            aspects=(),
            power=1 + index % 3,
            defense=3 + index % 2,
            life=6,
            lineage=None,
            abilities=lines if with_abilities else (),
            set=None,
            number=None,
            rarity=None,
            source="benchmark fixture",
        )
        minis += [mini, mini]
    return minis


def new_game(with_abilities: bool) -> DreambladeGame:
    band = warband(with_abilities)
    faces = [face.name for face in builtin_dice().attack.faces]
    return DreambladeGame(TEST_MAP, {"A": band, "B": band}, faces)


def actions_per_second(with_abilities: bool) -> float:
    rng = random.Random(5)
    start = time.perf_counter()
    pushed = sum(play_randomly(new_game(with_abilities), rng, MAX_ACTIONS) for _ in range(GAMES))
    return pushed / (time.perf_counter() - start)


def legal_actions_time(with_abilities: bool) -> float:
    rng = random.Random(9)
    total, calls = 0.0, 0
    for _ in range(POSITIONS):
        game = new_game(with_abilities)
        for _ in range(rng.randint(100, 400)):
            if game.is_over:
                break
            game.push(random_action(game, rng))
        start = time.perf_counter()
        for _ in range(50):
            game.legal_actions()
        total += time.perf_counter() - start
        calls += 50
    return total / calls


def main() -> None:
    for label, flag in (("keywords", True), ("baseline, no abilities", False)):
        rate = actions_per_second(flag)
        legal = 1e6 * legal_actions_time(flag)
        print(f"{label:24} {rate:8.0f} actions/s   legal_actions() mean {legal:7.1f} µs")


if __name__ == "__main__":
    main()
