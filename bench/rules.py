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

from companion.games.dreamblade.catalog import builtin_catalog_path, load_catalog
from companion.games.dreamblade.dice import builtin_dice
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.maps import builtin_map
from companion.games.dreamblade.random_play import play_randomly, random_action

POSITIONS = 40
GAMES = 6
MAX_ACTIONS = 3000


# 16 miniatures per seat (3 copies at most), from the built-in catalog entries whose stats are all
# known, so the map fills up
BUSY_WARBAND = (
    ("spellbound-scissors", 3),
    ("sir-glorious", 3),
    ("lockjaw", 3),
    ("pearlthorn-gargoyle", 3),
    ("B45", 2),
    ("noble-dragon", 2),
)


def new_busy_game() -> DreambladeGame:
    catalog = load_catalog(builtin_catalog_path())
    warband = [catalog[mini] for mini, copies in BUSY_WARBAND for _ in range(copies)]
    faces = [face.name for face in builtin_dice().attack.faces]
    return DreambladeGame(builtin_map("default"), {"A": warband, "B": warband}, faces)


def busy_positions(count: int, seed: int = 7) -> list[DreambladeGame]:
    """Mid-game positions from random games: many miniatures on the map, every pending kind."""
    rng = random.Random(seed)
    positions: list[DreambladeGame] = []
    while len(positions) < count:
        game = new_busy_game()
        for _ in range(rng.randint(150, 500)):
            if game.is_over:
                break
            game.push(random_action(game, rng))
        if not game.is_over and sum(len(minis) for minis in game.board().values()) >= 10:
            positions.append(game)
    return positions


def per_call(function: Callable[[], object], repeat: int, blocks: int = 5) -> float:
    """Seconds per call: the best of a few blocks, so other work on the machine counts less."""
    best = float("inf")
    for _ in range(blocks):
        start = time.perf_counter()
        for _ in range(repeat):
            function()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def list_legal(game: DreambladeGame) -> object:
    """What the panel does: get the legal actions and list them (large families only counted)."""
    legal = game.legal_actions()
    return len(legal) if len(legal) > 200 else list(legal)


def main() -> None:
    positions = busy_positions(POSITIONS)
    kinds = sorted({game.pending().kind for game in positions})
    calls = [per_call(lambda g=game: g.legal_actions(), 40) for game in positions]
    legal = [per_call(lambda g=game: list_legal(g), 40) for game in positions]
    copies = [per_call(lambda g=game: g.copy(), 40) for game in positions]
    dumps = [per_call(lambda g=game: json.dumps(g.position()), 10) for game in positions]
    on_map = sum(sum(len(m) for m in g.board().values()) for g in positions) / len(positions)
    print(f"busy positions: {len(positions)}, {on_map:.1f} miniatures on the map on average")
    print(f"  pending kinds: {', '.join(kinds)}")
    for label, times in (("legal_actions()", calls), ("legal_actions() listed", legal)):
        mean, worst = 1e6 * sum(times) / len(times), 1e6 * max(times)
        print(f"{label:24} mean {mean:8.1f} µs   max {worst:8.1f} µs")
    print(f"{'baseline copy()':24} mean {1e6 * sum(copies) / len(copies):8.1f} µs")
    print(f"{'baseline position JSON':24} mean {1e6 * sum(dumps) / len(dumps):8.1f} µs")

    rng = random.Random(11)
    start = time.perf_counter()
    pushed = sum(play_randomly(new_busy_game(), rng, MAX_ACTIONS) for _ in range(GAMES))
    elapsed = time.perf_counter() - start
    print(f"random games: {GAMES / elapsed:6.2f} games/s ({pushed / elapsed:7.0f} actions/s)")


if __name__ == "__main__":
    main()
