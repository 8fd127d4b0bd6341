"""The table's own catalog: entries its players typed in, for every game, kept in the table's store.

A player whose miniature or card is missing from a game's catalog (or known only in part) enters
what is printed on it; the game checks the entry (``companion/games/catalog_entries.py``) and the
table keeps it here, per game and kind, with who entered it (seat and name) and when. The games
merge these entries into their catalogs at set-up. The whole table catalog — every game — is
exported and imported as one JSON document (docs/formats.md "Table catalog"), so a store's players
can share what they typed in. An import is checked whole first: all of it or nothing.

The entries live in the same SQLite file as the table's games (their own table in it, written with
the store's durability: WAL, ``synchronous=FULL``).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.games import find_entry_kind
from companion.table.sqlite_file import open_durable

FORMAT = "companion-table-catalog"
VERSION = 1
MAX_NAME = 40

_SCHEMA = """
CREATE TABLE IF NOT EXISTS catalog_entries (
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    seat TEXT,
    name TEXT,
    entered_at REAL NOT NULL,
    revision INTEGER NOT NULL,
    PRIMARY KEY (game, kind, id)
);
"""


@dataclass(frozen=True)
class EnteredBy:
    """Who typed an entry in: the seat (``None`` for the table's own screen or an import with no
    seat) and the player's name as the table knew it."""

    seat: str | None
    name: str | None

    def to_json(self) -> dict[str, str | None]:
        return {"seat": self.seat, "name": self.name}


@dataclass(frozen=True)
class TableEntry:
    game: str
    kind: str
    data: dict[str, Any]
    entered_by: EnteredBy
    entered_at: float

    @property
    def id(self) -> str:
        entry_id: str = self.data["id"]
        return entry_id

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "id": self.id,
            "entered_by": self.entered_by.to_json(),
            "entered_at": _iso(self.entered_at),
            "data": self.data,
        }


@dataclass(frozen=True)
class ImportReport:
    added: int
    replaced: int
    unchanged: int


def checked_entry(
    game: str, kind: str, data: object, entered_by: EnteredBy, entered_at: float
) -> TableEntry:
    """An entry as its game checks it. Raises ``KeyError`` (no such game or kind) or
    ``DataFileError`` (the game's own checks)."""
    return TableEntry(game, kind, find_entry_kind(game, kind).checked(data), entered_by, entered_at)


class TableCatalog:
    """The entries of one table's catalog, in the store's SQLite file. Safe to share between
    threads; another process (``companion catalog import``) may write the same file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = open_durable(self.path)
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -- writing -------------------------------------------------------------------------------

    def add(self, game: str, kind: str, data: object, entered_by: EnteredBy) -> TableEntry:
        """Check ``data`` with its game and keep it, replacing an entry with the same id."""
        entry = checked_entry(game, kind, data, entered_by, time.time())
        with self._transaction() as db:
            _put(db, entry)
        return entry

    def import_document(self, document: object) -> ImportReport:
        """Merge an exported table catalog: every entry is checked first, then all are kept
        (an entry replaces the one with the same game, kind and id) — or, on any problem, none."""
        entries = read_document(document)
        added = replaced = unchanged = 0
        with self._transaction() as db:
            for entry in entries:
                row = db.execute(
                    "SELECT data FROM catalog_entries WHERE game=? AND kind=? AND id=?",
                    (entry.game, entry.kind, entry.id),
                ).fetchone()
                if row is not None and json.loads(row[0]) == entry.data:
                    unchanged += 1
                    continue
                added, replaced = (added + 1, replaced) if row is None else (added, replaced + 1)
                _put(db, entry)
        return ImportReport(added, replaced, unchanged)

    def remove(self, game: str, kind: str, entry_id: str) -> bool:
        with self._transaction() as db:
            cursor = db.execute(
                "DELETE FROM catalog_entries WHERE game=? AND kind=? AND id=?",
                (game, kind, entry_id),
            )
            return cursor.rowcount > 0

    # -- reading -------------------------------------------------------------------------------

    def entries(self, game: str | None = None, kind: str | None = None) -> list[TableEntry]:
        """The entries (of ``game`` and ``kind`` when given), by game, kind and id."""
        with self._lock:
            rows = self._db.execute(
                "SELECT game, kind, data, seat, name, entered_at FROM catalog_entries "
                "WHERE (? IS NULL OR game=?) AND (? IS NULL OR kind=?) ORDER BY game, kind, id",
                (game, game, kind, kind),
            ).fetchall()
        return [
            TableEntry(g, k, json.loads(data), EnteredBy(seat, name), at)
            for g, k, data, seat, name, at in rows
        ]

    def revision(self) -> tuple[int, int]:
        """Changes whenever an entry is added, replaced or removed (by any process)."""
        with self._lock:
            row = self._db.execute(
                "SELECT COALESCE(MAX(revision), 0), COUNT(*) FROM catalog_entries"
            ).fetchone()
        return int(row[0]), int(row[1])

    def export(self, table_name: str = "") -> dict[str, Any]:
        """The whole table catalog as one JSON document (``import_document`` reads it back)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "table": table_name,
            "exported_at": _iso(time.time()),
            "entries": [entry.to_json() for entry in self.entries()],
        }


def write_entries(db: sqlite3.Connection, entries: Iterable[TableEntry]) -> None:
    """Keep ``entries`` (checked: ``checked_entry``) in the caller's transaction on the store's
    file (``Table.start_game``: the cards a set-up typed in start with its game, or not at all)."""
    entries = list(entries)
    if entries:
        db.execute(_SCHEMA)  # one statement: the table, if no catalog was opened on this file yet
    for entry in entries:
        _put(db, entry)


def _put(db: sqlite3.Connection, entry: TableEntry) -> None:
    (revision,) = db.execute(
        "SELECT COALESCE(MAX(revision), 0) + 1 FROM catalog_entries"
    ).fetchone()
    db.execute(
        "INSERT OR REPLACE INTO catalog_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            entry.game,
            entry.kind,
            entry.id,
            json.dumps(entry.data, ensure_ascii=False, sort_keys=True),
            entry.entered_by.seat,
            entry.entered_by.name,
            entry.entered_at,
            revision,
        ),
    )


# -- the exported document ------------------------------------------------------------------------

DOCUMENT = "table catalog"


def read_document(document: object) -> list[TableEntry]:
    """Every entry of an exported table catalog, each checked by its game; ``DataFileError``
    naming the first problem (``entries[3].data.power``) otherwise."""
    if not isinstance(document, Mapping):
        raise DataFileError(DOCUMENT, "", "a JSON object (an exported table catalog)")
    if document.get("format") != FORMAT:
        raise DataFileError(DOCUMENT, "format", f"'{FORMAT}'", code="format")
    if document.get("version") != VERSION:
        raise DataFileError(DOCUMENT, "version", f"{VERSION}", code="format")
    raw = document.get("entries")
    if not isinstance(raw, list):
        raise DataFileError(DOCUMENT, "entries", "a list of entries")
    entries: list[TableEntry] = []
    seen: set[tuple[str, str, str]] = set()
    for index, item in enumerate(raw):
        entry = _read_entry(f"entries[{index}]", item)
        key = (entry.game, entry.kind, entry.id)
        if key in seen:
            raise DataFileError(DOCUMENT, f"entries[{index}].id", "an id not used before")
        seen.add(key)
        entries.append(entry)
    return entries


def _read_entry(where: str, item: object) -> TableEntry:
    if not isinstance(item, Mapping):
        raise DataFileError(DOCUMENT, where, "an object with game, kind, entered_by, data")
    game, kind = item.get("game"), item.get("kind")
    if not isinstance(game, str) or not isinstance(kind, str):
        raise DataFileError(DOCUMENT, f"{where}.game", "the game and kind of the entry")
    who = item.get("entered_by", {})
    if not isinstance(who, Mapping) or not all(
        value is None or (isinstance(value, str) and len(value) <= MAX_NAME)
        for value in (who.get("seat"), who.get("name"))
    ):
        raise DataFileError(DOCUMENT, f"{where}.entered_by", "a seat and a name (or null)")
    try:
        at = datetime.fromisoformat(str(item.get("entered_at"))).timestamp()
    except ValueError:
        raise DataFileError(DOCUMENT, f"{where}.entered_at", "an ISO 8601 time") from None
    try:
        entered_by = EnteredBy(who.get("seat"), who.get("name"))
        entry = checked_entry(game, kind, item.get("data"), entered_by, at)
    except KeyError as exc:
        raise DataFileError(DOCUMENT, f"{where}.kind", str(exc.args[0])) from None
    except DataFileError as exc:
        field = f"{where}.data.{exc.field}" if exc.field else f"{where}.data"
        raise DataFileError(
            DOCUMENT, field, exc.expected, code=exc.code, params=exc.params
        ) from None
    if item.get("id", entry.id) != entry.id:
        raise DataFileError(DOCUMENT, f"{where}.id", f"the id of its data ({entry.id})")
    return entry


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds")
