"""The miniature catalog: YAML catalog files, lookup by id, search by name, builtin + user merge.

A catalog file holds ``format: dreamblade-catalog``, ``version: 1``, ``source`` and ``miniatures``,
a list of entries with the fields ``id name kind spawn_cost aspects power defense life lineage
abilities set number rarity source``. ``unknown`` marks a value nobody has confirmed:

- ``aspects``: one letter per printed symbol (``MMM``), ``""`` for none, or ``unknown``;
- ``power``/``defense``/``life``: integers (creatures only; a location has none) or ``unknown``;
- ``lineage``: a name, ``none`` or ``unknown``; ``abilities``: a list of printed ability lines
  (``"blade: Crit 5"``), with an ``unknown`` entry when the source does not give them all.

The builtin catalog (``data/catalog.yaml``) holds what the project's sources give; an owner of the
full "Dreamcatcher" spreadsheet imports it (``companion catalog import``) into the user catalog
(``<data dir>/catalog.yaml``), whose entries win over builtin ones with the same id.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from companion.errors import DataFileError
from companion.games.dreamblade.abilities.lines import AbilityLineError, parse_ability
from companion.games.dreamblade.data_files import (
    UNKNOWN,
    YAML_DUMPER,
    check_header,
    check_keys,
    int_or_unknown,
    read_yaml_mapping,
    text_field,
)
from companion.games.dreamblade.miniature import CATALOG_ID, Aspect, Kind, Miniature

FORMAT = "dreamblade-catalog"
VERSION = 1
SETS: dict[str, str] = {
    "B": "Base Set",
    "BW": "Baxar's War",
    "CP": "Chrysotic Plague",
    "A": "Anvilborn",
    "SD": "Serrated Dawn",
    "NF": "Night Fusion",
}
NO_LINEAGE = "none"
_ENTRY_FIELDS = {"id", "name", "kind", "spawn_cost", "aspects", "lineage", "abilities"}
_ENTRY_FIELDS |= {"set", "number", "rarity", "source"}
_STATS = ("power", "defense", "life")
# Bounds a printed number must lie within (a typing slip, not a rule: well above any printed value
# in our sources), checked for every entry, from a file or typed at the table.
STAT_MAXIMUM = 40


class Catalog(Mapping[str, Miniature]):
    """Miniatures by catalog id. Immutable; ``merged`` gives a new catalog."""

    def __init__(self, miniatures: Iterable[Miniature] = ()) -> None:
        self._by_id: dict[str, Miniature] = {}
        for mini in miniatures:
            if mini.id in self._by_id:
                raise ValueError(f"catalog id {mini.id!r} appears twice")
            self._by_id[mini.id] = mini

    def __getitem__(self, catalog_id: str) -> Miniature:
        try:
            return self._by_id[catalog_id]
        except KeyError:
            raise KeyError(f"no miniature {catalog_id!r} in the catalog") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def search(self, text: str) -> list[Miniature]:
        """Miniatures whose name or id contains ``text`` (case-insensitive), sorted by name."""
        needle = text.casefold().strip()
        found = [m for m in self._by_id.values() if needle in f"{m.name}\n{m.id}".casefold()]
        return sorted(found, key=lambda m: (m.name.casefold(), m.id))

    def merged(self, other: Catalog) -> Catalog:
        """This catalog with ``other``'s entries added; ``other`` wins where an id is in both."""
        combined = {**self._by_id, **other._by_id}
        return Catalog(combined.values())


def load_catalog(*paths: str | Path) -> Catalog:
    """Read catalog files and merge them in order (later files win on equal ids)."""
    catalog = Catalog()
    for path in paths:
        catalog = catalog.merged(Catalog(_read_file(path)))
    return catalog


def builtin_catalog_path() -> Path:
    return Path(str(resources.files(__package__) / "data" / "catalog.yaml"))


@cache
def builtin_catalog() -> Catalog:
    """The shipped catalog, read once (it is package data, and a catalog is immutable)."""
    return load_catalog(builtin_catalog_path())


def builtin_texts_path() -> Path:
    return Path(str(resources.files(__package__) / "data" / "catalog_texts.yaml"))


def shipped_texts(path: str | Path | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """The shipped catalog's texts in other languages (``data/catalog_texts.yaml``): language →
    miniature id → ``abilities`` (one per printed line, ``None`` for a line shown as printed)
    and ``name`` when the printing in that language has its own. ``DataFileError`` for a file of
    another shape."""
    origin = path or builtin_texts_path()
    data = read_yaml_mapping(origin)
    if data.get("format") != "dreamblade-catalog-texts" or data.get("version") != 1:
        raise DataFileError(origin, "format", "format dreamblade-catalog-texts, version 1")
    languages = data.get("languages")
    if not isinstance(languages, dict):
        raise DataFileError(origin, "languages", "a mapping of language → miniature id → texts")
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for language, minis in languages.items():
        if not isinstance(minis, dict):
            raise DataFileError(origin, f"languages.{language}", "a mapping of miniature ids")
        for mini, texts in minis.items():
            where = f"languages.{language}.{mini}"
            lines = texts.get("abilities", []) if isinstance(texts, dict) else None
            if not isinstance(lines, list) or not all(
                line is None or line == "same" or isinstance(line, str) for line in lines
            ):
                raise DataFileError(origin, where, "abilities: a list of texts (or same)")
            entry: dict[str, Any] = {
                "abilities": [None if line in (None, "same") else line for line in lines]
            }
            if isinstance(texts.get("name"), str):
                entry["name"] = texts["name"]
            found.setdefault(str(language), {})[str(mini)] = entry
    return found


@cache
def _shipped() -> tuple[Catalog, dict[str, dict[str, dict[str, Any]]]]:
    return builtin_catalog(), shipped_texts()


def texts_of(mini: Miniature) -> dict[str, dict[str, Any]]:
    """The shipped texts in other languages of a miniature (language → ``abilities``, ``name``),
    only while it is the shipped entry as printed (an imported or typed entry of the same id
    with other lines has none): ``{}`` when there are none."""
    catalog, texts = _shipped()
    shipped = catalog.get(mini.id)
    if shipped is None or shipped.abilities != mini.abilities or shipped.name != mini.name:
        return {}
    return {
        language: minis[mini.id]
        for language, minis in texts.items()
        if mini.id in minis and len(minis[mini.id]["abilities"]) == len(mini.abilities)
    }


def user_catalog_path() -> Path:
    """Where ``companion catalog import`` stores the user's catalog."""
    # Imported here: reading a catalog must not pull in the settings model (pydantic).
    from companion.settings import default_data_dir

    return default_data_dir() / "catalog.yaml"


def default_catalog(user_path: Path | None = None) -> Catalog:
    """The builtin catalog merged with the user's imported one, if there is one."""
    user_path = user_catalog_path() if user_path is None else user_path
    if user_path.exists():
        return builtin_catalog().merged(load_catalog(user_path))
    return builtin_catalog()


def write_catalog(path: str | Path, miniatures: Iterable[Miniature], source: str) -> None:
    """Write a catalog file atomically: a reader sees the old file or the whole new one."""
    path = Path(path)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "source": source,
        "miniatures": [miniature_to_data(m) for m in miniatures],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".catalog-", suffix=".yaml")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            yaml.dump(document, stream, Dumper=YAML_DUMPER, allow_unicode=True, sort_keys=False)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def miniature_to_data(mini: Miniature) -> dict[str, Any]:
    """A catalog entry as plain data (the inverse of the file format's entry)."""
    unknown = mini.unknown

    def value(field: str, actual: object) -> object:
        return UNKNOWN if field in unknown or actual is None else actual

    data: dict[str, Any] = {
        "id": mini.id,
        "name": mini.name,
        "kind": mini.kind.value,
        "spawn_cost": value("spawn_cost", mini.spawn_cost),
        "aspects": value("aspects", "".join(a.value for a in mini.aspects)),
    }
    if mini.is_creature:
        data.update({stat: value(stat, getattr(mini, stat)) for stat in _STATS})
    data["lineage"] = value("lineage", NO_LINEAGE if mini.lineage is None else mini.lineage)
    data["abilities"] = list(mini.abilities) + ([UNKNOWN] if "abilities" in unknown else [])
    for field in ("set", "number", "rarity"):
        data[field] = value(field, getattr(mini, field))
    data["source"] = mini.source
    return data


def miniature_from_data(path: object, where: str, entry: object) -> Miniature:
    """Validate one entry; errors name ``where`` (e.g. ``miniatures[3].power``)."""
    if not isinstance(entry, dict):
        raise DataFileError(path, where, "a mapping with the miniature's fields")
    kind_text = entry.get("kind")
    if kind_text not in {k.value for k in Kind}:
        raise DataFileError(path, f"{where}.kind", "creature or location", code="choice")
    kind = Kind(kind_text)
    stats = set(_STATS) if kind is Kind.CREATURE else set()
    check_keys(path, where, entry, required=_ENTRY_FIELDS | stats, optional=set())
    catalog_id = entry["id"]
    if not isinstance(catalog_id, str) or not CATALOG_ID.match(catalog_id):
        raise DataFileError(path, f"{where}.id", f"an id matching {CATALOG_ID.pattern}", code="id")
    unknown: set[str] = set()
    aspects = _aspects(path, f"{where}.aspects", entry["aspects"], unknown)
    lineage = _optional_text(path, f"{where}.lineage", entry["lineage"], unknown, "lineage")
    if lineage == NO_LINEAGE:
        lineage = None
    set_code = _optional_text(path, f"{where}.set", entry["set"], unknown, "set")
    if set_code is not None and set_code not in SETS:
        raise DataFileError(path, f"{where}.set", f"a set code ({', '.join(SETS)}) or 'unknown'")
    number = int_or_unknown(path, f"{where}.number", entry["number"], minimum=1)
    if number is None:
        unknown.add("number")
    stat_values = {
        stat: int_or_unknown(path, f"{where}.{stat}", entry[stat], maximum=STAT_MAXIMUM)
        if stat in stats
        else None
        for stat in _STATS
    }
    return Miniature(
        id=catalog_id,
        name=text_field(path, f"{where}.name", entry["name"]),
        kind=kind,
        spawn_cost=int_or_unknown(
            path, f"{where}.spawn_cost", entry["spawn_cost"], maximum=STAT_MAXIMUM
        ),
        aspects=aspects,
        power=stat_values["power"],
        defense=stat_values["defense"],
        life=stat_values["life"],
        lineage=lineage,
        abilities=_abilities(path, f"{where}.abilities", entry["abilities"], unknown),
        set=set_code,
        number=number,
        rarity=_optional_text(path, f"{where}.rarity", entry["rarity"], unknown, "rarity"),
        source=text_field(path, f"{where}.source", entry["source"]),
        unknown=frozenset(unknown),
    )


def _read_file(path: str | Path) -> list[Miniature]:
    data = read_yaml_mapping(path)
    check_header(path, data, FORMAT, VERSION)
    check_keys(
        path, "", data, required={"format", "version", "source", "miniatures"}, optional=set()
    )
    text_field(path, "source", data["source"])
    entries = data["miniatures"]
    if not isinstance(entries, list):
        raise DataFileError(path, "miniatures", "a list of miniature entries")
    minis = [miniature_from_data(path, f"miniatures[{i}]", e) for i, e in enumerate(entries)]
    seen: set[str] = set()
    for i, mini in enumerate(minis):
        if mini.id in seen:
            raise DataFileError(path, f"miniatures[{i}].id", f"an id not used before ({mini.id})")
        seen.add(mini.id)
    return minis


def _aspects(path: object, field: str, value: object, unknown: set[str]) -> tuple[Aspect, ...]:
    if value == UNKNOWN:
        unknown.add("aspects")
        return ()
    letters = {a.value for a in Aspect}
    if not isinstance(value, str) or not set(value) <= letters:
        raise DataFileError(
            path,
            field,
            "aspect letters from V, M, F, P (e.g. 'VV'), '' or 'unknown'",
            code="aspects",
        )
    return tuple(Aspect(letter) for letter in value)


def _optional_text(
    path: object, field: str, value: object, unknown: set[str], name: str
) -> str | None:
    if value == UNKNOWN:
        unknown.add(name)
        return None
    return text_field(path, field, value)


def _abilities(path: object, field: str, value: object, unknown: set[str]) -> tuple[str, ...]:
    """A list of ability lines; the entry ``unknown`` (or ``unknown`` alone) marks it incomplete."""
    if value == UNKNOWN:
        value = [UNKNOWN]
    if not isinstance(value, list):
        raise DataFileError(path, field, "a list of ability lines or 'unknown'")
    if UNKNOWN in value:
        unknown.add("abilities")
    lines = []
    for i, line in enumerate(value):
        if line == UNKNOWN:
            continue
        text = text_field(path, f"{field}[{i}]", line)
        try:
            parse_ability(text)
        except AbilityLineError as exc:
            params: dict[str, object] = {"keyword": text, "closest": exc.suggestion}
            raise DataFileError(
                path, f"{field}[{i}]", str(exc), code=exc.kind, params=params
            ) from None
        lines.append(text)
    return tuple(lines)
