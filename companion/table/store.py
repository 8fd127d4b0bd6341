"""The durable game store: every accepted action is in SQLite before it is acknowledged.

One database per table holds every game it has seen. A game is its *record header* (the game's
``record()`` without its actions) plus an append-only log of entries: ``push`` (an action in
notation) and ``undo``. Replaying the log gives back the exact game, so a table that lost power
resumes where it was; finished games stay and export as records. A push also keeps, written with
it, what people read for it and when it was taken: its label (message key and parameters) and
the game's step (``Game.describe``), so history is never labelled again by a later state.

The database runs in WAL mode with ``synchronous=FULL``: once ``append_action`` returns, the action
survives a killed process or a power cut.
"""

from __future__ import annotations

import json
import secrets
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games import find_game
from companion.games.protocol import Action, Game, Label, Offer
from companion.table.proposers import CAMERA, JUDGE, SEAT_ROLE, Proposer, role, seat_of
from companion.table.sqlite_file import open_durable

SCHEMA_VERSION = 3

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
    role TEXT NOT NULL DEFAULT 'seat' CHECK (role IN ('seat', 'judge', 'camera')),
    label TEXT,
    step TEXT,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS pictures (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    first_seq INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    cell TEXT NOT NULL,
    before BLOB NOT NULL,
    after BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS pictures_by_game ON pictures (game_id, first_seq);
CREATE TABLE IF NOT EXISTS reasons (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS game_tags (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    piece TEXT NOT NULL,
    tag TEXT NOT NULL,
    PRIMARY KEY (game_id, piece)
);
"""
_ENTRY_COLUMNS = "game_id, seq, kind, action, seat, at, role, label, step"
_ENTRY_MARKS = ", ".join("?" * 9)
# Schema 1 kept the judge and the camera as seat names ('judge', 'camera' or none): schema 2 gives
# them their own column, so no player's name can be taken for them.
_MIGRATE_1_TO_2 = """
ALTER TABLE entries ADD COLUMN role TEXT NOT NULL DEFAULT 'seat'
    CHECK (role IN ('seat', 'judge', 'camera'));
UPDATE entries SET role='judge', seat=NULL WHERE seat='judge';
UPDATE entries SET role='camera', seat=NULL WHERE role='seat' AND (seat IS NULL OR seat='camera');
UPDATE meta SET value='2' WHERE key='schema';
"""
# Schema 3 keeps each push's label (JSON: key and params) and step, written with it. A store of
# schema 2 gets the columns and, once, the labels of its pushes worked out by replaying each
# game (``_label_old_entries``), in the same transaction as the schema change.
_MIGRATE_2_TO_3 = """
ALTER TABLE entries ADD COLUMN label TEXT;
ALTER TABLE entries ADD COLUMN step TEXT;
"""


class StoreError(RuntimeError):
    """The store cannot do what was asked (unknown game id, a game that is not in play...)."""


class StoreFullError(StoreError):
    """The disk (or the store's size limit) is full: nothing of the write was kept."""


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    status: str
    started_at: float
    finished_at: float | None
    winner: str | None


@dataclass
class Evidence:
    """The camera's pictures of one committed change — (cell, before JPEG, after JPEG) — kept in
    the transaction of the first action the change proposed; each further action of the same
    change extends their range of log entries in its own transaction."""

    cells: list[tuple[str, bytes, bytes]]
    first_seq: int | None = None  # the entry they were kept with (set once that is on disk)

    def keep(self, db: sqlite3.Connection, game_id: int, seq: int) -> None:
        """Write them for log entry ``seq`` (call inside that entry's transaction)."""
        if not self.cells:
            return
        if self.first_seq is None:
            db.executemany(
                "INSERT INTO pictures VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, seq, seq, cell, before, after) for cell, before, after in self.cells],
            )
        else:
            db.execute(
                "UPDATE pictures SET last_seq=? WHERE game_id=? AND first_seq=?",
                (seq, game_id, self.first_seq),
            )

    def kept(self, seq: int) -> None:
        """Log entry ``seq`` and these pictures are on disk."""
        if self.first_seq is None and self.cells:
            self.first_seq = seq


# What is written with a log entry, in its transaction: (the database, the entry's seq) → None.
KeptWith = Callable[[sqlite3.Connection, int], None]


def record_header(game: Game) -> dict[str, Any]:
    """The game's record without its actions: what the store keeps once per game."""
    header = dict(game.record())
    header.pop("actions", None)
    return header


class Store:
    """The event store of one table. Safe to share between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = open_durable(self.path)
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)  # idempotent; executescript manages its own transaction
        if self._schema() == "1":
            try:
                self._db.executescript(f"BEGIN IMMEDIATE;{_MIGRATE_1_TO_2}COMMIT;")
            except sqlite3.Error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        if self._schema() == "2":
            with self.transaction() as db:
                for statement in _MIGRATE_2_TO_3.split(";"):
                    if statement.strip():
                        db.execute(statement)
                _label_old_entries(db)
                db.execute("UPDATE meta SET value='3' WHERE key='schema'")
        with self.transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif row[0] != str(SCHEMA_VERSION):
                raise StoreError(
                    f"{self.path}: store schema {row[0]} is not the supported {SCHEMA_VERSION}"
                )
            # A new store is a new identity: secrets derived from it (join tokens, sessions)
            # of a deleted store are never valid again.
            db.execute(
                "INSERT OR IGNORE INTO meta VALUES ('store_id', ?)", (secrets.token_hex(16),)
            )
            (self.store_id,) = db.execute("SELECT value FROM meta WHERE key='store_id'").fetchone()

    def _schema(self) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction on the store's file (``BEGIN IMMEDIATE``): everything written in
        it is kept together or not at all (the table's session keeps its tables here too)."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.OperationalError as error:
                if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
                    raise StoreFullError(f"{self.path}: the disk is full") from error
                raise

    # -- writing -------------------------------------------------------------------------------

    def start_game(self, game: Game) -> int:
        """Store a new game (with any actions it already has) and return its id."""
        with self.transaction() as db:
            return self.insert_game(db, game)

    @staticmethod
    def insert_game(
        db: sqlite3.Connection, game: Game, tags: Mapping[str, str] | None = None
    ) -> int:
        """Write a new game (with any actions it already has) and the tags its pieces wear
        (piece → tag text, ``tags``) in the caller's transaction (``transaction``); its id."""
        cursor = db.execute(
            "INSERT INTO games (game, header, started_at, status) VALUES (?, ?, ?, 'playing')",
            (game.name, json.dumps(record_header(game)), time.time()),
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        actions = game.actions
        replay = type(game).from_record({**record_header(game), "actions": []}) if actions else game
        for seq, action in enumerate(actions, start=1):
            label, step = _described(replay.describe(action))
            replay.push(action)
            db.execute(
                f"INSERT INTO entries ({_ENTRY_COLUMNS}) VALUES ({_ENTRY_MARKS})",
                (game_id, seq, "push", str(action), None, time.time(), role(CAMERA), label, step),
            )
        db.executemany(
            "INSERT INTO game_tags VALUES (?, ?, ?)",
            [(game_id, piece, tag) for piece, tag in sorted((tags or {}).items())],
        )
        return game_id

    def append_action(
        self,
        game_id: int,
        action: Action,
        by: Proposer = CAMERA,
        evidence: Evidence | None = None,
        kept_with: KeptWith | None = None,
        *,
        offer: Offer | None = None,
        reason: Label | None = None,
    ) -> dict[str, Any]:
        """Durably log an accepted action proposed ``by`` a seat or an authority, with the
        camera's ``evidence`` for it in the same transaction (both kept, or neither), and what
        ``kept_with`` writes (called in that transaction with the database and the entry's seq:
        a remote host's answer to the proposal). ``offer``: the action as the game described it
        when it was taken (``Game.describe``, before the push): its label and step are kept with
        it. ``reason``: why a computer seat chose it (``companion.games.ai_seat.Choice``), kept in
        the same transaction and given with the entry. Returns the log entry (as ``log`` gives
        it) only once it is on disk."""
        label, step = _described(offer) if offer is not None else (None, None)
        if reason is not None:
            kept_with = _with_reason(reason, kept_with, game_id)
        entry = self._append(game_id, "push", str(action), by, evidence, kept_with, label, step)
        if reason is not None:
            entry["reason"] = reason.to_json()
        return entry

    def append_undo(
        self, game_id: int, by: Proposer = CAMERA, kept_with: KeptWith | None = None
    ) -> dict[str, Any]:
        return self._append(game_id, "undo", None, by, kept_with=kept_with)

    def _append(
        self,
        game_id: int,
        kind: str,
        action: str | None,
        by: Proposer,
        evidence: Evidence | None = None,
        kept_with: KeptWith | None = None,
        label: str | None = None,
        step: str | None = None,
    ) -> dict[str, Any]:
        at = time.time()
        with self.transaction() as db:
            self._require_playing(db, game_id)
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id=?", (game_id,)
            ).fetchone()
            seq = last + 1
            db.execute(
                f"INSERT INTO entries ({_ENTRY_COLUMNS}) VALUES ({_ENTRY_MARKS})",
                (game_id, seq, kind, action, seat_of(by), at, role(by), label, step),
            )
            if evidence is not None:
                evidence.keep(db, game_id, seq)
            if kept_with is not None:
                kept_with(db, seq)
        return _entry(seq, kind, action, seat_of(by), role(by), at, label, step)

    def finish(self, game_id: int, winner: str | None) -> None:
        self._end(game_id, "finished", winner)

    def abandon(self, game_id: int) -> None:
        self._end(game_id, "abandoned", None)

    def reopen(self, game_id: int) -> None:
        """Put a finished game back in play (the judge took back its last action)."""
        with self.transaction() as db:
            db.execute(
                "UPDATE games SET status='playing', winner=NULL, finished_at=NULL WHERE id=?",
                (game_id,),
            )

    def _end(self, game_id: int, status: str, winner: str | None) -> None:
        with self.transaction() as db:
            self.end_game(db, game_id, status, winner)

    @classmethod
    def end_game(
        cls, db: sqlite3.Connection, game_id: int, status: str, winner: str | None
    ) -> None:
        """Mark a game in play ``finished`` or ``abandoned`` in the caller's transaction."""
        cls._require_playing(db, game_id)
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

    def rows(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read-only query (the table's session reads its own tables so)."""
        with self._lock:
            return [tuple(row) for row in self._db.execute(query, params).fetchall()]

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

    def tags(self, game_id: int) -> dict[str, str]:
        """The tags shown for a game's pieces at its set-up (piece → tag text, docs/formats.md
        "Tag registry"); none: every piece wears its default serial."""
        with self._lock:
            rows = self._db.execute(
                "SELECT piece, tag FROM game_tags WHERE game_id=? ORDER BY piece", (game_id,)
            ).fetchall()
        return {str(piece): str(tag) for piece, tag in rows}

    # -- pictures: the camera's evidence for disputes (companion/camera/evidence.py) -----------

    def pictures(self, game_id: int, seq: int) -> list[tuple[str, bytes, bytes]]:
        """The pictures of one log entry: (cell, before JPEG, after JPEG)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT cell, before, after FROM pictures WHERE game_id=? AND first_seq<=? "
                "AND last_seq>=? ORDER BY cell",
                (game_id, seq, seq),
            ).fetchall()
        return [(cell, bytes(before), bytes(after)) for cell, before, after in rows]

    def pictured_entries(self, game_id: int) -> set[int]:
        """The log entries of a game that have pictures."""
        with self._lock:
            rows = self._db.execute(
                "SELECT DISTINCT first_seq, last_seq FROM pictures WHERE game_id=?", (game_id,)
            ).fetchall()
        return {seq for first, last in rows for seq in range(first, last + 1)}

    def pictures_size(self, game_id: int) -> int:
        """Bytes of picture data kept with a game."""
        with self._lock:
            (size,) = self._db.execute(
                "SELECT COALESCE(SUM(LENGTH(before) + LENGTH(after)), 0) FROM pictures "
                "WHERE game_id=?",
                (game_id,),
            ).fetchone()
        return int(size)

    def log(self, game_id: int) -> list[dict[str, Any]]:
        """Every entry of a game, undos included, for the event log and audits: ``by`` is
        ``seat`` (then ``seat`` names it), ``judge`` or ``camera``; a push's ``label`` (key and
        params, ``None`` for one appended without its game's description) and ``step`` as they
        were written with it. A push taken back is marked ``undone``; an undo names the push it
        took back (``undoes``: its seq, action, seat, by and label)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT e.seq, kind, action, seat, at, role, label, step, r.reason "
                "FROM entries e LEFT JOIN reasons r ON r.game_id=e.game_id AND r.seq=e.seq "
                "WHERE e.game_id=? ORDER BY e.seq",
                (game_id,),
            ).fetchall()
        entries: list[dict[str, Any]] = []
        in_effect: list[dict[str, Any]] = []
        for seq, kind, action, seat, at, by, label, step, reason in rows:
            entry = _entry(seq, kind, action, seat, by, at, label, step)
            if reason is not None:  # a computer seat's why (issue 35)
                entry["reason"] = Label.from_json(json.loads(reason)).to_json()
            if kind == "push":
                entry["undone"] = False
                in_effect.append(entry)
            elif in_effect:
                taken = in_effect.pop()
                taken["undone"] = True
                entry["undoes"] = undone_part(taken)
            entries.append(entry)
        return entries

    def load(self, game_id: int) -> Game:
        """Rebuild the game by replaying its record."""
        stored = next((g for g in self.games() if g.id == game_id), None)
        if stored is None:
            raise StoreError(f"no game {game_id} in the store")
        return find_game(stored.game).from_record(self.record(game_id))


UNDONE_FIELDS = ("seq", "action", "seat", "by", "label")


def undone_part(entry: dict[str, Any]) -> dict[str, Any]:
    """What an undo's entry says of the push it took back (``undoes``)."""
    return {key: entry[key] for key in UNDONE_FIELDS}


def _entry(
    seq: int,
    kind: str,
    action: str | None,
    seat: str | None,
    by: str,
    at: float,
    label: str | None,
    step: str | None,
) -> dict[str, Any]:
    """A log entry as ``Store.log`` gives it: the label read back from its JSON column."""
    return {
        "seq": seq,
        "kind": kind,
        "action": action,
        "seat": seat,
        "by": by,
        "at": at,
        "label": None if label is None else Label.from_json(json.loads(label)).to_json(),
        "step": step,
    }


def _with_reason(reason: Label, then: KeptWith | None, game_id: int) -> KeptWith:
    text = json.dumps(reason.to_json(), sort_keys=True)

    def keep(db: sqlite3.Connection, seq: int) -> None:
        db.execute("INSERT INTO reasons VALUES (?, ?, ?)", (game_id, seq, text))
        if then is not None:
            then(db, seq)

    return keep


def _described(offer: Offer) -> tuple[str, str]:
    """An action's label (as the JSON column keeps it) and step."""
    return json.dumps(offer.label.to_json(), sort_keys=True), offer.step


def _label_old_entries(db: sqlite3.Connection) -> None:
    """Label, once, the pushes of a store written before labels were kept: each game replayed
    from its record, every push described in the state it was taken in. A game that does not
    replay keeps its entries unlabelled from the first one that fails (the phones then show
    such an entry as written)."""
    games = db.execute("SELECT id, game, header FROM games").fetchall()
    for game_id, name, header in games:
        rows = db.execute(
            "SELECT seq, kind, action FROM entries WHERE game_id=? ORDER BY seq", (game_id,)
        ).fetchall()
        try:
            game = find_game(name).from_record({**json.loads(header), "actions": []})
        except Exception:  # an unreadable old game stays unlabelled
            continue
        for seq, kind, action in rows:
            try:
                if kind == "push":
                    parsed = game.parse_action(action)
                    label, step = _described(game.describe(parsed))
                    game.push(parsed)
                    db.execute(
                        "UPDATE entries SET label=?, step=? WHERE game_id=? AND seq=?",
                        (label, step, game_id, seq),
                    )
                else:
                    game.pop()
            except Exception:  # the rest of this game stays unlabelled
                break


# -- opening a damaged store ---------------------------------------------------------------------


@dataclass(frozen=True)
class Recovery:
    """What opening a damaged store did: where the damaged file was copied, and what of it could
    not be kept (a game whose record is unreadable, or a game's entries from the first one that
    cannot be read or replayed)."""

    damaged_copy: Path
    reason: str
    kept_games: int
    set_aside: tuple[str, ...]

    def about(self) -> dict[str, Any]:
        """The recovery as a flag's data: the damaged copy's file name, the games recovered and
        what was set aside (the entries' English descriptions, for logs; the panel counts them)."""
        return {
            "copy": self.damaged_copy.name,
            "games": self.kept_games,
            "set_aside": list(self.set_aside),
        }

    def summary(self) -> str:
        lost = "; ".join(self.set_aside) if self.set_aside else "nothing else was lost"
        return (
            f"the store could not be read whole ({self.reason}): it was copied to "
            f"{self.damaged_copy.name}, {self.kept_games} game(s) recovered; set aside: {lost}"
        )


def open_store(path: str | Path) -> tuple[Store, Recovery | None]:
    """The store at ``path``, ready for the table. A store that cannot be read whole (a damaged
    file, a row the game cannot replay) is copied aside and rebuilt from every game and entry
    that can still be read, so the table always starts; the ``Recovery`` says what was lost."""
    path = Path(path)
    try:
        store = Store(path)
    except (sqlite3.DatabaseError, StoreError) as error:
        return _recover(path, str(error))
    problem = _damage(store)
    if problem is None:
        return store, None
    store.close()
    return _recover(path, problem)


def _damage(store: Store) -> str | None:
    """Why ``store`` cannot be used as it is, or ``None``: an integrity failure, or a game in play
    whose log does not replay."""
    try:
        with store._lock:
            (result,) = store._db.execute("PRAGMA quick_check").fetchone()
        if result != "ok":
            return f"integrity check: {result}"
        playing = store.unfinished()
        if playing is not None:
            store.load(playing.id)
    except Exception as error:  # any failure to read or replay: recover what can be read
        return f"{type(error).__name__}: {error}"
    return None


_SIDE_FILES = ("", "-wal", "-shm")


def _recover(path: Path, reason: str) -> tuple[Store, Recovery]:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    damaged = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in _SIDE_FILES:  # the log and index files belong with the file
        part = Path(f"{path}{suffix}")
        if part.exists():
            shutil.copy2(part, f"{damaged}{suffix}")
            part.unlink()
    games, store_id, set_aside = _readable_games(damaged)
    others = _other_tables(damaged, set_aside)
    store = Store(path)
    with store.transaction() as db:
        if store_id is not None:
            db.execute("UPDATE meta SET value=? WHERE key='store_id'", (store_id,))
            store.store_id = store_id
        for game in games:
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", game.row)
            db.executemany(
                f"INSERT INTO entries ({_ENTRY_COLUMNS}) VALUES ({_ENTRY_MARKS})",
                game.entries,
            )
        for create, name, rows in others:
            db.execute(create)
            if rows:
                marks = ", ".join("?" * len(rows[0]))
                db.executemany(f'INSERT OR IGNORE INTO "{name}" VALUES ({marks})', rows)
    return store, Recovery(damaged, reason, len(games), tuple(set_aside))


_OWN_TABLES = ("meta", "games", "entries")


def _other_tables(
    damaged: Path, set_aside: list[str]
) -> list[tuple[str, str, list[tuple[Any, ...]]]]:
    """The other tables kept in the store's file (the table catalog's): how each is made and
    every row that can be read."""
    try:
        db = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
        tables = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='table' AND sql IS NOT NULL"
        ).fetchall()
    except sqlite3.DatabaseError:
        return []
    found = []
    for name, create in tables:
        if name in _OWN_TABLES or name.startswith("sqlite_"):
            continue
        rows: list[tuple[Any, ...]] = []
        rowid, misses = 0, 0
        while misses < MISSES_BEFORE_GIVING_UP:
            rowid += 1
            row = _read_one(db, f'SELECT * FROM "{name}" WHERE rowid=?', (rowid,), whole=True)
            misses = misses + 1 if row is None else 0
            if row is not None:
                rows.append(row)
        try:
            (count,) = db.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()
        except sqlite3.DatabaseError:
            count = None
        if count is None or count > len(rows):
            set_aside.append(f"{name}: {'some' if count is None else count - len(rows)} rows")
        found.append(
            (create.replace("CREATE TABLE ", "CREATE TABLE IF NOT EXISTS ", 1), name, rows)
        )
    db.close()
    return found


@dataclass(frozen=True)
class _Salvaged:
    row: tuple[Any, ...]
    entries: list[tuple[Any, ...]]


def _readable_games(damaged: Path) -> tuple[list[_Salvaged], str | None, list[str]]:
    """Every game of the damaged file whose header reads, with its entries up to the first one
    that cannot be read or replayed; and what was set aside."""
    set_aside: list[str] = []
    try:
        db = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
    except sqlite3.DatabaseError as error:
        return [], None, [f"the whole file ({error})"]
    with db:
        store_id = _read_one(db, "SELECT value FROM meta WHERE key='store_id'", ())
        ids = _game_ids(db)
        if not ids:
            return [], store_id, ["every game (the list of games is unreadable)"]
        entries = _readable_entries(db)
        games = []
        for game_id in ids:
            salvaged = _salvage(db, game_id, entries.get(game_id, {}), set_aside)
            if salvaged is not None:
                games.append(salvaged)
    db.close()
    return games, store_id, set_aside


def _salvage(
    db: sqlite3.Connection,
    game_id: int,
    entries: dict[int, tuple[Any, ...]],
    set_aside: list[str],
) -> _Salvaged | None:
    row = _read_one(db, "SELECT * FROM games WHERE id=?", (game_id,), whole=True)
    try:
        if row is None:
            raise StoreError("unreadable")
        game = find_game(row[1]).from_record({**json.loads(row[2]), "actions": []})
    except Exception:
        set_aside.append(f"game {game_id} (its record cannot be read)")
        return None
    count = max(entries, default=0)
    kept: list[tuple[Any, ...]] = []
    for seq in range(1, count + 1):
        entry = entries.get(seq)
        replayed = None if entry is None else _replays(game, entry)
        if replayed is None:
            set_aside.append(f"game {game_id}: {count - seq + 1} of {count} entries")
            break
        kept.append(replayed)
    status, winner = row[6], row[5]
    if status == "finished" and game.winner() is None:
        status, winner = "playing", None  # its winning entry was set aside
    return _Salvaged((*row[:5], winner, status), kept)


MISSES_BEFORE_GIVING_UP = 1000


def _readable_entries(db: sqlite3.Connection) -> dict[int, dict[int, tuple[Any, ...]]]:
    """Every entry row that can be read, by game and sequence number: read row by row through
    the table itself (never its index, which may be the damaged part)."""
    found: dict[int, dict[int, tuple[Any, ...]]] = {}
    rowid, misses = 0, 0
    while misses < MISSES_BEFORE_GIVING_UP:
        rowid += 1
        entry = _read_one(db, "SELECT * FROM entries WHERE rowid=?", (rowid,), whole=True)
        if entry is None:
            misses += 1
            continue
        misses = 0
        if isinstance(entry[0], int) and isinstance(entry[1], int):
            found.setdefault(entry[0], {})[entry[1]] = _as_schema_2(entry)
    return found


def _as_schema_2(entry: tuple[Any, ...]) -> tuple[Any, ...]:
    """An entry row of either schema as schema 2's (a schema 1 row names no role)."""
    if len(entry) > 6:
        return entry[:7]
    game_id, seq, kind, action, seat, at = entry
    if seat in (None, CAMERA.value, JUDGE.value):
        return (game_id, seq, kind, action, None, at, seat or CAMERA.value)
    return (*entry, SEAT_ROLE)


def _replays(game: Game, entry: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The entry (a schema 2 row) replayed on ``game``, as a row of this schema with its label
    and step; ``None`` if it does not replay."""
    kind, action = entry[2], entry[3]
    label: str | None = None
    step: str | None = None
    try:
        if kind == "push" and isinstance(action, str):
            parsed = game.parse_action(action)
            label, step = _described(game.describe(parsed))
            game.push(parsed)
        elif kind == "undo" and game.actions:
            game.pop()
        else:
            return None
    except Exception:
        return None
    return (*entry, label, step)


def _read_one(
    db: sqlite3.Connection, query: str, params: tuple[Any, ...], *, whole: bool = False
) -> Any:
    """One row (``whole``) or one value, ``None`` if the damaged file cannot give it."""
    try:
        row = db.execute(query, params).fetchone()
    except sqlite3.DatabaseError:
        return None
    if row is None:
        return None
    return tuple(row) if whole else row[0]


def _game_ids(db: sqlite3.Connection) -> list[int]:
    """The ids of the games: listed, else every id up to the highest one ever given (probed one
    by one, so a damaged page loses only the games on it)."""
    try:
        return [game_id for (game_id,) in db.execute("SELECT id FROM games ORDER BY id")]
    except sqlite3.DatabaseError:
        pass
    highest = _read_one(db, "SELECT seq FROM sqlite_sequence WHERE name='games'", ())
    if not isinstance(highest, int):
        highest = _read_one(db, "SELECT MAX(game_id) FROM entries", ())
    return list(range(1, highest + 1)) if isinstance(highest, int) else []
