"""Dreamblade dice: the attack die's faces as data, a seedable dice service and exact odds.

The engine never rolls during play: physical results arrive as actions (``parse_attack_face``
and ``parse_initiative`` turn what a player typed into checked values). The ``Dice`` service serves
virtual rolls for players without dice. ``attack_odds`` computes exact distributions by
convolution with fractions (no sampling): what players ask before a strike; ``initiative_odds``
those of an initiative die.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.games.dreamblade.data_files import (
    check_header,
    check_keys,
    read_yaml_mapping,
    text_field,
)

FORMAT = "dreamblade-dice"
VERSION = 1
MISS = "miss"
BLADE = "blade"
MAX_FACE_DAMAGE = 12
MAX_ODDS_DICE = 60
_STATUSES = ("confirmed", "unconfirmed")


@dataclass(frozen=True)
class Face:
    """One attack-die result: ``"1"``…, ``"miss"`` or ``"blade"``."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in (MISS, BLADE) and not _is_damage(self.name):
            raise ValueError(
                f"{self.name!r} is not an attack-die face "
                f"(expected a number 1–{MAX_FACE_DAMAGE}, 'miss' or 'blade')"
            )

    @property
    def damage(self) -> int:
        return int(self.name) if _is_damage(self.name) else 0

    @property
    def is_blade(self) -> bool:
        return self.name == BLADE

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class AttackDie:
    faces: tuple[Face, ...]
    status: str
    source: str

    @property
    def face_names(self) -> frozenset[str]:
        return frozenset(face.name for face in self.faces)


@dataclass(frozen=True)
class DiceData:
    attack: AttackDie
    initiative_sides: int
    initiative_source: str


def _is_damage(text: str) -> bool:
    return text.isdigit() and 1 <= int(text) <= MAX_FACE_DAMAGE


def _face_text(value: object) -> str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"{value!r} is not an attack-die face")
    return str(value).strip().lower()


def parse_attack_face(value: object, die: AttackDie | None = None) -> Face:
    """A face a player entered; it must be one of ``die``'s faces (``default_dice()``'s if
    ``die`` is not given)."""
    die = default_dice().attack if die is None else die
    face = Face(_face_text(value))
    if face.name not in die.face_names:
        known = ", ".join(sorted(die.face_names))
        raise ValueError(f"the attack die has no face {face.name!r} (its faces: {known})")
    return face


def parse_attack_roll(values: Iterable[object], die: AttackDie | None = None) -> tuple[Face, ...]:
    """Several entered faces, e.g. ``"3 blade miss".split()``."""
    return tuple(parse_attack_face(value, die) for value in values)


def parse_initiative(value: object, sides: int = 6) -> int:
    """An initiative die result 1..``sides`` (int or text)."""
    text = (
        str(value).strip() if isinstance(value, int | str) and not isinstance(value, bool) else ""
    )
    if not text.isdigit() or not 1 <= int(text) <= sides:
        raise ValueError(f"{value!r} is not an initiative die result (expected 1–{sides})")
    return int(text)


def attack_die_from_faces(
    faces: Sequence[object], *, source: str = "user config", status: str = "confirmed"
) -> AttackDie:
    """A user's own face list (e.g. from the table config): at least 2 faces."""
    if isinstance(faces, str) or len(faces) < 2:
        raise ValueError("an attack die needs a list of at least 2 faces")
    return AttackDie(tuple(Face(_face_text(f)) for f in faces), status, source)


def load_dice(path: str | Path) -> DiceData:
    data = read_yaml_mapping(path)
    check_header(path, data, FORMAT, VERSION)
    check_keys(
        path,
        "",
        data,
        required={"format", "version", "attack_die", "initiative_die"},
        optional=set(),
    )
    attack = data["attack_die"]
    initiative = data["initiative_die"]
    if not isinstance(attack, dict):
        raise DataFileError(path, "attack_die", "a mapping with faces, status and source")
    if not isinstance(initiative, dict):
        raise DataFileError(path, "initiative_die", "a mapping with sides, status and source")
    check_keys(path, "attack_die", attack, required={"faces", "status", "source"}, optional=set())
    check_keys(
        path, "initiative_die", initiative, required={"sides", "status", "source"}, optional=set()
    )
    for where, part in (("attack_die", attack), ("initiative_die", initiative)):
        if part["status"] not in _STATUSES:
            raise DataFileError(path, f"{where}.status", " or ".join(_STATUSES))
    faces = attack["faces"]
    if not isinstance(faces, list):
        raise DataFileError(path, "attack_die.faces", "a list of faces")
    try:
        die = attack_die_from_faces(
            faces,
            source=text_field(path, "attack_die.source", attack["source"]),
            status=attack["status"],
        )
    except ValueError as exc:
        raise DataFileError(path, "attack_die.faces", str(exc)) from None
    sides = initiative["sides"]
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 2:
        raise DataFileError(path, "initiative_die.sides", "an integer ≥ 2")
    return DiceData(die, sides, text_field(path, "initiative_die.source", initiative["source"]))


@functools.cache
def builtin_dice() -> DiceData:
    with resources.as_file(resources.files(__package__) / "data" / "dice.yaml") as path:
        return load_dice(path)


def user_dice_path() -> Path:
    """A dice file here (same format as ``data/dice.yaml``) replaces the builtin face list."""
    # Imported here: rolling dice must not pull in the settings model (pydantic).
    from companion.settings import default_data_dir

    return default_data_dir() / "dice.yaml"


def default_dice(user_path: Path | None = None) -> DiceData:
    """The user's dice file if there is one (an owner of the dice fixed the faces), else builtin."""
    user_path = user_dice_path() if user_path is None else user_path
    return load_dice(user_path) if user_path.exists() else builtin_dice()


class Dice:
    """Virtual dice. Pass ``seed`` (or an ``rng``) to make rolls repeatable."""

    def __init__(
        self,
        attack_die: AttackDie | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        initiative_sides: int = 6,
    ) -> None:
        self.attack_die = default_dice().attack if attack_die is None else attack_die
        self.initiative_sides = initiative_sides
        self._rng = rng if rng is not None else random.Random(seed)

    def roll_attack(self, count: int) -> tuple[Face, ...]:
        if count < 0:
            raise ValueError(f"cannot roll {count} dice")
        return tuple(self._rng.choice(self.attack_die.faces) for _ in range(count))

    def roll_initiative(self) -> tuple[int, int]:
        """Both initiative dice (one per player)."""
        sides = self.initiative_sides
        return self._rng.randint(1, sides), self._rng.randint(1, sides)


@dataclass(frozen=True)
class Crit:
    """Crit ``amount``: each use adds ``amount`` damage and costs ``blades_per_use`` blades
    (2 for a double-blade Crit); ``max_uses`` is 1 for a single/double-blade ability and
    ``None`` for a multi-blade one (as many uses as blades allow)."""

    amount: int
    blades_per_use: int = 1
    max_uses: int | None = None

    def __post_init__(self) -> None:
        if self.amount < 1 or self.blades_per_use < 1 or (self.max_uses or 1) < 1:
            raise ValueError("Crit needs an amount ≥ 1, blades per use ≥ 1 and max uses ≥ 1")

    def uses(self, blades: int) -> int:
        uses = blades // self.blades_per_use
        return uses if self.max_uses is None else min(uses, self.max_uses)


@dataclass(frozen=True)
class AttackOdds:
    """Exact distribution of one attack's dice. ``joint`` maps (damage, blades rolled) → chance;
    with a Crit, ``damage`` already includes the Crit damage paid with the rolled blades."""

    dice: int
    joint: Mapping[tuple[int, int], Fraction]
    crit: Crit | None = None
    damage: dict[int, Fraction] = field(init=False)
    blades: dict[int, Fraction] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "damage", _marginal(self.joint, 0))
        object.__setattr__(self, "blades", _marginal(self.joint, 1))

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in self.damage.items()), Fraction(0))

    def at_least(self, damage: int) -> Fraction:
        """P(total damage ≥ ``damage``)."""
        return sum((p for d, p in self.damage.items() if d >= damage), Fraction(0))

    def against(self, defense: int, life: int) -> dict[str, Fraction]:
        """Chances of each result on one target that takes all the damage: ``nothing``,
        ``disrupt`` (damage ≥ defense only), ``destroy`` (≥ life only), ``choice`` (both: the
        attacker picks), plus ``disrupt_or_better`` = P(≥ defense) and ``destroy_possible`` =
        P(≥ life)."""
        result = dict.fromkeys(("nothing", "disrupt", "destroy", "choice"), Fraction(0))
        for damage, chance in self.damage.items():
            disrupts, destroys = damage >= defense, damage >= life
            if disrupts and destroys:
                key = "choice"
            elif disrupts:
                key = "disrupt"
            else:
                key = "destroy" if destroys else "nothing"
            result[key] += chance
        result["disrupt_or_better"] = self.at_least(defense)
        result["destroy_possible"] = self.at_least(life)
        return result


def attack_odds(dice: int, die: AttackDie | None = None, crit: Crit | None = None) -> AttackOdds:
    """The exact distribution of damage and blades for ``dice`` attack dice."""
    if not 0 <= dice <= MAX_ODDS_DICE:
        raise ValueError(f"the number of dice must be 0–{MAX_ODDS_DICE}, not {dice}")
    die = default_dice().attack if die is None else die
    # Whole-number outcome counts out of faces**dice: exact, and much faster than fractions.
    one = Counter((face.damage, int(face.is_blade)) for face in die.faces)
    counts: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(dice):
        counts = _convolve(counts, one)
    total = len(die.faces) ** dice
    joint = {key: Fraction(count, total) for key, count in counts.items()}
    if crit is not None:
        with_crit: dict[tuple[int, int], Fraction] = {}
        for (damage, blades), chance in joint.items():
            key = (damage + crit.amount * crit.uses(blades), blades)
            with_crit[key] = with_crit.get(key, Fraction(0)) + chance
        joint = with_crit
    return AttackOdds(dice, dict(sorted(joint.items())), crit)


INITIATIVE_SIDES = 6  # the initiative die the engine takes (rule ``initiative.d6``)


@functools.cache
def initiative_odds() -> dict[int, Fraction]:
    """The exact odds of one initiative die: each side alike."""
    return {side: Fraction(1, INITIATIVE_SIDES) for side in range(1, INITIATIVE_SIDES + 1)}


def odds_as_data(odds: AttackOdds, defense: int | None, life: int | None) -> dict[str, Any]:
    """Plain data for ``--json``: each chance as an exact fraction text and a float."""

    def chance(value: Fraction) -> dict[str, Any]:
        return {"exact": str(value), "p": float(value)}

    data: dict[str, Any] = {
        "dice": odds.dice,
        "expected_damage": chance(odds.expected_damage),
        "damage": [
            {"damage": d, "equal": chance(p), "at_least": chance(odds.at_least(d))}
            for d, p in odds.damage.items()
        ],
        "blades": [{"blades": b, "equal": chance(p)} for b, p in odds.blades.items()],
    }
    if odds.crit is not None:
        crit = odds.crit
        data["crit"] = {
            "amount": crit.amount,
            "blades_per_use": crit.blades_per_use,
            "max_uses": crit.max_uses,
        }
    if defense is not None and life is not None:
        result = odds.against(defense, life)
        data["target"] = {"defense": defense, "life": life}
        data["target"].update({key: chance(value) for key, value in result.items()})
    return data


def _convolve(
    left: Mapping[tuple[int, int], int], right: Mapping[tuple[int, int], int]
) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for (d1, b1), n1 in left.items():
        for (d2, b2), n2 in right.items():
            key = (d1 + d2, b1 + b2)
            out[key] = out.get(key, 0) + n1 * n2
    return out


def _marginal(joint: Mapping[tuple[int, int], Fraction], index: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for key, chance in joint.items():
        out[key[index]] = out.get(key[index], Fraction(0)) + chance
    return dict(sorted(out.items()))
