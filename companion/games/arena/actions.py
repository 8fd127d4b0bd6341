"""Arena of the Planeswalkers actions and their text notation.

``d20 <seat> <result>`` (who goes first) · ``first <seat>`` (in a duel, the d20's winner names
who takes the first turn: themself or the opponent) · ``choose <card>`` ·
``summon <figure> [<hex>]`` ·
``move <figure> <place> [<hex>]`` (place:
``field``, ``scoring``, a glyph spot, or ``<spot>=<glyph>`` when a face-down glyph is turned up;
``hex``: the space it stands on, as the camera saw it — ``vision/hex_grid.py`` names) ·
``disengage <figure> <enemy> <hits>`` · ``fall <figure> <hits>`` ·
``attack <attacker> <target> [high=attacker|high=target]`` · ``dice +1`` / ``dice -1`` ·
``hits <n>`` · ``shields <n>`` · ``next`` · ``end`` ·
``damage <figure> +1|-1`` · ``return <squad-card>`` (spells and abilities)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.games.protocol import Action

HIGHER = ("attacker", "target")


@dataclass(frozen=True)
class FirstRoll(Action):
    """``seat``'s d20 roll for who goes first (typed from a real die or rolled on the phone)."""

    seat: str
    result: int

    def __str__(self) -> str:
        return f"d20 {self.seat} {self.result}"


@dataclass(frozen=True)
class FirstTurn(Action):
    """In a duel, the winner of the d20 roll names ``seat`` to take the first turn: their own
    seat, or the opponent's (seed 003, two-player game)."""

    seat: str

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True)
class Choose(Action):
    card: str

    def __str__(self) -> str:
        return f"choose {self.card}"


HEX_NAME = re.compile(r"[a-z]{1,3}[1-9][0-9]{0,2}")


def _at(hex_name: str | None) -> str:
    return f" {hex_name}" if hex_name else ""


@dataclass(frozen=True)
class Summon(Action):
    """A reserve figure enters the battlefield (on ``hex``, when the camera saw where)."""

    figure: str
    hex: str | None = None

    def __str__(self) -> str:
        return f"summon {self.figure}{_at(self.hex)}"


@dataclass(frozen=True)
class Move(Action):
    """A figure ends its move on ``place`` (and on ``hex``, when the camera saw where);
    ``reveal`` names a face-down glyph it turned up."""

    figure: str
    place: str
    reveal: str | None = None
    hex: str | None = None

    def __str__(self) -> str:
        place = f"{self.place}={self.reveal}" if self.reveal else self.place
        return f"move {self.figure} {place}{_at(self.hex)}"


@dataclass(frozen=True)
class Disengage(Action):
    """``figure`` leaves ``enemy``'s engagement; ``hits`` (0 or 1) is the enemy's one die."""

    figure: str
    enemy: str
    hits: int

    def __str__(self) -> str:
        return f"disengage {self.figure} {self.enemy} {self.hits}"


@dataclass(frozen=True)
class Fall(Action):
    """``figure`` fell further than its height; ``hits`` (0 or 1) is the one die rolled."""

    figure: str
    hits: int

    def __str__(self) -> str:
        return f"fall {self.figure} {self.hits}"


@dataclass(frozen=True)
class Attack(Action):
    attacker: str
    target: str
    higher: str | None = None  # which figure has height advantage

    def __str__(self) -> str:
        high = f" high={self.higher}" if self.higher else ""
        return f"attack {self.attacker} {self.target}{high}"


@dataclass(frozen=True)
class Dice(Action):
    """One die more (+1) or fewer (-1) than the engine counted, for abilities and spells."""

    change: int

    def __str__(self) -> str:
        return f"dice {self.change:+d}"


@dataclass(frozen=True)
class Hits(Action):
    count: int

    def __str__(self) -> str:
        return f"hits {self.count}"


@dataclass(frozen=True)
class Shields(Action):
    count: int

    def __str__(self) -> str:
        return f"shields {self.count}"


@dataclass(frozen=True)
class Damage(Action):
    """A spell or ability deals one damage (+1) to a figure or removes one (-1)."""

    figure: str
    change: int

    def __str__(self) -> str:
        return f"damage {self.figure} {self.change:+d}"


@dataclass(frozen=True)
class ReturnSquad(Action):
    """A spell or ability returns a squad's figures on the battlefield to its owner's reserve."""

    card: str

    def __str__(self) -> str:
        return f"return {self.card}"


@dataclass(frozen=True)
class Next(Action):
    def __str__(self) -> str:
        return "next"


@dataclass(frozen=True)
class End(Action):
    def __str__(self) -> str:
        return "end"


ArenaAction = (
    FirstRoll
    | FirstTurn
    | Choose
    | Summon
    | Move
    | Disengage
    | Fall
    | Attack
    | Dice
    | Hits
    | Shields
    | Damage
    | ReturnSquad
    | Next
    | End
)


def _count(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def parse_action(text: str) -> ArenaAction:
    """Read an action from its notation; ``ValueError`` saying what was expected otherwise."""
    match text.split():
        case ["d20", seat, result] if _count(result) is not None:
            return FirstRoll(seat, int(result))
        case ["first", seat]:
            return FirstTurn(seat)
        case ["choose", card]:
            return Choose(card)
        case ["summon", figure]:
            return Summon(figure)
        case ["summon", figure, hex_name] if HEX_NAME.fullmatch(hex_name):
            return Summon(figure, hex_name)
        case ["move", figure, place, *at] if len(at) <= 1 and all(map(HEX_NAME.fullmatch, at)):
            spot, sep, glyph = place.partition("=")
            if spot and (glyph or not sep):
                return Move(figure, spot, glyph or None, at[0] if at else None)
        case ["disengage", figure, enemy, hits] if _count(hits) is not None:
            return Disengage(figure, enemy, int(hits))
        case ["fall", figure, hits] if _count(hits) is not None:
            return Fall(figure, int(hits))
        case ["attack", attacker, target]:
            return Attack(attacker, target)
        case ["attack", attacker, target, high] if high in {f"high={h}" for h in HIGHER}:
            return Attack(attacker, target, high.removeprefix("high="))
        case ["dice", ("+1" | "-1") as change]:
            return Dice(int(change))
        case ["hits", count] if _count(count) is not None:
            return Hits(int(count))
        case ["shields", count] if _count(count) is not None:
            return Shields(int(count))
        case ["damage", figure, ("+1" | "-1") as change]:
            return Damage(figure, int(change))
        case ["return", card]:
            return ReturnSquad(card)
        case ["next"]:
            return Next()
        case ["end"]:
            return End()
    raise ValueError(
        f"not an Arena action: {text!r} (expected d20, first, choose, summon, move, disengage, "
        "fall, attack, dice, hits, shields, damage, return, next or end — see the notation in "
        "the docs)"
    )
