"""Dreamblade miniatures entered by the players at a table (``companion/games/catalog_entries.py``).

An entry is a catalog file entry (``catalog.py``'s format) and is checked exactly like one. The
table's entries are merged over the catalog at set-up: they win on equal ids, so an entry that
fills in a shipped miniature's unknown values replaces it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.games.catalog_entries import TABLE_ENTRY, EntryKind
from companion.games.dreamblade.catalog import Catalog, miniature_from_data, miniature_to_data
from companion.games.dreamblade.miniature import Miniature

GAME = "dreamblade"
KIND = "miniature"


def entry_miniature(data: Mapping[str, Any]) -> Miniature:
    """The miniature an entry describes; ``DataFileError`` (field ``miniature.<field>``) if bad."""
    return miniature_from_data(TABLE_ENTRY, KIND, dict(data))


def check_miniature(data: Mapping[str, Any]) -> dict[str, Any]:
    return miniature_to_data(entry_miniature(data))


MINIATURE_ENTRIES = EntryKind(GAME, KIND, check_miniature)


def catalog_with_entries(catalog: Catalog, entries: Iterable[Mapping[str, Any]]) -> Catalog:
    """``catalog`` with the table's miniature entries merged over it."""
    return catalog.merged(Catalog(entry_miniature(entry) for entry in entries))
