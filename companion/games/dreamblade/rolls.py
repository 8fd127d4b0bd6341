"""The rolls a Dreamblade log records, with their exact odds (``companion.games.luck``): every
roll whose odds the odds engine (``dice``: ``companion rules odds``) computes exactly.

- An attack roll (``dice 1,2,blade,miss``: a strike's or a deathblow's dice as they came up): its
  outcome the damage its dice show (blades and misses count 0), its odds the damage distribution
  of that many attack dice (``dice.attack_odds``, the house's attack die).
- A Fortunate reroll (``reroll miss to 3``): the dice rolled again, as an attack roll of that
  many dice (which dice to reroll is the player's choice; how they come up is luck).
- An initiative roll (``init 3 5``; ``init A 4`` when one seat rolls again): each seat's die
  (``dice.initiative_odds``), a higher die being better (it wins the initiative), made by that
  seat whoever entered it.

A roll the odds engine cannot price (dice entered that the house's die does not have) is left
out: the luck is over the rolls counted.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from companion.games.dreamblade.actions import Dice, Initiative, Reroll, parse_action
from companion.games.dreamblade.dice import Face, attack_odds, initiative_odds
from companion.games.dreamblade.state import SEATS
from companion.games.luck import Roll, SeatRoll


def read_rolls(notation: str) -> tuple[SeatRoll, ...]:
    """The rolls ``notation`` records (none for any other action)."""
    try:
        action = parse_action(notation)
        if isinstance(action, Dice):
            return (SeatRoll(_attack(action.faces)),)
        if isinstance(action, Reroll):
            return (SeatRoll(_attack(action.new)),) if action.new else ()
        if isinstance(action, Initiative):
            rolled = [(seat, action.value(seat)) for seat in SEATS]
            return tuple(
                SeatRoll(Roll(value, initiative_odds()), seat)
                for seat, value in rolled
                if value is not None
            )
    except ValueError:  # not an action, or dice the odds engine does not know
        return ()
    return ()


def _attack(faces: tuple[str, ...]) -> Roll:
    return Roll(sum(Face(face).damage for face in faces), _damage_odds(len(faces)))


@functools.cache
def _damage_odds(dice: int) -> dict[int, Fraction]:
    return attack_odds(dice).damage
