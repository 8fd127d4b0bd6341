"""The hub's store: the event's journal in SQLite, one row per accepted operation.

Check-ins, drops, rounds with their pairings, results, confirmations, corrections, clock changes
and judge calls are appended as JSON; the tournament is the journal replayed. The database runs
in WAL mode with ``synchronous=FULL``: once ``append`` returns, the operation survives a killed
hub or a power cut, so a restarted hub resumes the round exactly where it was.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from companion.table.sqlite_file import open_durable

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS journal (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL
);
"""


class JournalError(RuntimeError):
    """The journal file is not one this hub can read."""


class Journal:
    """An append-only list of operations (``{"kind": ..., ...}``). Safe to share between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = open_durable(self.path)
        self._db.executescript(_SCHEMA)
        row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif row[0] != str(SCHEMA_VERSION):
            raise JournalError(f"{self.path}: hub schema {row[0]}, not {SCHEMA_VERSION}")

    def append(self, operation: dict[str, Any]) -> float:
        """Durably add ``operation``; returns its time."""
        at = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO journal (kind, data, at) VALUES (?, ?, ?)",
                (operation["kind"], json.dumps(operation, sort_keys=True), at),
            )
        return at

    def operations(self) -> list[tuple[dict[str, Any], float]]:
        """Every operation, oldest first, with its time."""
        with self._lock:
            rows = self._db.execute("SELECT data, at FROM journal ORDER BY seq").fetchall()
        return [(json.loads(data), at) for data, at in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()
