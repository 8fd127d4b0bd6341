"""A virtual combat-die roller for tables short of dice.

The face split of the combat die is unknown to the companion (``data/combat_die.yaml``), so a
virtual roller needs the counts from someone holding a die: ``CombatDice({"hit": h, "shield": s,
"blank": b})``. ``CombatDice.from_data()`` works only once the data file holds the counts. The
engine itself never rolls: the counts of hits and shields are entered as actions
(:func:`asks_dice` tells a roll from a choice).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.arena.data_files import load_combat_die_faces
from companion.games.protocol import Game

SYMBOLS = ("hit", "shield", "blank")
# the decisions that are rolls: the d20 for the first player, the attack's hits, the shields
ROLL_KINDS = frozenset({"first_roll", "attack_dice", "defence_dice"})
FACES = 6


@dataclass(frozen=True)
class DiceRoll:
    hits: int
    shields: int
    blanks: int


def asks_dice(game: Game) -> bool:
    """Whether the pending decision is a roll (the players roll real dice, or a phone rolls the
    d20): a computer seat's are typed on a phone (``GameKit.asks_dice``)."""
    return not game.is_over and game.pending().kind in ROLL_KINDS


class CombatDice:
    def __init__(self, faces: Mapping[str, int | None], seed: int | None = None) -> None:
        missing = [symbol for symbol in SYMBOLS if faces.get(symbol) is None]
        if missing:
            raise ValueError(
                f"the combat die's {', '.join(missing)} face counts are unknown: "
                "count them on a die and enter them to use the virtual roller"
            )
        counts = {symbol: int(faces[symbol] or 0) for symbol in SYMBOLS}
        if any(count < 0 for count in counts.values()) or sum(counts.values()) != FACES:
            raise ValueError(f"the face counts must add up to {FACES}, got {counts}")
        self._faces = [symbol for symbol in SYMBOLS for _ in range(counts[symbol])]
        self._rng = random.Random(seed)

    @classmethod
    def from_data(cls, seed: int | None = None) -> CombatDice:
        return cls(load_combat_die_faces(), seed)

    def roll(self, dice: int) -> DiceRoll:
        if dice < 0:
            raise ValueError("cannot roll a negative number of dice")
        faces = [self._rng.choice(self._faces) for _ in range(dice)]
        return DiceRoll(faces.count("hit"), faces.count("shield"), faces.count("blank"))
