"""Scenarios, glyphs, the combat die and what is known of army cards, from ``data/*.yaml``.

Unknown values load as ``None``; nothing is filled in without a source.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.yaml_files import list_field, read_yaml_mapping

DATA = Path(__file__).with_name("data")
UNKNOWN = "unknown"
GOALS = ("planeswalker", "score")
SCORINGS = ("battlefield", "glyph_spaces")
GLYPH_FACES = ("ability", "planeswalker")
GLYPH_KINDS = ("permanent", "temporary")
CARD_KINDS = ("planeswalker", "hero", "squad")


@dataclass(frozen=True)
class Scenario:
    id: str
    battlefield: int
    turns: Mapping[int, int]  # players → last space of the turn track
    teams: bool
    army_points: int
    glyphs_face: str
    goal: str
    scoring: str


@dataclass(frozen=True)
class Glyph:
    id: str
    name: str
    kind: str
    power: int = 0
    toughness: int = 0
    move: int = 0
    draw_spells: int = 0


@dataclass(frozen=True)
class KnownCard:
    """What the sources say about one army card; ``None`` = unknown."""

    id: str
    name: str
    kind: str | None
    values: Mapping[str, int]


def _read(path: Path, key: str) -> list[Any]:
    entries = list_field(read_yaml_mapping(path), key, path)
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise DataFileError(path, f"{key}[{i}]", "a mapping")
    return entries


def _get(entry: Mapping[str, Any], key: str, kind: type, where: str, path: Path) -> Any:
    value = entry.get(key)
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
        raise DataFileError(path, f"{where}.{key}", f"a {kind.__name__}")
    return value


def _choice(
    entry: Mapping[str, Any], key: str, options: tuple[str, ...], where: str, path: Path
) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or value not in options:
        raise DataFileError(path, f"{where}.{key}", f"one of {', '.join(options)}")
    return value


def load_scenarios(path: Path = DATA / "scenarios.yaml") -> dict[str, Scenario]:
    result = {}
    for i, entry in enumerate(_read(path, "scenarios")):
        where = f"scenarios[{i}]"
        turns = entry.get("turns")
        if not isinstance(turns, Mapping) or not all(
            isinstance(k, int) and isinstance(v, int) and k >= 2 and v >= 1
            for k, v in turns.items()
        ):
            raise DataFileError(path, f"{where}.turns", "players → turns, whole numbers")
        scenario = Scenario(
            id=_get(entry, "id", str, where, path),
            battlefield=_get(entry, "battlefield", int, where, path),
            turns=dict(turns),
            teams=_get(entry, "teams", bool, where, path),
            army_points=_get(entry, "army_points", int, where, path),
            glyphs_face=_choice(entry, "glyphs_face", GLYPH_FACES, where, path),
            goal=_choice(entry, "goal", GOALS, where, path),
            scoring=_choice(entry, "scoring", SCORINGS, where, path),
        )
        result[scenario.id] = scenario
    return result


def load_glyphs(path: Path = DATA / "glyphs.yaml") -> dict[str, Glyph]:
    result = {}
    for i, entry in enumerate(_read(path, "glyphs")):
        where = f"glyphs[{i}]"
        bonuses = {}
        for key in ("power", "toughness", "move", "draw_spells"):
            if key in entry:
                bonuses[key] = _get(entry, key, int, where, path)
        glyph = Glyph(
            id=_get(entry, "id", str, where, path),
            name=_get(entry, "name", str, where, path),
            kind=_choice(entry, "kind", GLYPH_KINDS, where, path),
            **bonuses,
        )
        result[glyph.id] = glyph
    return result


def load_known_cards(path: Path = DATA / "armies.yaml") -> dict[str, KnownCard]:
    result = {}
    for i, entry in enumerate(_read(path, "cards")):
        where = f"cards[{i}]"
        kind = entry.get("kind", UNKNOWN)
        if kind != UNKNOWN and kind not in CARD_KINDS:
            raise DataFileError(path, f"{where}.kind", f"one of {', '.join(CARD_KINDS)} or unknown")
        values = {}
        for key, value in entry.items():
            if key in ("id", "name", "kind", "colour") or value == UNKNOWN:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise DataFileError(path, f"{where}.{key}", "a whole number or 'unknown'")
            values[key] = value
        card = KnownCard(
            id=_get(entry, "id", str, where, path),
            name=_get(entry, "name", str, where, path),
            kind=None if kind == UNKNOWN else kind,
            values=values,
        )
        result[card.id] = card
    return result


def load_combat_die_faces(path: Path = DATA / "combat_die.yaml") -> dict[str, int | None]:
    """Faces per symbol (``hit``, ``shield``, ``blank``); ``None`` where unknown."""
    data = read_yaml_mapping(path)
    faces: dict[str, int | None] = {}
    for symbol in ("hit", "shield", "blank"):
        value = data.get(symbol, UNKNOWN)
        if value != UNKNOWN and (isinstance(value, bool) or not isinstance(value, int)):
            raise DataFileError(path, symbol, "a number of faces or 'unknown'")
        faces[symbol] = None if value == UNKNOWN else value
    return faces


@cache
def scenarios() -> dict[str, Scenario]:
    return load_scenarios()


@cache
def glyphs() -> dict[str, Glyph]:
    return load_glyphs()


@cache
def known_cards() -> dict[str, KnownCard]:
    return load_known_cards()
