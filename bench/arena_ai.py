"""Arena of the Planeswalkers' computer player: its levels against each other, seeded.

Each pairing plays whole games of the demo's armies (``companion.games.arena.demo``), the two
levels swapping seats from one game to the next, printed beside the baseline of the same run:
easy against easy (two random players; the share the first seat wins shows what seat and dice
alone give). The first-player d20 is rolled fair; the combat dice need the die's face split,
which the companion does not know (``data/combat_die.yaml``): the bench *assumes* one
(``--faces hit,shield,blank``, 3,2,1 by default) and prints it. A drawn game is a win for
neither level.

    .venv/bin/python bench/arena_ai.py [--games 200] [--seed 35] [--faces 3,2,1]
        [--strong-budget 1.0] [--no-strong]

Strong plays normal at its budget (``--strong-budget``, the table's 1 s by default).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.arena.actions import FirstRoll, Hits, Shields
from companion.games.arena.ai import ArenaAi
from companion.games.arena.demo import demo_setup
from companion.games.arena.dice import ROLL_KINDS, CombatDice
from companion.games.arena.game import Arena

MAX_ACTIONS = 2000


BUDGET = {"value": 1.0}  # a strong move's think_seconds (``--strong-budget``)
TIMES: dict[str, list[float]] = {}  # level → seconds of each choice with more than one option


def play(levels: dict[str, str], seed: int, faces: dict[str, int]) -> str | None:
    """One game; the winning seat's level key (``"A"``/``"B"`` by seat order) or None."""
    game = Arena(demo_setup())
    seats = game.seats
    players = {
        seat: ArenaAi(levels[seat], seed * 2 + i, BUDGET["value"]) for i, seat in enumerate(seats)
    }
    rng, dice = random.Random(seed), CombatDice(faces, seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        pending = game.pending()
        if pending.kind == "first_roll":
            game.push(FirstRoll(pending.seat, rng.randint(1, 20)))
        elif pending.kind in ROLL_KINDS:
            rolled = dice.roll(pending.details["dice"])
            game.push(
                Hits(rolled.hits) if pending.kind == "attack_dice" else Shields(rolled.shields)
            )
        else:
            player = players[pending.seat]
            start = time.perf_counter()
            choice = player.choose(game)
            if choice.reason.key != "ar.ai.only":
                TIMES.setdefault(player.level, []).append(time.perf_counter() - start)
            game.push(choice.action)
    return game.winner() if game.is_over else None


def pairing(first: str, second: str, games: int, seed: int, faces: dict[str, int]) -> str:
    """``first``'s share of wins over ``games``, seats swapped each game."""
    seats = Arena(demo_setup()).seats
    wins = first_seat = draws = 0
    for n in range(games):
        one, two = (first, second) if n % 2 == 0 else (second, first)
        winner = play({seats[0]: one, seats[1]: two}, seed + n, faces)
        if winner is None:
            draws += 1
            continue
        first_seat += winner == seats[0]
        wins += (winner == seats[0]) == (n % 2 == 0)
    return (
        f"{first} wins {100 * wins / games:.1f} % ({wins}/{games}); the setup's first seat wins "
        f"{100 * first_seat / games:.1f} %; {draws} drawn"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--faces", default="3,2,1", help="ASSUMED hit,shield,blank faces")
    parser.add_argument("--no-strong", dest="strong", action="store_false")
    parser.add_argument("--strong-budget", type=float, default=1.0)
    args = parser.parse_args()
    hit, shield, blank = (int(n) for n in args.faces.split(","))
    faces = {"hit": hit, "shield": shield, "blank": blank}
    BUDGET["value"] = args.strong_budget
    print(f"Arena AI, {args.games} games a pairing, seed {args.seed}; combat die ASSUMED {faces}")
    start = time.perf_counter()
    pairs = (("easy", "easy"), ("normal", "easy"), ("strong", "normal"))
    for first, second in pairs[: 3 if args.strong else 2]:
        result = pairing(first, second, args.games, args.seed, faces)
        print(f"{first} vs {second}: {result}")
    print(f"({time.perf_counter() - start:.1f} s)")
    for level, times in sorted(TIMES.items()):
        times.sort()
        median, worst = times[len(times) // 2], times[-1]
        ms = f"median {1000 * median:.2f} ms, worst {1000 * worst:.1f} ms"
        print(f"{level}: {len(times)} choices, {ms}")


if __name__ == "__main__":
    main()
