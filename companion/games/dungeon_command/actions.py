"""Dungeon Command actions and their text notation.

``deploy <label>`` · ``destroyed <label>`` · ``cower <label> <damage>`` · ``next`` ·
``adjust <seat> morale|leadership +1|-1``
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


TRACKS = ("morale", "leadership")


@dataclass(frozen=True)
class Adjust(Action):
    """A card effect moves a warband's morale or leadership marker one step (+1 or -1)."""

    seat: str
    track: str
    change: int

    def __str__(self) -> str:
        return f"adjust {self.seat} {self.track} {self.change:+d}"


DungeonCommandAction = Deploy | Destroyed | Cower | Next | Adjust


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
        case ["adjust", seat, track, ("+1" | "-1") as change] if track in TRACKS:
            return Adjust(seat, track, int(change))
    raise ValueError(
        f"not a Dungeon Command action: {text!r} (expected 'deploy <label>', "
        "'destroyed <label>', 'cower <label> <damage>', 'next' or "
        "'adjust <seat> morale|leadership +1|-1')"
    )
