"""The Dreamblade AI's levels against each other (issue 35), seeded.

Each pairing plays whole games of the demo's warbands on the built-in map, the two levels
swapping seats from one game to the next; the dice are rolled by their real chances
(``companion.games.dreamblade.ai.roll``) from the game's seed. Printed beside the baseline of the
same run: easy against easy (two random players; the share seat A wins shows what seat and
dice alone give). Then the moves' thinking times in those games (strong at its budget, the
table's 1 s by default; how many strong moves it cut short: fewer rounds of play-outs, or
none), the baseline's easy move beside them, and the estimated Pi 5 time (an assumption:
``PI5_SLOWER``, the factor bench/vision.py uses, not a measurement on a Pi). The machine's load
average is printed at the start and the end: on a shared machine a budget buys less search.

    .venv/bin/python bench/ai.py [--games 200] [--strong-games 200] [--strong-budget 1.0]
        [--seed 35]

A game that reaches ``MAX_ACTIONS`` without a winner counts as no win for either level.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.dreamblade.ai import PLAYOUTS, DreambladeAi, chance_outcomes, roll
from companion.games.dreamblade.demo_game import demo_game

MAX_ACTIONS = 4000
PI5_SLOWER = 3.0  # assumption shared with bench/vision.py: a Pi 5 core ~3× slower than this one


@dataclass
class Game:
    winner_level: str | None
    winner_seat: str | None
    # level → the time of each choice it had (more than one option)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    cut_short: int = 0  # strong moves cut by their budget (fewer play-outs or none)


def play(levels: dict[str, str], seed: int, budget: float) -> Game:
    game = demo_game()
    rng = random.Random(seed)
    players = {
        seat: DreambladeAi(level, seed * 2 + index, budget)
        for index, (seat, level) in enumerate(sorted(levels.items()))
    }
    seconds: dict[str, list[float]] = {level: [] for level in levels.values()}
    cut_short = 0
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        if chance_outcomes(game) is not None:
            game.push(roll(game, rng))
            continue
        seat = game.pending().seat or "A"  # the conquest's count: nobody's choice
        start = time.perf_counter()
        choice = players[seat].choose(game)
        if choice.reason.key != "ai.reason.only":  # a choice with one option takes no thought
            seconds[levels[seat]].append(time.perf_counter() - start)
            player = players[seat]
            cut_short += player.level == "strong" and not player.last_whole
        game.push(choice.action)
    winner = game.winner()
    return Game(None if winner is None else levels[winner], winner, seconds, cut_short)


def pairing(first: str, second: str, games: int, seed: int, budget: float) -> list[Game]:
    played = []
    start = time.perf_counter()
    for index in range(games):
        seats = {"A": first, "B": second} if index % 2 == 0 else {"A": second, "B": first}
        played.append(play(seats, seed * 100_000 + index, budget))
        if (index + 1) % 20 == 0 and index + 1 < games:  # a long pairing says how it goes
            seconds = time.perf_counter() - start
            a_wins = sum(1 for g in played if g.winner_seat == "A")
            wins = share(played, first) if first != second else f"(seat A) {a_wins}/{index + 1}"
            print(f"  {first} vs {second}: {index + 1} games, {first} wins {wins}, "
                  f"{seconds:.0f} s", flush=True)  # fmt: skip
    return played


def share(played: list[Game], level: str) -> str:
    wins = sum(1 for g in played if g.winner_level == level)
    return f"{wins}/{len(played)} = {100 * wins / len(played):.1f} %"


def by_seat(played: list[Game], level: str) -> str:
    """``level``'s wins from each seat (the pairing swaps seats every game)."""
    parts = []
    for seat, parity in (("A", 0), ("B", 1)):
        # the first level named sits in A in even games
        games = [g for i, g in enumerate(played) if i % 2 == parity]
        wins = sum(1 for g in games if g.winner_level == level and g.winner_seat == seat)
        parts.append(f"as {seat} {wins}/{len(games)}")
    return ", ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of easy–easy, normal–easy")
    parser.add_argument("--strong-games", type=int, default=200, help="games of strong–normal")
    parser.add_argument(
        "--strong-budget", type=float, default=1.0, help="seconds a strong move thinks there"
    )
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    print("load average at the start: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))

    start = time.perf_counter()
    base = pairing("easy", "easy", args.games, args.seed, 1.0)
    a_wins = sum(1 for g in base if g.winner_seat == "A")
    print(f"baseline easy vs easy, {len(base)} games: seat A wins {a_wins}/{len(base)} = "
          f"{100 * a_wins / len(base):.1f} %, {time.perf_counter() - start:.0f} s")  # fmt: skip
    start = time.perf_counter()
    normal = pairing("normal", "easy", args.games, args.seed + 1, 1.0)
    print(f"normal vs easy, {len(normal)} games: normal wins {share(normal, 'normal')} "
          f"(target ≥ 80 %; {by_seat(normal, 'normal')}), easy wins {share(normal, 'easy')}, "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    start = time.perf_counter()
    budget = args.strong_budget
    strong = pairing("strong", "normal", args.strong_games, args.seed + 2, budget)
    print(f"strong ({budget} s a move) vs normal, {len(strong)} games: strong wins "
          f"{share(strong, 'strong')} (target ≥ 60 %; {by_seat(strong, 'strong')}), normal wins "
          f"{share(strong, 'normal')}, {time.perf_counter() - start:.0f} s")  # fmt: skip

    for level, against, games in (
        ("strong", "normal", strong),
        ("normal", "strong", strong),
        ("normal", "easy", normal),
    ):
        times = [t for g in games for t in g.seconds.get(level, [])]
        median, worst = statistics.median(times), max(times)
        print(f"{level} move (against {against}, {len(times)} moves with a choice): median "
              f"{median:.3f} s, worst {worst:.3f} s; Pi 5 estimate (×{PI5_SLOWER}, assumed): "
              f"median {PI5_SLOWER * median:.3f} s, worst {PI5_SLOWER * worst:.3f} s")  # fmt: skip
    cut = sum(g.cut_short for g in strong)
    moves = sum(len(g.seconds.get("strong", [])) for g in strong)
    print(f"strong moves cut by their {budget} s (fewer rounds of play-outs than "
          f"{PLAYOUTS}, or none): {cut}/{moves}")  # fmt: skip
    easy_times = [t for g in base for t in g.seconds["easy"]]
    median, worst = statistics.median(easy_times), max(easy_times)
    print(f"baseline easy move ({len(easy_times)} moves with a choice): median "
          f"{1000 * median:.2f} ms, worst {1000 * worst:.2f} ms")  # fmt: skip
    print("load average at the end: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
