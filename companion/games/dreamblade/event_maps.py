"""The event's dreamscape map: chosen once by the organizer, sent with every pairing.

The organizer picks a map — one shipped with the program, or one saved on this hub by an earlier
event (``maps/*.yaml`` in the hub's data folder) — and types the values printed on the event's
map for the key cells that map leaves unknown. The result is a whole map (``map_data``, the form
``companion.games.dreamblade.maps.map_from_config`` reads), so a table builds every game of the
event on it and never waits for a value. A map entered here is saved under its name for the
next event.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import yaml

from companion.errors import DataFileError
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.maps import (
    FORMAT,
    VERSION,
    agree_key_values,
    builtin_map,
    builtin_map_names,
    load_map,
    map_from_config,
)

SAVED_FOLDER = "maps"
NAME_LIMIT = 40


class EventMapError(ValueError):
    """A map the organizer cannot use: ``code`` (``unknown_map``, ``map_name``, or a value's
    problem: ``missing``, ``range``, ``known``, ``choice``) and ``cell`` where one is named."""

    def __init__(self, code: str, message: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


def saved_maps(data_dir: Path) -> dict[str, DreamMap]:
    """The maps saved on this hub, by name; a file that does not load is left out."""
    folder = data_dir / SAVED_FOLDER
    found: dict[str, DreamMap] = {}
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            dream_map = load_map(path)
        except DataFileError:
            continue
        found[dream_map.name] = dream_map
    return found


def map_choices(data_dir: Path) -> dict[str, dict[str, Any]]:
    """Every map the organizer may pick (built-in first, then the saved ones): its known values,
    the cells to type from the printed map and the range a value may take."""
    maps = {name: builtin_map(name) for name in builtin_map_names()}
    maps |= {name: m for name, m in saved_maps(data_dir).items() if name not in maps}
    return {
        name: {
            "key_values": dict(m.key_values),
            "unknown": list(m.unknown_cells),
            "value_range": list(m.value_range),
        }
        for name, m in maps.items()
    }


def event_map(data_dir: Path, base: str, values: object, name: str | None = None) -> DreamMap:
    """The map ``base`` with the printed ``values`` of its unknown key cells, named ``name``
    (by default the base's name). ``EventMapError`` when the map is unknown or a value is
    missing, not a whole number in the map's range, or not a key cell."""
    builtins = builtin_map_names()
    saved = saved_maps(data_dir)
    if base in builtins:
        dream_map = builtin_map(base)
    elif base in saved:
        dream_map = saved[base]
    else:
        raise EventMapError("unknown_map", f"no map {base!r}", name=str(base)[:NAME_LIMIT])
    try:
        agreed = agree_key_values(dream_map, values)
    except DataFileError as exc:
        low, high = dream_map.value_range
        fields = {"cell": exc.field, "minimum": low, "maximum": high, **exc.params}
        raise EventMapError(exc.code, str(exc), **fields) from None
    new_name = " ".join(str(name).split()) if name is not None else dream_map.name
    if not 1 <= len(new_name) <= NAME_LIMIT:
        raise EventMapError("map_name", f"a map's name has 1 to {NAME_LIMIT} characters")
    return map_from_config({**map_data(agreed), "name": new_name})


def map_data(dream_map: DreamMap) -> dict[str, Any]:
    """The map as plain data, as the pairing carries it (``maps.map_from_config`` reads it)."""
    return {
        "name": dream_map.name,
        "provisional": dream_map.provisional,
        "source": dream_map.source,
        "portals": dict(dream_map.portals),
        "key_values": dict(dream_map.key_values),
        "value_range": list(dream_map.value_range),
    }


def save_map(data_dir: Path, dream_map: DreamMap) -> Path:
    """Keep the map on this hub (``maps/<name>.yaml``) for the next event to pick."""
    folder = data_dir / SAVED_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "-", dream_map.name.casefold()).strip("-")
    if not slug or not dream_map.name.isascii():  # a name in other letters keeps its own file
        digest = hashlib.sha256(dream_map.name.encode()).hexdigest()[:8]
        slug = f"{slug or 'map'}-{digest}"
    path = folder / f"{slug}.yaml"
    data = {"format": FORMAT, "version": VERSION, **map_data(dream_map)}
    temporary = path.with_suffix(".tmp")
    temporary.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    temporary.replace(path)
    return path
