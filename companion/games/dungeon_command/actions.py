"""Dungeon Command actions and their text notation.

``deploy <label>`` · ``activate <label>`` · ``damage <label> <tens>`` · ``heal <label> <tens>`` ·
``tap <label>`` · ``untap <label>`` · ``hp <label> <tens>`` · ``mark <label> <condition>`` ·
``clear <label> <condition>`` · ``destroyed <label>`` · ``cower <label> <damage>`` · ``next`` ·
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
class Activate(Action):
    """The active player activates this creature of theirs (the one before it is done)."""

    label: str

    def __str__(self) -> str:
        return f"activate {self.label}"


@dataclass(frozen=True)
class Damage(Action):
    """A creature takes ``amount`` damage (in tens) from an attack or an effect."""

    label: str
    amount: int

    def __str__(self) -> str:
        return f"damage {self.label} {self.amount}"


@dataclass(frozen=True)
class Heal(Action):
    """A card effect removes ``amount`` damage (in tens) from a creature."""

    label: str
    amount: int

    def __str__(self) -> str:
        return f"heal {self.label} {self.amount}"


@dataclass(frozen=True)
class Tap(Action):
    """A creature takes a tapping action (a tap symbol on its card or an order card)."""

    label: str

    def __str__(self) -> str:
        return f"tap {self.label}"


@dataclass(frozen=True)
class Untap(Action):
    """A card effect untaps a creature outside the refresh and cleanup phases."""

    label: str

    def __str__(self) -> str:
        return f"untap {self.label}"


@dataclass(frozen=True)
class HitPoints(Action):
    """The players type in the hit points printed on a creature's card (unknown until then)."""

    label: str
    value: int

    def __str__(self) -> str:
        return f"hp {self.label} {self.value}"


@dataclass(frozen=True)
class Mark(Action):
    """The players mark a condition on a creature (``data/conditions.yaml``)."""

    label: str
    condition: str

    def __str__(self) -> str:
        return f"mark {self.label} {self.condition}"


@dataclass(frozen=True)
class Clear(Action):
    """The players take a condition off a creature."""

    label: str
    condition: str

    def __str__(self) -> str:
        return f"clear {self.label} {self.condition}"


@dataclass(frozen=True)
class Destroyed(Action):
    """A card effect destroys a creature outright: its warband loses morale equal to its level."""

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


DungeonCommandAction = (
    Deploy
    | Activate
    | Damage
    | Heal
    | Tap
    | Untap
    | HitPoints
    | Mark
    | Clear
    | Destroyed
    | Cower
    | Next
    | Adjust
)
ACTION_TYPES = (Deploy, Activate, Damage, Heal, Tap, Untap, HitPoints, Mark, Clear, Destroyed,
                Cower, Next, Adjust)  # fmt: skip

NOTATION = (
    "'deploy <label>', 'activate <label>', 'damage <label> <tens>', 'heal <label> <tens>', "
    "'tap <label>', 'untap <label>', 'hp <label> <tens>', 'mark <label> <condition>', "
    "'clear <label> <condition>', 'destroyed <label>', 'cower <label> <damage>', 'next' or "
    "'adjust <seat> morale|leadership +1|-1'"
)


def _whole(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 6


def parse_action(text: str) -> DungeonCommandAction:
    """Read an action from its notation; ``ValueError`` saying what was expected otherwise."""
    match text.split():
        case ["deploy", label]:
            return Deploy(label)
        case ["activate", label]:
            return Activate(label)
        case ["damage", label, amount] if _whole(amount):
            return Damage(label, int(amount))
        case ["heal", label, amount] if _whole(amount):
            return Heal(label, int(amount))
        case ["tap", label]:
            return Tap(label)
        case ["untap", label]:
            return Untap(label)
        case ["hp", label, value] if _whole(value):
            return HitPoints(label, int(value))
        case ["mark", label, condition]:
            return Mark(label, condition)
        case ["clear", label, condition]:
            return Clear(label, condition)
        case ["destroyed", label]:
            return Destroyed(label)
        case ["cower", label, damage] if _whole(damage):
            return Cower(label, int(damage))
        case ["next"]:
            return Next()
        case ["adjust", seat, track, ("+1" | "-1") as change] if track in TRACKS:
            return Adjust(seat, track, int(change))
    raise ValueError(f"not a Dungeon Command action: {text!r} (expected {NOTATION})")
