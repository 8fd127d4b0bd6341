"""Catalog entries players type in at a table: the contract between the games and the table.

A player whose miniature or card is missing from a game's catalog (or known only in part) enters
what is printed on it. The table keeps such entries in its own catalog (``companion/table``'s
``TableCatalog``: stored, exported and imported for every game at once); each game's kit lists the
kinds of entries it takes (``GameKit.entry_kinds``) and how one is checked, so the table never needs
to know a game's fields and games never import the table.

An ``EntryKind`` checks one entry with the same rules as the game's data files and returns it in
its normal form (a plain JSON-able mapping holding a text ``id``, its key within its kind, and a
text ``name``); a bad entry raises ``DataFileError`` naming the field and its problem (``code``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import DataFileError

# the "file" named by the errors of an entry typed at the table
TABLE_ENTRY = "table catalog entry"

Checker = Callable[[Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry a game takes from its players (game / ``miniature``)."""

    game: str
    kind: str
    check: Checker

    def checked(self, data: object) -> dict[str, Any]:
        """``data`` checked by the game, with the ``id`` and ``name`` every entry has."""
        if not isinstance(data, Mapping):
            raise DataFileError(TABLE_ENTRY, "", "a mapping of the entry's fields")
        entry = self.check(data)
        for field in ("id", "name"):
            if not isinstance(entry.get(field), str) or not entry[field]:
                raise DataFileError(TABLE_ENTRY, field, "a non-empty text", code="text")
        return entry


# -- checks the games' entries share ---------------------------------------------------------------

MAX_NAME = 40
ENTRY_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,23}$")


def entry_name(data: Mapping[str, Any], where: str) -> str:
    """The entry's ``name``: 1 to :data:`MAX_NAME` characters, spaces trimmed."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise DataFileError(TABLE_ENTRY, f"{where}.name", "a name", code="text")
    return " ".join(name.split())


def entry_number(
    data: Mapping[str, Any], field: str, where: str, low: int, high: int, *, required: bool = True
) -> int | None:
    """A whole number from ``low`` to ``high`` printed on the card; ``None`` when it may be left
    out and is. A missing required number is code ``required``, any other problem ``range``."""
    value = data.get(field)
    if value is None or value == "":
        if required:
            raise DataFileError(TABLE_ENTRY, f"{where}.{field}", "a number", code="required")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataFileError(
            TABLE_ENTRY,
            f"{where}.{field}",
            f"a whole number {low}..{high}",
            code="range",
            params={"minimum": low, "maximum": high},
        )
    return value


def entry_id(data: Mapping[str, Any], name: str, where: str) -> str:
    """The entry's ``id`` if given, else one made from its name: the name's letters and digits
    joined by dashes, or for a name without Latin letters (``ゴブリン``) a short fixed hash."""
    given = data.get("id")
    if given is not None:
        if not isinstance(given, str) or not ENTRY_ID.match(given):
            raise DataFileError(TABLE_ENTRY, f"{where}.id", "an id", code="id")
        return given
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:24].strip("-")
    return slug or "x" + hashlib.sha1(name.encode()).hexdigest()[:8]
