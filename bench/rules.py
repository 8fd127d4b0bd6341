"""Benchmark of the Dreamblade rules engine.

Prints the time per ``legal_actions()`` call in busy mid-game positions and the number of complete
random games per second, each beside a baseline measured in the same run: ``copy()`` of the same
position (the cheapest whole-state operation) and the JSON serialisation of its position.

Run: ``.venv/bin/python bench/rules.py`` (target: legal actions well under 1 ms).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

from companion.games.dreamblade.demo_game import demo_game
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.random_play import play_randomly, random_action

POSITIONS = 40
GAMES = 10
MAX_ACTIONS = 3000


def busy_positions(count: int, seed: int = 7) -> list[DreambladeGame]:
    """Mid-game positions from random games: many miniatures on the map, every pending kind."""
    rng = random.Random(seed)
    positions: list[DreambladeGame] = []
    while len(positions) < count:
        game = demo_game()
        for _ in range(rng.randint(120, 400)):
            if game.is_over:
                break
            game.push(random_action(game, rng))
        if not game.is_over and len(game.board()) >= 3:
            positions.append(game)
    return positions


def per_call(function: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def list_legal(game: DreambladeGame) -> object:
    legal = game.legal_actions()
    return legal if len(legal) > 200 else list(legal)


def main() -> None:
    positions = busy_positions(POSITIONS)
    kinds = sorted({game.pending().kind for game in positions})
    legal = [per_call(lambda g=game: list_legal(g), 200) for game in positions]
    copies = [per_call(lambda g=game: g.copy(), 200) for game in positions]
    dumps = [per_call(lambda g=game: json.dumps(g.position()), 50) for game in positions]
    print(f"busy positions: {len(positions)} (pending kinds: {', '.join(kinds)})")
    mean, worst = 1e6 * sum(legal) / len(legal), 1e6 * max(legal)
    print(f"legal_actions() mean {mean:8.1f} µs   max {worst:8.1f} µs")
    print(f"baseline copy()  mean {1e6 * sum(copies) / len(copies):8.1f} µs")
    print(f"baseline position JSON mean {1e6 * sum(dumps) / len(dumps):8.1f} µs")

    rng = random.Random(11)
    start = time.perf_counter()
    pushed = sum(play_randomly(demo_game(), rng, MAX_ACTIONS) for _ in range(GAMES))
    elapsed = time.perf_counter() - start
    print(f"random games: {GAMES / elapsed:6.2f} games/s ({pushed / elapsed:7.0f} actions/s)")


if __name__ == "__main__":
    main()
