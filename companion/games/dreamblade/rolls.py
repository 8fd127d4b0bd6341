"""The rolls a Dreamblade log records, with their exact odds (``companion.games.luck``).

An attack roll (``dice 1,2,blade,miss``: a strike's or a deathblow's dice as they came up) is one
:class:`Roll`: its outcome is the damage its dice show (blades and misses count 0), its odds the
damage distribution of that many attack dice from the odds engine of ``companion rules odds``
(``dice.attack_odds``, the house's attack die). A Fortunate reroll is the player's choice, and
initiative dice decide no damage: neither counts.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from companion.games.dreamblade.actions import Dice, parse_action
from companion.games.dreamblade.dice import Face, attack_odds
from companion.games.luck import Roll


def read_roll(notation: str) -> Roll | None:
    """The attack roll ``notation`` records, or ``None`` for any other action."""
    try:
        action = parse_action(notation)
    except ValueError:
        return None
    if not isinstance(action, Dice):
        return None
    damage = sum(Face(face).damage for face in action.faces)
    return Roll(damage, _damage_odds(len(action.faces)))


@functools.cache
def _damage_odds(dice: int) -> dict[int, Fraction]:
    return attack_odds(dice).damage
