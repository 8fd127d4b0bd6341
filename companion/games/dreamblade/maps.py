"""Dreamscape maps as data: load a map file, a built-in map, or a map defined in the table config.

A map file (``maps/*.yaml``) holds ``format: dreamblade-map``, ``version: 1``, ``name``,
``provisional`` (true while the values are not confirmed from a printed map), ``source``,
``portals`` (``A`` and ``B`` → a corner cell of that seat's spawn row, in opposite corners) and
``key_values`` (each of the 9 key cells b2..d4 → conquest points ≥ 0, or ``null`` when unknown)
and optionally ``value_range`` (``[lowest, highest]`` a key cell may be worth; without it 0–9).
Which key cells score for which seat is derived by ``DreamMap.scoring_cells``, never stored.

The unknown values are agreed when a game is set up (``agree_key_values``: every one, read from the
map printed on the table, within the map's range), or by the organizer for a whole event
(``event_maps``); one still unknown when a conquest claims it is given by the ``value``
action — both seated players confirming the same number, or the judge — who alone corrects one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from companion import grid
from companion.errors import DataFileError
from companion.games.dreamblade.data_files import (
    check_header,
    check_keys,
    int_or_unknown,
    read_yaml_mapping,
    text_field,
)
from companion.games.dreamblade.dream_map import (
    DEFAULT_VALUE_RANGE,
    KEY_CELLS,
    SEATS,
    SPAWN_ROW,
    DreamMap,
)

FORMAT = "dreamblade-map"
VERSION = 1
CONFIG_SOURCE = "defined in the table config"
_CORNER_COLUMNS = ("a", "e")


def load_map(path: str | Path) -> DreamMap:
    """Read and validate a map file."""
    data = read_yaml_mapping(path)
    check_header(path, data, FORMAT, VERSION)
    return _build(path, data, required={"name", "provisional", "source"})


def builtin_map(name: str) -> DreamMap:
    """A map shipped with the program, by name (``default``)."""
    names = builtin_map_names()
    if name not in names:
        raise ValueError(f"no built-in map {name!r} (known: {', '.join(names)})")
    with resources.as_file(resources.files(__package__) / "maps" / f"{name}.yaml") as path:
        return load_map(path)


def builtin_map_names() -> tuple[str, ...]:
    folder = resources.files(__package__) / "maps"
    return tuple(
        sorted(e.name.removesuffix(".yaml") for e in folder.iterdir() if e.name.endswith(".yaml"))
    )


def map_from_config(
    config: Mapping[str, Any], *, origin: str = "<config dreamblade.map>"
) -> DreamMap:
    """A user's own map from the table config: ``portals`` and ``key_values`` are required;
    ``name`` defaults to ``custom``, ``provisional`` to false, ``source`` to a config note."""
    if not isinstance(config, Mapping):
        raise DataFileError(origin, "", "a mapping with portals and key_values")
    data = {"name": "custom", "provisional": False, "source": CONFIG_SOURCE, **config}
    return _build(origin, data, required=set())


def map_from_setting(setting: str | Mapping[str, Any]) -> DreamMap:
    """The ``dreamblade.map`` setting: a built-in map name, a path to a map file, or a map."""
    if isinstance(setting, Mapping):
        return map_from_config(setting)
    if setting in builtin_map_names():
        return builtin_map(setting)
    return load_map(setting)


AGREED = "the map's values"  # the "file" named by errors in values agreed at set-up


def agree_key_values(dream_map: DreamMap, values: object) -> DreamMap:
    """The map with every unknown key-cell value given (``values``: cell → points, as the players
    read them from the printed map), each within the map's range. ``DataFileError`` naming the
    cell otherwise: one left out (``missing``), out of range (``range``), a known one given
    differently (``known``) or a cell that is no key cell (``choice``)."""
    if not isinstance(values, Mapping):
        raise DataFileError(AGREED, "", "a mapping of key cells to their values")
    for cell in values:
        if cell not in KEY_CELLS:
            raise DataFileError(AGREED, str(cell), "one of the key cells", code="choice")
    low, high = dream_map.value_range
    agreed: dict[str, int] = {}
    for cell in dream_map.unknown_cells:
        if cell not in values or values[cell] in (None, ""):
            raise DataFileError(AGREED, cell, "the value printed on the map", code="missing")
        if not dream_map.in_range(values[cell]):
            params = {"minimum": low, "maximum": high}
            raise DataFileError(AGREED, cell, f"{low}–{high}", code="range", params=params)
        agreed[cell] = values[cell]
    for cell, value in values.items():
        known = dream_map.key_values[cell]
        if known is not None and value not in (None, "", known):
            params = {"known": known}
            raise DataFileError(
                AGREED, cell, f"its known value {known}", code="known", params=params
            )
    return dataclasses.replace(
        dream_map,
        key_values={**dream_map.key_values, **agreed},
        agreed=tuple(sorted(agreed, key=KEY_CELLS.index)),
    )


def _build(path: object, data: Mapping[str, Any], required: set[str]) -> DreamMap:
    check_keys(
        path,
        "",
        dict(data),
        required=required | {"portals", "key_values"},
        optional={"format", "version", "name", "provisional", "source", "value_range"},
    )
    provisional = data["provisional"]
    if not isinstance(provisional, bool):
        raise DataFileError(path, "provisional", "true or false")
    value_range = _value_range(path, data.get("value_range", list(DEFAULT_VALUE_RANGE)))
    key_values = _key_values(path, data["key_values"])
    for cell, value in key_values.items():
        if value is not None and not value_range[0] <= value <= value_range[1]:
            raise DataFileError(path, f"key_values.{cell}", "a value within value_range")
    return DreamMap(
        name=text_field(path, "name", data["name"]),
        portals=_portals(path, data["portals"]),
        key_values=key_values,
        provisional=provisional,
        source=text_field(path, "source", data["source"]),
        value_range=value_range,
    )


def _value_range(path: object, value: object) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
        or value[0] > value[1]
    ):
        raise DataFileError(path, "value_range", "[lowest, highest], whole numbers ≥ 0")
    return value[0], value[1]


def _portals(path: object, portals: object) -> dict[str, str]:
    if not isinstance(portals, dict) or set(portals) != set(SEATS):
        raise DataFileError(path, "portals", "a mapping with exactly the seats A and B")
    for seat in SEATS:
        cell = portals[seat]
        corners = [f"{column}{SPAWN_ROW[seat]}" for column in _CORNER_COLUMNS]
        if cell not in corners:
            raise DataFileError(
                path,
                f"portals.{seat}",
                f"a corner of seat {seat}'s spawn row ({' or '.join(corners)})",
            )
    if grid.column_of(portals["A"]) == grid.column_of(portals["B"]):
        raise DataFileError(path, "portals", "opposite corners (a1 with e5, or e1 with a5)")
    return {seat: portals[seat] for seat in SEATS}


def _key_values(path: object, values: object) -> dict[str, int | None]:
    if not isinstance(values, dict) or set(values) != set(KEY_CELLS):
        raise DataFileError(path, "key_values", f"exactly the 9 key cells {', '.join(KEY_CELLS)}")
    return {cell: int_or_unknown(path, f"key_values.{cell}", values[cell]) for cell in KEY_CELLS}
