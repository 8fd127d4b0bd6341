"""One way to open the SQLite files that keep what was acknowledged (a table's store and catalog,
a hub's journal): WAL mode, every commit synced to disk, shared between threads."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def open_durable(path: Path) -> sqlite3.Connection:
    """Open (creating its folder) the SQLite file at ``path`` in autocommit mode, WAL, and
    ``synchronous=FULL``; callers serialise their own use with a lock."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    return db
