"""Planar cards: the built-in list (names and set numbers only) and planes players add themselves.

The built-in list lives in ``data/planes.yaml`` with its source. A user plane comes from the table
config and may carry its own text; the companion never stores printed rules text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.yaml_files import list_field, read_yaml_mapping

PLANES_FILE = Path(__file__).with_name("data") / "planes.yaml"
PLANE_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
# how sure a plane's name is: confirmed by card pages, likely (from memory), added by a group
# (user), or typed at the table from the players' own card (typed)
STATUSES = ("confirmed", "likely", "user", "typed")


@dataclass(frozen=True)
class Plane:
    """One planar card. ``status`` says how sure the name/number is (``user`` for added planes)."""

    id: str
    name: str
    status: str
    set: str | None = None
    number: int | None = None
    text: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "status": self.status,
            "set": self.set,
            "number": self.number,
            "text": self.text,
        }


def _plane(entry: object, where: str, path: object, *, default_set: str | None) -> Plane:
    if not isinstance(entry, Mapping):
        raise DataFileError(path, where, "a mapping with id and name")
    plane_id = entry.get("id")
    if not isinstance(plane_id, str) or not PLANE_ID.match(plane_id):
        raise DataFileError(path, f"{where}.id", f"an id matching {PLANE_ID.pattern}")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataFileError(path, f"{where}.name", "a non-empty plane name")
    status = entry.get("status", "user")
    if status not in STATUSES:
        raise DataFileError(path, f"{where}.status", f"one of {', '.join(STATUSES)}")
    number = entry.get("number")
    if number is not None and (not isinstance(number, int) or number < 1):
        raise DataFileError(path, f"{where}.number", "a positive collector number or nothing")
    text = entry.get("text")
    if text is not None and not isinstance(text, str):
        raise DataFileError(path, f"{where}.text", "text or nothing")
    card_set = entry.get("set", default_set)
    return Plane(plane_id, name.strip(), status, card_set, number, text)


def _check_unique(planes: Iterable[Plane], path: object, field: str) -> None:
    ids: set[str] = set()
    names: set[str] = set()
    for plane in planes:
        if plane.id in ids:
            raise DataFileError(path, field, f"unique plane ids (twice: {plane.id})")
        if plane.name.casefold() in names:
            raise DataFileError(path, field, f"unique plane names (twice: {plane.name})")
        ids.add(plane.id)
        names.add(plane.name.casefold())


def load_planes(path: Path = PLANES_FILE) -> tuple[Plane, ...]:
    """The planes listed in a planes file; ``DataFileError`` naming the bad field otherwise."""
    data = read_yaml_mapping(path)
    card_set = data.get("set")
    planes = tuple(
        _plane(entry, f"planes[{i}]", path, default_set=card_set)
        for i, entry in enumerate(list_field(data, "planes", path))
    )
    _check_unique(planes, path, "planes")
    return planes


@cache
def _builtin_planes() -> tuple[Plane, ...]:
    return load_planes()


def user_planes(entries: object, source: object = "config") -> tuple[Plane, ...]:
    """Planes a group adds in its config: each needs an ``id`` and a ``name``, ``text`` optional."""
    if not isinstance(entries, list):
        raise DataFileError(source, "planes", "a list of planes")
    planes = tuple(
        _plane(
            {**entry, "status": "user"} if isinstance(entry, Mapping) else entry,
            f"planes[{i}]",
            source,
            default_set=None,
        )
        for i, entry in enumerate(entries)
    )
    _check_unique(planes, source, "planes")
    return planes


def catalog(
    extra: Iterable[Plane] = (), typed: Mapping[str, str] | None = None
) -> dict[str, Plane]:
    """Built-in planes plus ``extra``, by id, with the names ``typed`` (plane id → the name printed
    on the players' card) over those not confirmed; no two planes may share an id or a name."""
    planes = tuple(
        replace(plane, name=typed[plane.id], status="typed")
        if typed and plane.id in typed and plane.status != "confirmed"
        else plane
        for plane in (*_builtin_planes(), *extra)
    )
    _check_unique(planes, "config", "planes")
    return {plane.id: plane for plane in planes}
