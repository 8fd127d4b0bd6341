"""The values a table's players read off their printed maps, remembered in the table's store.

A map whose file leaves key-cell values unknown has them typed in at set-up (or given during a
game). The table keeps them per printed map — the game names the map by a key of its own — and
offers them at the next set-up, so a table's players type them once; whoever sets up may still
change them there, and the new values are kept instead.

The values live in the same SQLite file as the table's games (their own table in it, written
with the store's durability).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping

from companion.table.store import Store

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS printed_map_values ("
    "map TEXT NOT NULL, cell TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (map, cell))"
)


class PrintedMaps:
    """The values read off each printed map at this table. Safe to share between threads (the
    store's transactions serialise every change)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        with store.transaction() as db:
            db.execute(_SCHEMA)

    def values(self, map_key: str) -> dict[str, int]:
        """Cell → the value last read off the printed map ``map_key`` ({} when never)."""
        rows = self.store.rows(
            "SELECT cell, value FROM printed_map_values WHERE map=? ORDER BY cell", (map_key,)
        )
        return {cell: int(value) for cell, value in rows}

    def remember(self, map_key: str, values: Mapping[str, int]) -> None:
        """Keep ``values`` (cell → value) for the printed map ``map_key``, over those kept."""
        with self.store.transaction() as db:
            write_values(db, [(map_key, values)])


def write_values(db: sqlite3.Connection, read: Iterable[tuple[str, Mapping[str, int]]]) -> None:
    """``remember`` each (printed map key, values read off it), in order, in the caller's store
    transaction (``Table.start_game``: the values typed for a game are kept as it starts)."""
    read = list(read)
    if read:
        db.execute(_SCHEMA)  # no panel opened the values on this file yet
    for map_key, values in read:
        db.executemany(
            "INSERT OR REPLACE INTO printed_map_values VALUES (?, ?, ?)",
            [(map_key, cell, int(value)) for cell, value in values.items()],
        )
