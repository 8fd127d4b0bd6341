"""Dice luck: how a player's rolls came out against their exact odds.

Each roll a game records is a :class:`Roll`: its outcome as one number (higher is better for the
one who rolled: Dreamblade's damage) and the exact chance of every outcome, from the game's own
odds engine (the kit's ``read_rolls``). A player's **luck** over their rolls is a percentile:

    luck = P(S < s) + ½ · P(S = s)

where ``s`` is the sum of the player's outcomes and ``S`` the sum a player making the same rolls
(the same dice, each roll independent) would score, its distribution the exact convolution of
each roll's. It reads "luckier than ``luck`` of players with the same rolls": a tie counts half
(the mid-rank), so a player exactly as lucky as the middle scores 50 %, and one with no rolls (or
only rolls with one possible outcome) scores exactly 50 %, neither lucky nor not.

Counts are whole numbers over a common denominator while convolving (exact, and much faster than
fractions); the result is an exact :class:`~fractions.Fraction`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Roll:
    """One roll: ``outcome`` (the number it came to) and ``odds`` (outcome → exact chance)."""

    outcome: int
    odds: Mapping[int, Fraction]

    def __post_init__(self) -> None:
        if sum(self.odds.values()) != 1:
            raise ValueError("a roll's chances add up to 1")
        if self.odds.get(self.outcome, 0) <= 0:
            raise ValueError(f"the outcome {self.outcome} cannot be rolled")


@dataclass(frozen=True)
class SeatRoll:
    """A roll an action records and who made it: ``seat``, or ``None`` for the seat that made
    the action (the one the game waited for)."""

    roll: Roll
    seat: str | None = None


def _counts(odds: Mapping[int, Fraction]) -> tuple[dict[int, int], int]:
    """``odds`` as whole counts over one denominator: (outcome → count, denominator)."""
    denominator = math.lcm(*(chance.denominator for chance in odds.values()))
    return {o: int(c * denominator) for o, c in odds.items() if c}, denominator


def total_odds(rolls: Iterable[Roll]) -> dict[int, Fraction]:
    """The exact distribution of the sum of independent rolls with these odds."""
    counts: dict[int, int] = {0: 1}
    denominator = 1
    for roll in rolls:
        one, scale = _counts(roll.odds)
        merged: dict[int, int] = {}
        for total, n in counts.items():
            for outcome, m in one.items():
                merged[total + outcome] = merged.get(total + outcome, 0) + n * m
        counts, denominator = merged, denominator * scale
    return {total: Fraction(n, denominator) for total, n in sorted(counts.items())}


def luck(rolls: Iterable[Roll]) -> Fraction:
    """The player's luck percentile over ``rolls`` (0–1): P(S < s) + ½ P(S = s). The same
    rolls (in any order) are computed once: the pages ask again on every refresh."""
    key = tuple(sorted((roll.outcome, tuple(sorted(roll.odds.items()))) for roll in rolls))
    return _luck(key)


Key = tuple[tuple[int, tuple[tuple[int, Fraction], ...]], ...]


@functools.lru_cache(maxsize=4096)
def _luck(key: Key) -> Fraction:
    rolls = [Roll(outcome, dict(odds)) for outcome, odds in key]
    score = sum(roll.outcome for roll in rolls)
    odds = total_odds(rolls)
    below = sum((chance for total, chance in odds.items() if total < score), Fraction(0))
    return below + odds.get(score, Fraction(0)) / 2
