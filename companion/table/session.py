"""The table's session: who plays here and which phones hold their seats, who may set up a game,
the seats' names and colours, the round clock and the label registrations of the players a
tournament hub seated here — all kept in the table's SQLite store (``Store.transaction``), so a
restarted table knows them and nothing lives in side files.

**The seat rule.** Every game the table starts records its *lineup*: the players' names by seat
and whether a tournament hub paired them (``Lineup``). A phone holds a seat for one game. When a
game replaces another, ``carries_seats`` decides: the same players' next game at this table (a
set-up with the same names) keeps their phones; a game set up for other players (other names)
or any hub pairing never does — every phone of the game replaced is unseated, and the codes
shown for it can no longer be used.

**Join codes.** A code names one seat of one game and carries a nonce and a MAC made with the
session's own key (kept in the store), so it cannot be guessed or altered; it is short enough to
type (``7.A.k3mz9qw2xp4tbc1d``). The first phone to use it holds the seat; a photo of the code
seats nobody else.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.settings import ClockSettings, SeatSettings
from companion.table.clock import MatchClock, new_round
from companion.table.store import Store

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS session_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # who played each game the table started (JSON ``Lineup``)
    "CREATE TABLE IF NOT EXISTS session_lineups "
    "(game_id INTEGER PRIMARY KEY, lineup TEXT NOT NULL)",
    # the seats' names and colours (``SeatSettings`` as JSON), given at the last set-up
    "CREATE TABLE IF NOT EXISTS session_seats (seat TEXT PRIMARY KEY, settings TEXT NOT NULL)",
    # the seat each phone holds, and for which game
    "CREATE TABLE IF NOT EXISTS session_phones "
    "(phone TEXT PRIMARY KEY, seat TEXT NOT NULL, game_id INTEGER NOT NULL)",
    # the join codes used (without their MAC) and by which phone
    "CREATE TABLE IF NOT EXISTS session_codes "
    "(code TEXT PRIMARY KEY, phone TEXT NOT NULL, game_id INTEGER NOT NULL)",
    # the label registrations of the players a tournament hub seated here (``seated_labels``)
    "CREATE TABLE IF NOT EXISTS session_labels "
    "(seat TEXT PRIMARY KEY, match INTEGER NOT NULL, registration TEXT NOT NULL)",
)

# Crockford's base 32 in lower case: no i, l, o or u, so a typed code is hard to get wrong.
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
NONCE_CHARS = 6  # 30 bits: every code differs
MAC_CHARS = 10  # 50 bits: a forged code is accepted once in 10^15 tries


class JoinCodeError(ValueError):
    """A join code that is forged or mangled (``code`` "invalid"), from another game
    ("earlier_game"), or already used by another phone ("already_used")."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Lineup:
    """Who plays a game: each seat's player by name, and whether a tournament hub paired them."""

    names: tuple[tuple[str, str], ...]
    paired: bool = False

    @classmethod
    def of(cls, names: Mapping[str, str], *, paired: bool = False) -> Lineup:
        return cls(tuple(sorted((str(s), str(n)) for s, n in names.items())), paired)

    def to_json(self) -> dict[str, Any]:
        return {"names": dict(self.names), "paired": self.paired}

    @classmethod
    def from_json(cls, data: Any) -> Lineup | None:
        if not isinstance(data, dict) or not isinstance(data.get("names"), dict):
            return None
        return cls.of(data["names"], paired=bool(data.get("paired")))


def carries_seats(replaced: Lineup | None, new: Lineup) -> bool:
    """Whether the phones seated for the game replaced keep their seats in the new one: only for
    the same players' next game (the same names by seat), never for a hub's pairing."""
    return replaced is not None and not new.paired and new.names == replaced.names


def may_set_up(
    *, judge: bool, own_screen: bool, judge_pin_set: bool, game_over: bool, seated: bool
) -> bool:
    """Who may start or replace a game (and change what set-ups offer): the judge; the table's own
    screen while no judge PIN is set; and once the game is over, a seated player or the table's
    own screen — never a phone that scanned a code while the game runs."""
    if judge or (own_screen and not judge_pin_set):
        return True
    return game_over and (seated or own_screen)


def _read_only(store_path: Path, query: str) -> list[tuple[Any, ...]]:
    """The rows of ``query`` in the store at ``store_path``, read without writing anything
    (``companion doctor``): no store yet, or no such table, is none."""
    if not store_path.exists():
        return []
    try:
        db = sqlite3.connect(f"file:{store_path}?mode=ro", uri=True)
        try:
            return [tuple(row) for row in db.execute(query).fetchall()]
        finally:
            db.close()
    except sqlite3.Error:
        return []


def stored_seats(store_path: Path) -> dict[str, SeatSettings]:
    """The seats kept in the store at ``store_path`` (none: ``{}``), read without writing."""
    rows = _read_only(store_path, "SELECT seat, settings FROM session_seats")
    try:
        return {seat: SeatSettings.model_validate_json(settings) for seat, settings in rows}
    except ValueError:
        return {}


def stored_labels(store_path: Path) -> dict[str, Any]:
    """The seated players' label registrations kept in the store at ``store_path`` (seat → its
    data as ``Session.labels`` gives it), read without writing."""
    rows = _read_only(store_path, "SELECT seat, registration FROM session_labels")
    return _labels_data(rows)


def _labels_data(rows: list[tuple[Any, ...]]) -> dict[str, Any]:
    found = {}
    for seat, registration in rows:
        try:
            found[str(seat)] = json.loads(registration)
        except ValueError:
            continue  # left out: the camera still reads the table's own labels
    return found


def _base32(data: bytes, length: int) -> str:
    number = int.from_bytes(data, "big")
    return "".join(_ALPHABET[(number >> (5 * i)) & 31] for i in range(length))


class Session:
    """The session of one table, in its store. Safe to share between threads (the store's
    transactions serialise every change)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        with store.transaction() as db:
            for statement in _SCHEMA:
                db.execute(statement)
            db.execute(
                "INSERT OR IGNORE INTO session_meta VALUES ('code_key', ?)",
                (secrets.token_hex(32),),
            )
        (key,) = store.rows("SELECT value FROM session_meta WHERE key='code_key'")[0]
        self._key = bytes.fromhex(key)
        self._clock: MatchClock | None = None  # the round clock given last (``clock``)

    # -- who plays -----------------------------------------------------------------------------

    def lineup(self, game_id: int) -> Lineup | None:
        rows = self.store.rows("SELECT lineup FROM session_lineups WHERE game_id=?", (game_id,))
        return Lineup.from_json(json.loads(rows[0][0])) if rows else None

    def adopt(self, game_id: int, lineup: Lineup) -> None:
        """``lineup`` plays game ``game_id`` unless the session already knows who does (a table's
        first game, started from its settings before anyone set one up)."""
        with self.store.transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO session_lineups VALUES (?, ?)",
                (game_id, json.dumps(lineup.to_json())),
            )

    def game_started(
        self, db: sqlite3.Connection, replaced: int | None, game_id: int, lineup: Lineup | None
    ) -> bool:
        """Record, in the caller's store transaction (``Table.start_game``), that game
        ``game_id`` replaced game ``replaced`` for ``lineup`` (``None``: the players of the game
        replaced, playing on: they keep their phones). Applies the seat rule: the phones seated
        for the game replaced keep their seats or lose them all. Returns whether they kept them."""
        previous = None
        if replaced is not None:
            row = db.execute(
                "SELECT lineup FROM session_lineups WHERE game_id=?", (replaced,)
            ).fetchone()
            previous = Lineup.from_json(json.loads(row[0])) if row is not None else None
        carried = lineup is None or carries_seats(previous, lineup)
        lineup = lineup if lineup is not None else previous
        if lineup is not None:
            db.execute(
                "INSERT OR REPLACE INTO session_lineups VALUES (?, ?)",
                (game_id, json.dumps(lineup.to_json())),
            )
        if carried:
            db.execute("UPDATE session_phones SET game_id=? WHERE game_id=?", (game_id, replaced))
        db.execute("DELETE FROM session_phones WHERE game_id<>?", (game_id,))
        db.execute("DELETE FROM session_codes WHERE game_id<>?", (game_id,))
        return carried

    # -- the seats' names and colours ----------------------------------------------------------

    def seats(self) -> dict[str, SeatSettings]:
        """The seats given at the last set-up (or pairing); none yet: ``{}`` (the config's)."""
        return {
            seat: SeatSettings.model_validate_json(settings)
            for seat, settings in self.store.rows("SELECT seat, settings FROM session_seats")
        }

    def set_seats(self, seats: Mapping[str, SeatSettings]) -> None:
        with self.store.transaction() as db:
            self.write_seats(db, seats)

    @staticmethod
    def write_seats(db: sqlite3.Connection, seats: Mapping[str, SeatSettings]) -> None:
        """``set_seats`` in the caller's store transaction."""
        db.execute("DELETE FROM session_seats")
        db.executemany(
            "INSERT INTO session_seats VALUES (?, ?)",
            [(seat, s.model_dump_json()) for seat, s in seats.items()],
        )

    # -- phones and join codes -----------------------------------------------------------------

    def seat_of(self, phone: object, game_id: int) -> str | None:
        """The seat ``phone`` holds in game ``game_id``, if any."""
        if not isinstance(phone, str):
            return None
        rows = self.store.rows(
            "SELECT seat FROM session_phones WHERE phone=? AND game_id=?", (phone, game_id)
        )
        return str(rows[0][0]) if rows else None

    def phones(self, game_id: int) -> dict[str, list[str]]:
        """Seat → the phones holding it in game ``game_id``."""
        held: dict[str, list[str]] = {}
        for phone, seat in self.store.rows(
            "SELECT phone, seat FROM session_phones WHERE game_id=? ORDER BY phone", (game_id,)
        ):
            held.setdefault(seat, []).append(phone)
        return held

    def release(self, seat: str, game_id: int) -> int:
        """The judge frees ``seat`` (a dead phone, a swapped device): every phone holding it in
        game ``game_id`` is unseated, and a new code seats the player again. Returns how many."""
        with self.store.transaction() as db:
            cursor = db.execute(
                "DELETE FROM session_phones WHERE seat=? AND game_id=?", (seat, game_id)
            )
        return int(cursor.rowcount)

    @property
    def claimed(self) -> int:
        """How many join codes have been used: the codes shown change whenever this grows."""
        return int(self.store.rows("SELECT COUNT(*) FROM session_codes")[0][0])

    def _mac(self, game_id: int, seat: str, nonce: str) -> str:
        message = f"{game_id}:{seat}:{nonce}".encode()
        return _base32(hmac.new(self._key, message, hashlib.sha256).digest(), MAC_CHARS)

    def issue_code(self, seat: str, game_id: int) -> str:
        """A new join code for ``seat`` of game ``game_id`` (every code differs)."""
        nonce = _base32(secrets.token_bytes(4), NONCE_CHARS)
        return f"{game_id}.{seat}.{nonce}{self._mac(game_id, seat, nonce)}"

    def verify_code(self, code: str, game_id: int) -> str:
        """The seat named by ``code``; ``JoinCodeError`` unless it is ours, for this game."""
        return self._read_code(code, game_id)[0]

    def join(self, code: str, game_id: int, phone: str) -> str:
        """Seat ``phone`` with ``code``: the first phone to use it (and that phone again) holds its
        seat for game ``game_id``; ``JoinCodeError`` for any other phone."""
        seat, nonce = self._read_code(code, game_id)
        key = f"{game_id}.{seat}.{nonce}"
        with self.store.transaction() as db:
            owner = db.execute("SELECT phone FROM session_codes WHERE code=?", (key,)).fetchone()
            if owner is not None and owner[0] != phone:
                raise JoinCodeError(
                    "already_used",
                    "this join code was already used by another phone: ask for a new one",
                )
            db.execute(
                "INSERT OR IGNORE INTO session_codes VALUES (?, ?, ?)", (key, phone, game_id)
            )
            db.execute(
                "INSERT OR REPLACE INTO session_phones VALUES (?, ?, ?)", (phone, seat, game_id)
            )
        return seat

    def _read_code(self, code: str, game_id: int) -> tuple[str, str]:
        """(seat, nonce) of a code of ours for ``game_id``."""
        game, _, rest = code.strip().partition(".")
        seat, _, tail = rest.rpartition(".")
        tail = tail.lower()  # typed codes may come back in capitals
        nonce, mac = tail[:NONCE_CHARS], tail[NONCE_CHARS:]
        valid = (
            game.isdigit()
            and len(tail) == NONCE_CHARS + MAC_CHARS
            and hmac.compare_digest(mac, self._mac(int(game), seat, nonce))
        )
        if not valid:
            raise JoinCodeError("invalid", "this join code is not valid for this table")
        if int(game) != game_id:
            raise JoinCodeError("earlier_game", "this join code belongs to an earlier game")
        return seat, nonce

    # -- the seated players' label registrations ----------------------------------------------

    def labels(self) -> dict[str, Any]:
        """Seat → the label registration (its JSON data) of the player a hub seated there."""
        return _labels_data(self.store.rows("SELECT seat, registration FROM session_labels"))

    @property
    def labels_revision(self) -> int:
        """Grows whenever the seated players' labels change (the camera reads them again)."""
        rows = self.store.rows("SELECT value FROM session_meta WHERE key='labels_revision'")
        return int(rows[0][0]) if rows else 0

    def set_labels(self, match: int, seats: Mapping[str, Any]) -> None:
        """Keep ``seats`` (seat → registration data) as the labels of match ``match``; none: no
        players' labels. The same labels again (a reconnection) change nothing."""
        with self.store.transaction() as db:
            self.write_labels(db, match, seats)

    @staticmethod
    def write_labels(db: sqlite3.Connection, match: int, seats: Mapping[str, Any]) -> None:
        """``set_labels`` in the caller's store transaction."""
        wanted = {(seat, match, json.dumps(data, sort_keys=True)) for seat, data in seats.items()}
        kept = {tuple(row) for row in db.execute("SELECT * FROM session_labels")}
        if kept == wanted:
            return
        db.execute("DELETE FROM session_labels")
        db.executemany("INSERT INTO session_labels VALUES (?, ?, ?)", sorted(wanted))
        db.execute(
            "INSERT INTO session_meta VALUES ('labels_revision', '1') ON CONFLICT(key) "
            "DO UPDATE SET value = CAST(value AS INTEGER) + 1"
        )

    # -- the round clock -----------------------------------------------------------------------

    def clock(self, settings: ClockSettings) -> MatchClock:
        """The table's round clock, kept in the store: a restarted table shows the same round.
        The session keeps the clock it gave last: a game started with a new round length
        (``Table.start_game``) sets it once the start is stored."""
        rows = self.store.rows("SELECT value FROM session_meta WHERE key='clock'")
        saved = json.loads(rows[0][0]) if rows else None
        self._clock = MatchClock(settings, saved=saved, save=self._save_clock)
        return self._clock

    def _save_clock(self, state: dict[str, Any]) -> None:
        with self.store.transaction() as db:
            self._write_clock(db, state)

    @staticmethod
    def _write_clock(db: sqlite3.Connection, state: dict[str, Any]) -> None:
        db.execute("INSERT OR REPLACE INTO session_meta VALUES ('clock', ?)", (json.dumps(state),))

    def write_new_round(self, db: sqlite3.Connection, round_minutes: int | None) -> dict[str, Any]:
        """A new round of ``round_minutes`` (``None``: no clock), not running, written in the
        caller's store transaction; the state to hand ``new_round_kept`` once it is committed.
        ``ClockError`` for a length the clock refuses."""
        at_time = self._clock.at_time if self._clock is not None else None
        if at_time is None:
            row = db.execute("SELECT value FROM session_meta WHERE key='clock'").fetchone()
            at_time = json.loads(row[0]).get("at_time") if row is not None else None
        state = new_round(round_minutes, at_time)
        self._write_clock(db, state)
        return state

    def new_round_kept(self, state: dict[str, Any]) -> None:
        """The new round ``write_new_round`` wrote is committed: the clock shows it."""
        if self._clock is not None:
            self._clock.show(state)
