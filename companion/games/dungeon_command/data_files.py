"""Commanders, creature cards and the conditions players mark, from ``data/*.yaml``; ``None``
where a value is unknown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.yaml_files import list_field, read_yaml_mapping

DATA = Path(__file__).with_name("data")
COMMANDERS_FILE = DATA / "commanders.yaml"
CREATURES_FILE = DATA / "creatures.yaml"
CONDITIONS_FILE = DATA / "conditions.yaml"
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Commander:
    """A commander card's numbers; ``None`` means unknown (the players type it in)."""

    id: str
    name: str
    faction: str
    start_morale: int | None
    start_leadership: int | None
    creature_hand: int | None
    order_hand: int | None
    cowering_opponent_extra_loss: int = 0


def _read(path: Path, key: str) -> list[Any]:
    return list_field(read_yaml_mapping(path), key, path)


def _number(entry: Mapping[str, Any], key: str, where: str, path: Path) -> int | None:
    value = entry.get(key, UNKNOWN)
    if value == UNKNOWN:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DataFileError(path, f"{where}.{key}", "a whole number ≥ 0 or 'unknown'")
    return value


def _text(entry: Mapping[str, Any], key: str, where: str, path: Path) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise DataFileError(path, f"{where}.{key}", "a non-empty text")
    return value


def load_commanders(path: Path = COMMANDERS_FILE) -> dict[str, Commander]:
    """Commanders by id."""
    result: dict[str, Commander] = {}
    for i, entry in enumerate(_read(path, "commanders")):
        where = f"commanders[{i}]"
        if not isinstance(entry, Mapping):
            raise DataFileError(path, where, "a mapping")
        commander = Commander(
            id=_text(entry, "id", where, path),
            name=_text(entry, "name", where, path),
            faction=_text(entry, "faction", where, path),
            start_morale=_number(entry, "start_morale", where, path),
            start_leadership=_number(entry, "start_leadership", where, path),
            creature_hand=_number(entry, "creature_hand", where, path),
            order_hand=_number(entry, "order_hand", where, path),
            cowering_opponent_extra_loss=_number(entry, "cowering_opponent_extra_loss", where, path)
            or 0,
        )
        if commander.id in result:
            raise DataFileError(path, f"{where}.id", f"unique ids (twice: {commander.id})")
        result[commander.id] = commander
    return result


@dataclass(frozen=True)
class CreatureCard:
    """A creature card's numbers; ``None`` means unknown (the players type it in)."""

    name: str
    level: int
    hit_points: int | None = None
    melee: int | None = None
    ranged: int | None = None


def load_creature_cards(path: Path = CREATURES_FILE) -> dict[str, CreatureCard]:
    """Creature cards with a source, by creature name."""
    cards: dict[str, CreatureCard] = {}
    for i, entry in enumerate(_read(path, "creatures")):
        where = f"creatures[{i}]"
        if not isinstance(entry, Mapping):
            raise DataFileError(path, where, "a mapping")
        level = _number(entry, "level", where, path)
        if level is None or level < 1:
            raise DataFileError(path, f"{where}.level", "a level of 1 or more")
        numbers = {
            key: _number(entry, key, where, path) for key in ("hit_points", "melee", "ranged")
        }
        for key, value in numbers.items():
            if value is not None and value % 10:
                raise DataFileError(path, f"{where}.{key}", "a number in tens or 'unknown'")
        name = _text(entry, "name", where, path)
        cards[name] = CreatureCard(name, level, **numbers)
    return cards


def load_creature_levels(path: Path = CREATURES_FILE) -> dict[str, int]:
    """Creature levels with a source, by creature name."""
    return {name: card.level for name, card in load_creature_cards(path).items()}


def load_conditions(path: Path = CONDITIONS_FILE) -> tuple[str, ...]:
    """The conditions players may mark on a creature (ids)."""
    ids = _read(path, "conditions")
    for i, value in enumerate(ids):
        if not isinstance(value, str) or not value.isidentifier():
            raise DataFileError(path, f"conditions[{i}]", "an id of letters and underscores")
    return tuple(ids)


@cache
def conditions() -> tuple[str, ...]:
    """The built-in conditions (loaded once)."""
    return load_conditions()


@cache
def commanders() -> dict[str, Commander]:
    """The built-in commanders (loaded once)."""
    return load_commanders()


BATTLEFIELD_FILE = DATA / "battlefield.yaml"


@cache
def square_mm() -> float:
    """The side of one battlefield square in millimetres (``data/battlefield.yaml``)."""
    value = read_yaml_mapping(BATTLEFIELD_FILE).get("square_mm")
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise DataFileError(BATTLEFIELD_FILE, "square_mm", "a positive number of millimetres")
    return float(value)
