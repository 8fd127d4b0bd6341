"""Catalog entries players type in at a table: the contract between the games and the table.

A player whose miniature or card is missing from a game's catalog (or known only in part) enters
what is printed on it. The table keeps such entries in its own catalog (``companion/table``'s
``TableCatalog``: stored, exported and imported for every game at once); each game says here which
kinds of entries it takes and how one is checked, so the table never needs to know a game's
fields and games never import the table.

An ``EntryKind`` checks one entry with the same rules as the game's data files and returns it in
its normal form (a plain JSON-able mapping holding a text ``id``, its key within its kind, and a
text ``name``); a bad entry raises ``DataFileError`` naming the field and its problem (``code``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import DataFileError

# the "file" named by the errors of an entry typed at the table
TABLE_ENTRY = "table catalog entry"

Checker = Callable[[Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry a game takes from its players (``dreamblade`` / ``miniature``)."""

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


ENTRY_KINDS: dict[tuple[str, str], EntryKind] = {}


def register_entry_kind(kind: EntryKind) -> EntryKind:
    ENTRY_KINDS[(kind.game, kind.kind)] = kind
    return kind


def find_entry_kind(game: str, kind: str) -> EntryKind:
    """The entry kind ``kind`` of ``game``; ``KeyError`` if the game takes no such entries."""
    from companion.games import find_game

    find_game(game)  # imports the game's package, which registers its entry kinds
    try:
        return ENTRY_KINDS[(game, kind)]
    except KeyError:
        raise KeyError(f"game {game!r} takes no {kind!r} entries at the table") from None
