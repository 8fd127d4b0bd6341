"""Warband files: which miniatures a player brings, checked against the catalog.

A warband file holds ``format: dreamblade-warband``, ``version: 1``, ``name``, optional
``seat_colour`` (``#RRGGBB``) and ``source``, and ``miniatures``: a list of ``{id, count}`` entries
(``count`` defaults to 1). Rules checked: at most 16 miniatures, at most 3 copies of one miniature
(counted by name, so an imported entry and a builtin entry of the same miniature add up), every id
known to the catalog, each id listed once. ``tournament_problems`` adds the banned list
(``data/banned.yaml``) for sanctioned Constructed play.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.games.dreamblade.catalog import Catalog
from companion.games.dreamblade.data_files import (
    check_header,
    check_keys,
    read_yaml_mapping,
    text_field,
)
from companion.games.dreamblade.dream_map import SEATS

FORMAT = "dreamblade-warband"
VERSION = 1
BANNED_FORMAT = "dreamblade-banned"
MAX_MINIATURES = 16
MAX_COPIES = 3
_HEX_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")


@dataclass(frozen=True)
class Warband:
    """``entries``: (catalog id, count) pairs in file order."""

    name: str
    entries: tuple[tuple[str, int], ...]
    seat_colour: str | None = None
    source: str | None = None

    @property
    def size(self) -> int:
        return sum(count for _, count in self.entries)

    def mini_ids(self, seat: str) -> tuple[str, ...]:
        """One id per physical miniature, ``"A:B45#1"``: the ids the engine and camera use."""
        return tuple(mini_id for mini_id, _ in self.copies(seat))

    def copies(self, seat: str) -> tuple[tuple[str, str], ...]:
        """(per-copy mini id, catalog id) for every physical miniature, copies numbered from 1."""
        if seat not in SEATS:
            raise ValueError(f"seat must be one of {', '.join(SEATS)}, not {seat!r}")
        return tuple(
            (f"{seat}:{catalog_id}#{k}", catalog_id)
            for catalog_id, count in self.entries
            for k in range(1, count + 1)
        )


def load_warband(path: str | Path, catalog: Catalog) -> Warband:
    data = read_yaml_mapping(path)
    check_header(path, data, FORMAT, VERSION)
    return warband_from_data(data, catalog, origin=path)


def builtin_warband_names() -> tuple[str, ...]:
    folder = resources.files(__package__) / "data" / "warbands"
    return tuple(
        sorted(e.name.removesuffix(".yaml") for e in folder.iterdir() if e.name.endswith(".yaml"))
    )


def builtin_warband(name: str, catalog: Catalog) -> Warband:
    """A shipped warband by name (``sample-valor``, ``sample-madness``)."""
    names = builtin_warband_names()
    if name not in names:
        raise ValueError(f"no built-in warband {name!r} (known: {', '.join(names)})")
    folder = resources.files(__package__) / "data" / "warbands"
    with resources.as_file(folder / f"{name}.yaml") as path:
        return load_warband(path, catalog)


def load_banned(path: str | Path) -> dict[str, str]:
    """Banned miniature names (case-folded) → the source saying so."""
    data = read_yaml_mapping(path)
    check_header(path, data, BANNED_FORMAT, VERSION)
    check_keys(path, "", data, required={"format", "version", "banned"}, optional=set())
    entries = data["banned"]
    if not isinstance(entries, list):
        raise DataFileError(path, "banned", "a list of {name, status, source} entries")
    banned: dict[str, str] = {}
    for i, entry in enumerate(entries):
        where = f"banned[{i}]"
        if not isinstance(entry, dict):
            raise DataFileError(path, where, "a mapping with name, status and source")
        check_keys(path, where, entry, required={"name", "status", "source"}, optional=set())
        name = text_field(path, f"{where}.name", entry["name"])
        status = text_field(path, f"{where}.status", entry["status"])
        banned[name.casefold()] = (
            f"{text_field(path, f'{where}.source', entry['source'])} ({status})"
        )
    return banned


def builtin_banned() -> dict[str, str]:
    with resources.as_file(resources.files(__package__) / "data" / "banned.yaml") as path:
        return load_banned(path)


def tournament_problems(
    warband: Warband, catalog: Catalog, banned: Mapping[str, str] | None = None
) -> list[str]:
    """Why ``warband`` may not be played in sanctioned Constructed (empty when it may)."""
    banned = builtin_banned() if banned is None else banned
    problems = []
    for catalog_id, _ in warband.entries:
        name = catalog[catalog_id].name
        if name.casefold() in banned:
            problems.append(f"{name} is banned: {banned[name.casefold()]}")
    return problems


def incomplete_miniatures(warband: Warband, catalog: Catalog) -> dict[str, tuple[str, ...]]:
    """Catalog id → the values the engine needs that are unknown, for each miniature of
    ``warband`` that cannot be played until someone fills them in (empty when all can)."""
    return {
        catalog_id: catalog[catalog_id].unknown_fields
        for catalog_id, _ in warband.entries
        if catalog[catalog_id].unknown_fields
    }


def warband_from_data(
    data: Mapping[str, Any], catalog: Catalog, *, origin: object = "<warband>"
) -> Warband:
    """Validate a warband given as plain data (a file's content, or the panel's JSON)."""
    if not isinstance(data, Mapping):
        raise DataFileError(origin, "", "a mapping with name and miniatures")
    check_keys(
        origin,
        "",
        dict(data),
        required={"name", "miniatures"},
        optional={"format", "version", "seat_colour", "source"},
    )
    colour = data.get("seat_colour")
    if colour is not None and (not isinstance(colour, str) or not _HEX_COLOUR.match(colour)):
        raise DataFileError(origin, "seat_colour", "a colour like '#0072B2'")
    source = data.get("source")
    warband = Warband(
        name=text_field(origin, "name", data["name"]),
        entries=_entries(origin, data["miniatures"], catalog),
        seat_colour=colour,
        source=None if source is None else text_field(origin, "source", source),
    )
    if warband.size > MAX_MINIATURES:
        raise DataFileError(
            origin, "miniatures", f"at most {MAX_MINIATURES} miniatures (this has {warband.size})"
        )
    copies = Counter[str]()
    for catalog_id, count in warband.entries:
        copies[catalog[catalog_id].name.casefold()] += count
    for i, (catalog_id, _) in enumerate(warband.entries):
        name = catalog[catalog_id].name
        if copies[name.casefold()] > MAX_COPIES:
            raise DataFileError(
                origin,
                f"miniatures[{i}].count",
                f"at most {MAX_COPIES} copies of {name} (this has {copies[name.casefold()]})",
            )
    return warband


def _entries(origin: object, entries: object, catalog: Catalog) -> tuple[tuple[str, int], ...]:
    if not isinstance(entries, list) or not entries:
        raise DataFileError(origin, "miniatures", "a non-empty list of {id, count} entries")
    result: list[tuple[str, int]] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        where = f"miniatures[{i}]"
        if not isinstance(entry, dict):
            raise DataFileError(origin, where, "a mapping like {id: B45, count: 2}")
        check_keys(origin, where, entry, required={"id"}, optional={"count"})
        catalog_id = entry["id"]
        if not isinstance(catalog_id, str) or catalog_id not in catalog:
            hints = catalog.search(str(catalog_id))[:3]
            hint = f" (did you mean {', '.join(m.id for m in hints)}?)" if hints else ""
            raise DataFileError(origin, f"{where}.id", f"an id known to the catalog{hint}")
        if catalog_id in seen:
            raise DataFileError(origin, f"{where}.id", f"{catalog_id} listed once (use count)")
        seen.add(catalog_id)
        count = entry.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise DataFileError(origin, f"{where}.count", "a whole number ≥ 1")
        result.append((catalog_id, count))
    return tuple(result)
