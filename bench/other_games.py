"""Benchmark: random legal play in the Planechase, Dungeon Command and Arena engines — pushes
(legality check + state copy + apply) and pops per second — beside the state's own copy
(``State.copy``, which every push makes once) and the plain ``copy.deepcopy`` of the same state
(the baseline: how pushes copied the state before), measured in the same run.
Prints figures; asserts nothing about speed. Run: .venv/bin/python -P bench/other_games.py"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable

from companion.games.arena.demo import demo_setup as arena_setup
from companion.games.arena.game import Arena
from companion.games.dungeon_command.demo import demo_setup as dc_setup
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.planechase.demo import demo_setup as planechase_setup
from companion.games.planechase.game import Planechase

Engine = Planechase | DungeonCommand | Arena
GAMES: dict[str, Callable[[], Engine]] = {
    "planechase": lambda: Planechase(planechase_setup()),
    "dungeon_command": lambda: DungeonCommand(dc_setup()),
    "arena": lambda: Arena(arena_setup()),
}
ACTIONS = 2_000


def _play(make: Callable[[], Engine], seed: int) -> tuple[int, float, float, float, float]:
    """Random legal actions until ``ACTIONS`` are pushed (restarting finished games)."""
    rng = random.Random(seed)
    pushed, push_time, pop_time, copy_time, deepcopy_time = 0, 0.0, 0.0, 0.0, 0.0
    while pushed < ACTIONS:
        game = make()
        while pushed < ACTIONS and (legal := list(game.legal_actions())):
            action = rng.choice(legal)
            state = game.state
            start = time.perf_counter()
            copy.deepcopy(state)  # baseline: the copy pushes made before ``State.copy``
            copied = time.perf_counter()
            state.copy()  # the copy a push makes
            middle = time.perf_counter()
            game.push(action)
            push_time += time.perf_counter() - middle
            copy_time += middle - copied
            deepcopy_time += copied - start
            pushed += 1
        start = time.perf_counter()
        while game.actions:
            game.pop()
        pop_time += time.perf_counter() - start
    return pushed, push_time, pop_time, copy_time, deepcopy_time


def main() -> None:
    print(
        "random legal play, per second      push   state.copy   state deepcopy (baseline)       pop"
    )
    for name, make in GAMES.items():
        pushed, push_time, pop_time, copy_time, deepcopy_time = _play(make, seed=1)
        print(
            f"  {name:<16} {pushed / push_time:>17,.0f} {pushed / copy_time:>12,.0f}"
            f" {pushed / deepcopy_time:>27,.0f} {pushed / pop_time:>9,.0f}"
        )


if __name__ == "__main__":
    main()
