"""Dungeon Command actions and their text notation.

``deploy <label>`` · ``destroyed <label>`` · ``cower <label> <damage>`` · ``next``
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.protocol import Action


@dataclass(frozen=True)
class Deploy(Action):
    """Put the creature with this label on the battlefield."""

    label: str

    def __str__(self) -> str:
        return f"deploy {self.label}"


@dataclass(frozen=True)
class Destroyed(Action):
    """A creature was destroyed: its warband loses morale equal to its level."""

    label: str

    def __str__(self) -> str:
        return f"destroyed {self.label}"


@dataclass(frozen=True)
class Cower(Action):
    """A creature's controller refuses ``damage`` to it and loses morale instead."""

    label: str
    damage: int

    def __str__(self) -> str:
        return f"cower {self.label} {self.damage}"


@dataclass(frozen=True)
class Next(Action):
    """The current step is done: go on to the next one."""

    def __str__(self) -> str:
        return "next"


DungeonCommandAction = Deploy | Destroyed | Cower | Next


def parse_action(text: str) -> DungeonCommandAction:
    """Read an action from its notation; ``ValueError`` saying what was expected otherwise."""
    match text.split():
        case ["deploy", label]:
            return Deploy(label)
        case ["destroyed", label]:
            return Destroyed(label)
        case ["cower", label, damage] if damage.isascii() and damage.isdigit():
            return Cower(label, int(damage))
        case ["next"]:
            return Next()
    raise ValueError(
        f"not a Dungeon Command action: {text!r} "
        "(expected 'deploy <label>', 'destroyed <label>', 'cower <label> <damage>' or 'next')"
    )
