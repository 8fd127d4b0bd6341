"""Benchmark: exact attack odds by convolution, beside brute-force enumeration measured in the
same run (the baseline), plus the seeded virtual roll rate. Prints figures; asserts nothing
about speed. Run: .venv/bin/python bench/dice.py"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial

from companion.games.dreamblade.dice import Crit, Dice, attack_odds, builtin_dice


def _brute_force(count: int) -> dict[tuple[int, int], Fraction]:
    faces = builtin_dice().attack.faces
    out: dict[tuple[int, int], Fraction] = {}
    share = Fraction(1, len(faces) ** count)
    for roll in itertools.product(faces, repeat=count):
        key = (sum(f.damage for f in roll), sum(f.is_blade for f in roll))
        out[key] = out.get(key, Fraction(0)) + share
    return out


def _best_of(repeats: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    die = builtin_dice().attack
    print("attack odds, best of 3 (ms)        convolution   brute force (baseline)")
    for count in (2, 4, 6):
        fast = _best_of(3, partial(attack_odds, count, die))
        slow = _best_of(3, partial(_brute_force, count))
        assert {k: v for k, v in attack_odds(count, die).joint.items() if v} == _brute_force(count)
        print(f"  {count:>2} dice                          {fast * 1e3:9.2f}   {slow * 1e3:9.2f}")
    for count in (12, 30, 60):
        fast = _best_of(3, partial(attack_odds, count, die, Crit(2)))
        print(
            f"  {count:>2} dice with Crit 2              {fast * 1e3:9.2f}   (6^{count} outcomes)"
        )
    dice = Dice(die, seed=1)
    rolls = 100_000
    elapsed = _best_of(3, partial(dice.roll_attack, rolls))
    print(f"virtual attack dice: {rolls / elapsed / 1e6:.2f} million dice/s (seeded random.Random)")


if __name__ == "__main__":
    main()
