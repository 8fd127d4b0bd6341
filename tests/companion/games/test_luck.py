"""The luck percentile (``companion.games.luck``) against a direct computation: every way the
same dice could have come up — attack dice, dice rerolled, initiative dice — enumerated face by
face and counted."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from companion.games.dreamblade.dice import Face, attack_odds, default_dice
from companion.games.dreamblade.rolls import read_rolls
from companion.games.luck import Roll, luck, total_odds

# three strikes' dice as they came up: 1 + 3 + (2 + 3) = 9 damage from five dice
ROLLS = ("dice 1", "dice blade,miss,3", "dice 2,3")
INITIATIVE_DIE = tuple(range(1, 7))  # a six-sided die: 1 to 6


def attack_die() -> tuple[int, ...]:
    """The attack die's faces as the damage each shows (``companion rules odds``'s die)."""
    return tuple(face.damage for face in default_dice().attack.faces)


def brute_force(dice: list[tuple[tuple[int, ...], int]]) -> Fraction:
    """P(S < s) + ½ P(S = s), by enumerating every equally likely result of the same dice: each
    die given as its faces' values and the value it showed."""
    score = sum(shown for _, shown in dice)
    below = equal = 0
    for result in itertools.product(*(faces for faces, _ in dice)):
        total = sum(result)
        below += total < score
        equal += total == score
    return Fraction(2 * below + equal, 2 * math.prod(len(faces) for faces, _ in dice))


def dice_of(notation: str, seat: str = "A") -> list[tuple[tuple[int, ...], int]]:
    """The dice ``seat`` rolled in ``notation``, read here from the text itself."""
    words = notation.split()
    if words[0] == "init":
        one = words[1] in ("A", "B")  # one seat rolls again ("init A 4"), else both ("init 3 5")
        values = {words[1]: words[2]} if one else {"A": words[1], "B": words[2]}
        return [(INITIATIVE_DIE, int(values[seat]))] if seat in values else []
    faces = words[1] if words[0] == "dice" else words[3]  # "reroll <old> to <new>"
    return [(attack_die(), Face(face).damage) for face in faces.split(",")]


def seat_rolls(notations: tuple[str, ...], seat: str = "A") -> list[Roll]:
    """The rolls of ``seat`` the kit reads (a dice or reroll entry: the seat that made it)."""
    return [r.roll for t in notations for r in read_rolls(t) if r.seat in (None, seat)]


@pytest.mark.parametrize(
    "rolls",
    [
        ROLLS,
        ("dice miss,miss", "dice blade"),
        ("dice 3,3,3",),
        ("dice 1,2", "dice 1,2", "dice 2"),
        ("init 3 5", "dice 1,blade", "reroll blade to 2"),  # A's initiative die, a reroll
        ("init 1 6", "init A 4", "init B 2", "dice 3"),  # rolled again: A's second die only
    ],
)
def test_the_luck_percentile_is_the_enumerated_mid_rank(rolls: tuple[str, ...]):
    dice = [die for text in rolls for die in dice_of(text)]
    assert luck(seat_rolls(rolls)) == brute_force(dice)


def test_the_worked_example_reads_as_the_docs_say():
    found = luck(seat_rolls(ROLLS))
    assert found == brute_force([die for text in ROLLS for die in dice_of(text)])
    assert 0 < found < 1
    assert round(float(found) * 100) == 85  # docs/statistics.md's worked example


def test_no_rolls_and_rolls_with_one_outcome_are_exactly_middling():
    assert luck([]) == Fraction(1, 2)
    assert luck([Roll(0, {0: Fraction(1)})]) == Fraction(1, 2)


def test_the_sum_of_rolls_is_a_distribution_and_luck_rises_with_the_outcome():
    (read,) = read_rolls("dice 1,1")
    one = read.roll
    odds = total_odds([one, one])
    assert sum(odds.values()) == 1
    lucks = [luck([Roll(outcome, one.odds)]) for outcome in sorted(one.odds)]
    assert lucks == sorted(lucks) and len(set(lucks)) == len(lucks)


def test_a_roll_that_cannot_come_up_or_whose_chances_do_not_add_up_is_refused():
    with pytest.raises(ValueError):
        Roll(7, {0: Fraction(1, 2), 1: Fraction(1, 2)})
    with pytest.raises(ValueError):
        Roll(0, {0: Fraction(1, 3)})


def test_attack_dice_rerolled_dice_and_initiative_dice_are_rolls():
    assert [(r.seat, r.roll.outcome) for r in read_rolls("init 3 5")] == [("A", 3), ("B", 5)]
    assert [(r.seat, r.roll.outcome) for r in read_rolls("init B 2")] == [("B", 2)]
    (reroll,) = read_rolls("reroll 1,miss to 3,blade")  # the dice rolled again: 3 damage
    assert (reroll.seat, reroll.roll.outcome) == (None, 3)  # made by the seat rolling
    assert reroll.roll.odds == attack_odds(2).damage
    assert read_rolls("reroll none") == ()  # nothing rolled
    assert read_rolls("move A:x#1 a4") == ()
    assert read_rolls("not an action") == ()
