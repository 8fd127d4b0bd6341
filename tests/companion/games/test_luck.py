"""The luck percentile (``companion.games.luck``) against a direct computation: every way the
same dice could have come up, enumerated face by face and counted."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from companion.games.dreamblade.dice import Face, default_dice
from companion.games.dreamblade.rolls import read_roll
from companion.games.luck import Roll, luck, total_odds

# three strikes' dice as they came up: 1 + 3 + (2 + 3) = 9 damage from five dice
ROLLS = ("dice 1", "dice blade,miss,3", "dice 2,3")


def brute_force(rolls: list[tuple[str, ...]]) -> Fraction:
    """P(S < s) + ½ P(S = s), by enumerating all 6^dice equally likely results of the same
    dice (each die's six faces, as ``companion rules odds`` models the die)."""
    faces = default_dice().attack.faces
    dice = sum(len(roll) for roll in rolls)
    score = sum(Face(face).damage for roll in rolls for face in roll)
    below = equal = 0
    for result in itertools.product(faces, repeat=dice):
        total = sum(face.damage for face in result)
        below += total < score
        equal += total == score
    return Fraction(2 * below + equal, 2 * len(faces) ** dice)


def faces_of(notation: str) -> tuple[str, ...]:
    return tuple(notation.removeprefix("dice ").split(","))


@pytest.mark.parametrize(
    "rolls",
    [ROLLS, ("dice miss,miss", "dice blade"), ("dice 3,3,3",), ("dice 1,2", "dice 1,2", "dice 2")],
)
def test_the_luck_percentile_is_the_enumerated_mid_rank(rolls: tuple[str, ...]):
    read = [read_roll(text) for text in rolls]
    assert all(r is not None for r in read)
    assert luck([r for r in read if r is not None]) == brute_force([faces_of(t) for t in rolls])


def test_the_worked_example_reads_as_the_docs_say():
    found = luck([r for r in map(read_roll, ROLLS) if r is not None])
    assert found == brute_force([faces_of(t) for t in ROLLS])
    assert 0 < found < 1
    assert round(float(found) * 100) == 85  # docs/statistics.md's worked example


def test_no_rolls_and_rolls_with_one_outcome_are_exactly_middling():
    assert luck([]) == Fraction(1, 2)
    assert luck([Roll(0, {0: Fraction(1)})]) == Fraction(1, 2)


def test_the_sum_of_rolls_is_a_distribution_and_luck_rises_with_the_outcome():
    one = read_roll("dice 1,1")
    assert one is not None
    odds = total_odds([one, one])
    assert sum(odds.values()) == 1
    lucks = [luck([Roll(outcome, one.odds)]) for outcome in sorted(one.odds)]
    assert lucks == sorted(lucks) and len(set(lucks)) == len(lucks)


def test_a_roll_that_cannot_come_up_or_whose_chances_do_not_add_up_is_refused():
    with pytest.raises(ValueError):
        Roll(7, {0: Fraction(1, 2), 1: Fraction(1, 2)})
    with pytest.raises(ValueError):
        Roll(0, {0: Fraction(1, 3)})


def test_only_attack_dice_are_rolls():
    assert read_roll("init 3 5") is None
    assert read_roll("reroll 1 to 3") is None
    assert read_roll("move A:x#1 a4") is None
    assert read_roll("not an action") is None
