"""Dreamblade actions: frozen dataclasses with a short text notation, read back by
``parse_action``.

Notation (``<mini>`` is a piece id such as ``A:B045#1``; faces are numbers, ``miss``, ``blade``):

=================================  ==============================================================
``init 4 3``                       both initiative dice (seat A's, then seat B's)
``init A 3``                       one seat's reroll of its initiative die
``spawn <mini> <cell>``            spawn a miniature from the reserve
``shift`` / ``strike``             choose the action phase's kind
``move <mini> <cell>``             shift one creature one cell
``cell <cell>``                    fight in a cell with all own creatures there
``cell <cell> <mini>,<mini>``      fight in a cell with the named attackers
``dice 1,2,blade,miss``            the attack dice rolled (any order; stored sorted)
``reroll 1,miss to 3,blade``       a Fortunate reroll: which results were rerolled, what came up
``reroll none``                    decline a Fortunate reroll
``blade <mini> <ability>``         assign blades to an ability (``crit``, ``fumble``, ``advance``…)
``blade <mini> <ability> <arg>…``  … with the targets chosen on activation (a miniature, a cell,
                                   ``<mini>><cell>`` for a move, a die result)
``damage <mini>=3,<mini>=1``       assign the attack's damage
``disrupt <mini>`` / ``destroy <mini>``  choose for a creature that may be either
``deathblowers <mini>,<mini>``     which creatures make a deathblow together (Loner)
``place <mini> <cell>``            put a disrupted creature into an empty cell
``value <cell> <n>``               the printed conquest value of a key cell the map left unknown
``ability <mini> <ability> [x]``   use a spawn ability (paying its spawn points; x for an X cost)
``ability <mini> <ability> [x] <arg>…``  … with its targets
``target <mini|cell>``             the target of a triggered ability (Charge, Strikeback, Appease…)
``first <mini> <ability>``         which of your simultaneous effects resolves next
``sacrifice <mini>``               a manual ability sacrifices one of your miniatures
``self-destroy <mini>``            a manual ability of yours destroys one of your miniatures
``relocate <mini> <cell>``         a manual ability of yours moves a creature (Advance, Lure…)
``hurt <mini> <n>``                a manual ability deals n damage to a creature
``eliminate <mini>``               a manual ability destroys an enemy miniature
``return <mini>``                  a manual ability returns a miniature to its owner's reserve
``points <seat> <±n>``             a manual ability changes a seat's conquest points this turn
``confirm``                        accept the conquest tally
``done``                           end the spawn phase, the shift or the strike
``correct …``                      a judge's correction (``corrections.py``: place, move,
                                   remove, points)
=================================  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion import grid
from companion.games.dreamblade.corrections import USAGE as CORRECTION_USAGE
from companion.games.dreamblade.corrections import parse_correction
from companion.games.protocol import Action

SEATS = ("A", "B")
MISS = "miss"
BLADE = "blade"


def face_order(face: str) -> tuple[int, int]:
    """Sort key of dice faces: numbers ascending, then misses, then blades."""
    if face.isdigit():
        return (0, int(face))
    return (1, 0) if face == MISS else (2, 0)


def normalise_faces(faces: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(faces, key=face_order))


def _faces_text(faces: tuple[str, ...]) -> str:
    return ",".join(faces)


@dataclass(frozen=True)
class Initiative(Action):
    """Initiative dice; ``None`` for a seat that does not roll now (a reroll of the other)."""

    a: int | None
    b: int | None

    def __str__(self) -> str:
        if self.a is not None and self.b is not None:
            return f"init {self.a} {self.b}"
        if self.a is not None:
            return f"init A {self.a}"
        return f"init B {self.b}"

    def value(self, seat: str) -> int | None:
        return self.a if seat == "A" else self.b


@dataclass(frozen=True)
class Spawn(Action):
    mini: str
    cell: str

    def __str__(self) -> str:
        return f"spawn {self.mini} {self.cell}"


@dataclass(frozen=True)
class ChooseShift(Action):
    def __str__(self) -> str:
        return "shift"


@dataclass(frozen=True)
class ChooseStrike(Action):
    def __str__(self) -> str:
        return "strike"


@dataclass(frozen=True)
class Move(Action):
    mini: str
    cell: str

    def __str__(self) -> str:
        return f"move {self.mini} {self.cell}"


@dataclass(frozen=True)
class Fight(Action):
    """Fight in ``cell``; ``attackers`` empty means every own creature in the cell attacks."""

    cell: str
    attackers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "attackers", tuple(sorted(self.attackers)))

    def __str__(self) -> str:
        return f"cell {self.cell}" + (f" {','.join(self.attackers)}" if self.attackers else "")


@dataclass(frozen=True)
class Dice(Action):
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", normalise_faces(self.faces))

    def __str__(self) -> str:
        return f"dice {_faces_text(self.faces)}" if self.faces else "dice none"


@dataclass(frozen=True)
class Reroll(Action):
    old: tuple[str, ...] = ()
    new: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "old", normalise_faces(self.old))
        object.__setattr__(self, "new", normalise_faces(self.new))

    def __str__(self) -> str:
        if not self.old:
            return "reroll none"
        return f"reroll {_faces_text(self.old)} to {_faces_text(self.new)}"


@dataclass(frozen=True)
class AssignBlade(Action):
    """Blade(s) to an ability; ``args``: its targets, chosen on activation (FAQ, abilities)."""

    mini: str
    ability: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("blade", self.mini, self.ability, *self.args))


@dataclass(frozen=True)
class AssignDamage(Action):
    """Damage per creature; stored sorted by creature, without zero entries."""

    amounts: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "amounts", tuple(sorted(self.amounts)))

    def __str__(self) -> str:
        return "damage " + ",".join(f"{mini}={amount}" for mini, amount in self.amounts)


@dataclass(frozen=True)
class Disrupt(Action):
    mini: str

    def __str__(self) -> str:
        return f"disrupt {self.mini}"


@dataclass(frozen=True)
class Destroy(Action):
    mini: str

    def __str__(self) -> str:
        return f"destroy {self.mini}"


@dataclass(frozen=True)
class Deathblowers(Action):
    minis: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "minis", tuple(sorted(self.minis)))

    def __str__(self) -> str:
        return f"deathblowers {','.join(self.minis)}"


@dataclass(frozen=True)
class Place(Action):
    mini: str
    cell: str

    def __str__(self) -> str:
        return f"place {self.mini} {self.cell}"


@dataclass(frozen=True)
class CellValue(Action):
    """A key cell's printed value: the values are agreed at set-up; later only the judge gives
    or corrects one (at any moment), so it is judge-only."""

    judge_only: ClassVar[bool] = True
    cell: str
    value: int

    def __str__(self) -> str:
        return f"value {self.cell} {self.value}"


@dataclass(frozen=True)
class UseAbility(Action):
    mini: str
    ability: str
    x: int | None = None
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        x = () if self.x is None else (str(self.x),)
        return " ".join(("ability", self.mini, self.ability, *x, *self.args))


@dataclass(frozen=True)
class Target(Action):
    """The target of a triggered ability waiting for one: a miniature or a cell."""

    choice: str

    def __str__(self) -> str:
        return f"target {self.choice}"


@dataclass(frozen=True)
class First(Action):
    """Of a player's simultaneous effects, the one (its miniature and ability) resolved next."""

    mini: str
    ability: str

    def __str__(self) -> str:
        return f"first {self.mini} {self.ability}"


@dataclass(frozen=True)
class Sacrifice(Action):
    mini: str

    def __str__(self) -> str:
        return f"sacrifice {self.mini}"


@dataclass(frozen=True)
class SelfDestroy(Action):
    mini: str

    def __str__(self) -> str:
        return f"self-destroy {self.mini}"


@dataclass(frozen=True)
class Hurt(Action):
    """A manual ability deals ``amount`` damage to a creature."""

    mini: str
    amount: int

    def __str__(self) -> str:
        return f"hurt {self.mini} {self.amount}"


@dataclass(frozen=True)
class Eliminate(Action):
    """A manual ability destroys an enemy miniature (scored like any destruction)."""

    mini: str

    def __str__(self) -> str:
        return f"eliminate {self.mini}"


@dataclass(frozen=True)
class ReturnToReserve(Action):
    """A manual ability returns a miniature to its owner's reserve."""

    mini: str

    def __str__(self) -> str:
        return f"return {self.mini}"


@dataclass(frozen=True)
class AdjustPoints(Action):
    """A manual ability changes a seat's conquest points this turn by ``amount`` (± n)."""

    seat: str
    amount: int

    def __str__(self) -> str:
        return f"points {self.seat} {self.amount:+d}"


@dataclass(frozen=True)
class Relocate(Action):
    mini: str
    cell: str

    def __str__(self) -> str:
        return f"relocate {self.mini} {self.cell}"


@dataclass(frozen=True)
class Confirm(Action):
    def __str__(self) -> str:
        return "confirm"


@dataclass(frozen=True)
class Done(Action):
    def __str__(self) -> str:
        return "done"


def parse_action(text: str) -> Action:
    """Read an action from its notation; ``ValueError`` naming what was expected otherwise."""
    words = text.split()
    if not words:
        raise ValueError("empty action text")
    verb, args = words[0].lower(), words[1:]
    parser = _PARSERS.get(verb)
    if parser is None:
        raise ValueError(f"unknown action {verb!r} (known: {', '.join(sorted(_PARSERS))})")
    try:
        return parser(args)
    except (IndexError, KeyError) as exc:
        raise ValueError(f"malformed action {text!r}: {_USAGE[verb]}") from exc
    except ValueError as exc:
        raise ValueError(f"malformed action {text!r}: {exc}; usage: {_USAGE[verb]}") from None


def _arity(args: list[str], n: int) -> list[str]:
    if len(args) != n:
        raise ValueError(f"expected {n} argument(s), got {len(args)}")
    return args


def _cell(text: str) -> str:
    return grid.check_cell(text.lower())


def _int(text: str, low: int = 0) -> int:
    if not text.lstrip("-").isdigit():
        raise ValueError(f"{text!r} is not a whole number")
    value = int(text)
    if value < low:
        raise ValueError(f"{value} is below {low}")
    return value


def _faces(text: str) -> tuple[str, ...]:
    if text == "none":
        return ()
    faces = tuple(face.strip().lower() for face in text.split(","))
    for face in faces:
        if not (face.isdigit() or face in (MISS, BLADE)):
            raise ValueError(f"{face!r} is not a die face (a number, miss or blade)")
    return faces


def _minis(text: str) -> tuple[str, ...]:
    minis = tuple(part for part in text.split(",") if part)
    if not minis:
        raise ValueError("expected at least one miniature id")
    return minis


def _init(args: list[str]) -> Action:
    if len(args) == 2 and args[0].upper() in SEATS:
        die = _int(args[1], 1)
        return Initiative(die, None) if args[0].upper() == "A" else Initiative(None, die)
    a, b = _arity(args, 2)
    return Initiative(_int(a, 1), _int(b, 1))


def _fight(args: list[str]) -> Action:
    if len(args) not in (1, 2):
        raise ValueError("expected a cell and optionally the attackers")
    return Fight(_cell(args[0]), _minis(args[1]) if len(args) == 2 else ())


def _reroll(args: list[str]) -> Action:
    if args == ["none"]:
        return Reroll()
    old, to, new = _arity(args, 3)
    if to != "to":
        raise ValueError("expected 'to' between the old and the new results")
    old_faces, new_faces = _faces(old), _faces(new)
    if len(old_faces) != len(new_faces) or not old_faces:
        raise ValueError("as many new results as rerolled dice")
    return Reroll(old_faces, new_faces)


def _damage(args: list[str]) -> Action:
    (spec,) = _arity(args, 1)
    amounts = []
    for part in spec.split(","):
        mini, _, amount = part.partition("=")
        if not mini or not amount:
            raise ValueError(f"{part!r} is not <mini>=<damage>")
        amounts.append((mini, _int(amount, 1)))
    if len({mini for mini, _ in amounts}) != len(amounts):
        raise ValueError("each creature at most once")
    return AssignDamage(tuple(amounts))


def _ability(args: list[str]) -> Action:
    if len(args) < 2:
        raise ValueError(f"expected at least 2 arguments, got {len(args)}")
    rest = args[2:]
    x = _int(rest.pop(0)) if rest and rest[0].isdigit() else None
    return UseAbility(args[0], args[1].lower(), x, tuple(rest))


def _points(args: list[str]) -> Action:
    seat, amount = _arity(args, 2)
    if seat.upper() not in SEATS:
        raise ValueError(f"{seat!r} is not a seat (A or B)")
    value = _int(amount.lstrip("+"), -(10**6))
    if value == 0:
        raise ValueError("a change of 0 points is no change")
    return AdjustPoints(seat.upper(), value)


def _blade(args: list[str]) -> Action:
    if len(args) < 2:
        raise ValueError(f"expected at least 2 arguments, got {len(args)}")
    return AssignBlade(args[0], args[1].lower(), tuple(args[2:]))


_PARSERS = {
    "init": _init,
    "spawn": lambda a: Spawn(_arity(a, 2)[0], _cell(a[1])),
    "shift": lambda a: (_arity(a, 0), ChooseShift())[1],
    "strike": lambda a: (_arity(a, 0), ChooseStrike())[1],
    "move": lambda a: Move(_arity(a, 2)[0], _cell(a[1])),
    "cell": _fight,
    "dice": lambda a: Dice(_faces(_arity(a, 1)[0])),
    "reroll": _reroll,
    "blade": _blade,
    "damage": _damage,
    "disrupt": lambda a: Disrupt(_arity(a, 1)[0]),
    "destroy": lambda a: Destroy(_arity(a, 1)[0]),
    "deathblowers": lambda a: Deathblowers(_minis(_arity(a, 1)[0])),
    "place": lambda a: Place(_arity(a, 2)[0], _cell(a[1])),
    "value": lambda a: CellValue(_cell(_arity(a, 2)[0]), _int(a[1])),
    "confirm": lambda a: (_arity(a, 0), Confirm())[1],
    "ability": _ability,
    "sacrifice": lambda a: Sacrifice(_arity(a, 1)[0]),
    "self-destroy": lambda a: SelfDestroy(_arity(a, 1)[0]),
    "relocate": lambda a: Relocate(_arity(a, 2)[0], _cell(a[1])),
    "target": lambda a: Target(_arity(a, 1)[0]),
    "first": lambda a: First(_arity(a, 2)[0], a[1].lower()),
    "hurt": lambda a: Hurt(_arity(a, 2)[0], _int(a[1], 1)),
    "eliminate": lambda a: Eliminate(_arity(a, 1)[0]),
    "return": lambda a: ReturnToReserve(_arity(a, 1)[0]),
    "points": _points,
    "done": lambda a: (_arity(a, 0), Done())[1],
    "correct": parse_correction,
}

_USAGE = {
    "init": "init <A die> <B die> | init <A|B> <die>",
    "spawn": "spawn <mini> <cell>",
    "shift": "shift",
    "strike": "strike",
    "move": "move <mini> <cell>",
    "cell": "cell <cell> [<mini>,<mini>...]",
    "dice": "dice <face>,<face>... (faces: numbers, miss, blade)",
    "reroll": "reroll <old faces> to <new faces> | reroll none",
    "blade": "blade <mini> <ability> [<arg>...]",
    "damage": "damage <mini>=<n>,<mini>=<n>...",
    "disrupt": "disrupt <mini>",
    "destroy": "destroy <mini>",
    "deathblowers": "deathblowers <mini>,<mini>...",
    "place": "place <mini> <cell>",
    "value": "value <key cell> <points>",
    "confirm": "confirm",
    "ability": "ability <mini> <ability> [x] [<arg>...]",
    "target": "target <mini|cell>",
    "first": "first <mini> <ability>",
    "hurt": "hurt <mini> <n>",
    "eliminate": "eliminate <mini>",
    "return": "return <mini>",
    "points": "points <A|B> <+n|-n>",
    "sacrifice": "sacrifice <mini>",
    "self-destroy": "self-destroy <mini>",
    "relocate": "relocate <mini> <cell>",
    "done": "done",
    "correct": " | ".join(CORRECTION_USAGE),
}
