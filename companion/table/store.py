"""The durable game store: every accepted action is in SQLite before it is acknowledged.

One database per table holds every game it has seen. A game is its *record header* (the game's
``record()`` without its actions) plus an append-only log of entries: ``push`` (an action in
notation) and ``undo``. Replaying the log gives back the exact game, so a table that lost power
resumes where it was; finished games stay and export as records.

The database runs in WAL mode with ``synchronous=FULL``: once ``append_action`` returns, the action
survives a killed process or a power cut.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games import find_game
from companion.games.protocol import Action, Game

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    header TEXT NOT NULL,
    started_at REAL NOT NULL,
    finished_at REAL,
    winner TEXT,
    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned'))
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('push', 'undo')),
    action TEXT,
    seat TEXT,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StoreError(RuntimeError):
    """The store cannot do what was asked (unknown game id, a game that is not in play...)."""


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    status: str
    started_at: float
    finished_at: float | None
    winner: str | None


def record_header(game: Game) -> dict[str, Any]:
    """The game's record without its actions: what the store keeps once per game."""
    header = dict(game.record())
    header.pop("actions", None)
    return header


class Store:
    """The event store of one table. Safe to share between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)  # idempotent; executescript manages its own transaction
        with self._transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif int(row[0]) != SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path}: store schema {row[0]} is not the supported {SCHEMA_VERSION}"
                )

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

    def start_game(self, game: Game) -> int:
        """Store a new game (with any actions it already has) and return its id."""
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, header, started_at, status) VALUES (?, ?, ?, 'playing')",
                (game.name, json.dumps(record_header(game)), time.time()),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            for seq, action in enumerate(game.actions, start=1):
                db.execute(
                    "INSERT INTO entries VALUES (?, ?, 'push', ?, NULL, ?)",
                    (game_id, seq, str(action), time.time()),
                )
        return game_id

    def append_action(self, game_id: int, action: Action, seat: str | None = None) -> None:
        """Durably log an accepted action. Returns only once it is on disk."""
        self._append(game_id, "push", str(action), seat)

    def append_undo(self, game_id: int, seat: str | None = None) -> None:
        self._append(game_id, "undo", None, seat)

    def _append(self, game_id: int, kind: str, action: str | None, seat: str | None) -> None:
        with self._transaction() as db:
            self._require_playing(db, game_id)
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id=?", (game_id,)
            ).fetchone()
            db.execute(
                "INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, last + 1, kind, action, seat, time.time()),
            )

    def finish(self, game_id: int, winner: str | None) -> None:
        self._end(game_id, "finished", winner)

    def abandon(self, game_id: int) -> None:
        self._end(game_id, "abandoned", None)

    def reopen(self, game_id: int) -> None:
        """Put a finished game back in play (the judge took back its last action)."""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status='playing', winner=NULL, finished_at=NULL WHERE id=?",
                (game_id,),
            )

    def _end(self, game_id: int, status: str, winner: str | None) -> None:
        with self._transaction() as db:
            self._require_playing(db, game_id)
            db.execute(
                "UPDATE games SET status=?, winner=?, finished_at=? WHERE id=?",
                (status, winner, time.time(), game_id),
            )

    @staticmethod
    def _require_playing(db: sqlite3.Connection, game_id: int) -> None:
        row = db.execute("SELECT status FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"no game {game_id} in the store")
        if row[0] != "playing":
            raise StoreError(f"game {game_id} is {row[0]}, not in play")

    # -- reading -------------------------------------------------------------------------------

    def games(self) -> list[StoredGame]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, status, started_at, finished_at, winner FROM games ORDER BY id"
            ).fetchall()
        return [StoredGame(*row) for row in rows]

    def unfinished(self) -> StoredGame | None:
        """The newest game still in play, if any."""
        playing = [g for g in self.games() if g.status == "playing"]
        return playing[-1] if playing else None

    def record(self, game_id: int) -> dict[str, Any]:
        """The game's record (header plus the effective action list, undos applied)."""
        with self._lock:
            row = self._db.execute("SELECT header FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game {game_id} in the store")
            entries = self._db.execute(
                "SELECT kind, action FROM entries WHERE game_id=? ORDER BY seq", (game_id,)
            ).fetchall()
        actions: list[str] = []
        for kind, action in entries:
            if kind == "push":
                actions.append(action)
            elif actions:
                actions.pop()
        record: dict[str, Any] = json.loads(row[0])
        record["actions"] = actions
        return record

    def log(self, game_id: int) -> list[dict[str, Any]]:
        """Every entry of a game, undos included, for the event log and audits."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, kind, action, seat, at FROM entries WHERE game_id=? ORDER BY seq",
                (game_id,),
            ).fetchall()
        return [
            {"seq": seq, "kind": kind, "action": action, "seat": seat, "at": at}
            for seq, kind, action, seat, at in rows
        ]

    def load(self, game_id: int) -> Game:
        """Rebuild the game by replaying its record."""
        stored = next((g for g in self.games() if g.id == game_id), None)
        if stored is None:
            raise StoreError(f"no game {game_id} in the store")
        return find_game(stored.game).from_record(self.record(game_id))
