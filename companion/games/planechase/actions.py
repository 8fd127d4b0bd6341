"""Planechase actions and their text notation.

``reveal <plane-id>`` · ``roll blank|planeswalk|chaos`` · ``end`` · ``leave <seat>``
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.games.protocol import Action


class Face(StrEnum):
    """A planar die result."""

    BLANK = "blank"
    PLANESWALK = "planeswalk"
    CHAOS = "chaos"


@dataclass(frozen=True)
class Reveal(Action):
    """The plane turned face up (typed by the players, or the top of a virtual deck)."""

    plane: str

    def __str__(self) -> str:
        return f"reveal {self.plane}"


@dataclass(frozen=True)
class Roll(Action):
    """The result of a planar die roll by the active player."""

    face: Face

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Leave(Action):
    """A player leaves the game (lost or conceded)."""

    seat: str

    def __str__(self) -> str:
        return f"leave {self.seat}"


PlanechaseAction = Reveal | Roll | EndTurn | Leave


def parse_action(text: str) -> PlanechaseAction:
    """Read an action from its notation; ``ValueError`` saying what was expected otherwise."""
    words = text.split()
    match words:
        case ["reveal", plane]:
            return Reveal(plane)
        case ["roll", face] if face in {f.value for f in Face}:
            return Roll(Face(face))
        case ["end"]:
            return EndTurn()
        case ["leave", seat]:
            return Leave(seat)
    raise ValueError(
        f"not a Planechase action: {text!r} "
        "(expected 'reveal <plane>', 'roll blank|planeswalk|chaos', 'end' or 'leave <seat>')"
    )
