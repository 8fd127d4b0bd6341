"""The remote session of a table, kept in its SQLite store (``Store.transaction``) so a restarted
table finds it and reconnects by itself.

- Both roles: the role, the seat the guest plays, the broker access of this table's account (the
  fields of ``BrokerAccess``, as JSON).
- The host: the guest's account (for the invite it makes), the current invite's nonce and code,
  and the guest bound to that nonce (the first to say hello with it: an invite is single-use); the
  answers given to the guest's proposals, by proposal id, so a duplicate is answered again and
  never applied twice.
- The guest: its own id, the code it joined with, and which host game it follows (the host's game
  id and its own for it).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from companion.table.store import Store

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS remote_session (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS remote_replies "
    "(id TEXT PRIMARY KEY, guest_id TEXT NOT NULL, reply TEXT NOT NULL, at REAL NOT NULL)",
)
ROLES = ("host", "guest")
# the session's keys: cleared together when a new session starts
_KEYS = (
    "role", "seat", "access", "guest_access", "game", "nonce", "code", "bound", "guest_id",
    "host_game", "local_game",
)  # fmt: skip


@dataclass(frozen=True)
class RemoteSession:
    """What the store holds of the table's remote session."""

    role: str
    seat: str
    access: dict[str, Any]  # this table's broker account (BrokerAccess's fields)
    guest_access: dict[str, Any] | None = None  # host: the guest's account, for invites
    game: str | None = None  # host: the game the invite names
    nonce: str | None = None  # host: the current invite's; guest: the one it joined with
    code: str | None = None  # host: the current invite code; guest: the code it joined with
    bound: str | None = None  # host: the guest bound to the current invite
    guest_id: str | None = None  # guest: its own id
    host_game: int | None = None  # guest: the host's game id it follows
    local_game: int | None = None  # guest: its own game id for it


class RemoteState:
    """The remote session's rows in one table's store. Safe to share between threads (the
    store's transactions serialize the writes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        with store.transaction() as db:
            for statement in _SCHEMA:
                db.execute(statement)

    # -- the session ---------------------------------------------------------------------------

    def session(self) -> RemoteSession | None:
        """The table's remote session, ``None`` at a table on its own."""
        values = dict(self.store.rows("SELECT key, value FROM remote_session"))
        if "role" not in values:
            return None
        fields: dict[str, Any] = {key: json.loads(values[key]) for key in _KEYS if key in values}
        return RemoteSession(**fields)

    def start_host(
        self, access: dict[str, Any], guest_access: dict[str, Any], seat: str, game: str
    ) -> RemoteSession:
        """Make this table the host of a remote game (no invite yet)."""
        self._replace(
            {"role": "host", "seat": seat, "access": access, "guest_access": guest_access,
             "game": game}
        )  # fmt: skip
        session = self.session()
        assert session is not None
        return session

    def start_guest(
        self, access: dict[str, Any], seat: str, nonce: str, code: str
    ) -> RemoteSession:
        """Make this table the guest of a remote game, joined with ``code`` (a new guest id)."""
        self._replace(
            {"role": "guest", "seat": seat, "access": access, "nonce": nonce, "code": code,
             "guest_id": f"g-{secrets.token_hex(8)}"}
        )  # fmt: skip
        session = self.session()
        assert session is not None
        return session

    def end(self) -> None:
        """The table plays on its own again."""
        with self.store.transaction() as db:
            db.execute("DELETE FROM remote_session")
            db.execute("DELETE FROM remote_replies")

    def _replace(self, values: dict[str, Any]) -> None:
        with self.store.transaction() as db:
            db.execute("DELETE FROM remote_session")
            db.execute("DELETE FROM remote_replies")
            db.executemany(
                "INSERT INTO remote_session VALUES (?, ?)",
                [(key, json.dumps(value)) for key, value in values.items()],
            )

    def _set(self, db: Any, key: str, value: Any) -> None:
        db.execute("INSERT OR REPLACE INTO remote_session VALUES (?, ?)", (key, json.dumps(value)))

    # -- the host's invite ---------------------------------------------------------------------

    def new_invite(self, code_for: Any) -> str:
        """A new invite (the old one dies, and its guest with it): ``code_for(nonce)`` makes its
        code. Returns the code."""
        nonce = secrets.token_hex(8)
        code = str(code_for(nonce))
        with self.store.transaction() as db:
            self._set(db, "nonce", nonce)
            self._set(db, "code", code)
            db.execute("DELETE FROM remote_session WHERE key='bound'")
        return code

    def bind(self, nonce: str, guest_id: str) -> bool:
        """Bind ``guest_id`` to the invite ``nonce`` if it is the current one and nobody used it
        (or this guest did); ``False``: the invite is used by another guest, or not current."""
        with self.store.transaction() as db:
            rows = dict(
                db.execute(
                    "SELECT key, value FROM remote_session WHERE key IN ('nonce', 'bound')"
                ).fetchall()
            )
            current = json.loads(rows["nonce"]) if "nonce" in rows else None
            bound = json.loads(rows["bound"]) if "bound" in rows else None
            if current is None or nonce != current or bound not in (None, guest_id):
                return False
            if bound is None:
                self._set(db, "bound", guest_id)
            return True

    # -- the guest's game ----------------------------------------------------------------------

    def follows(self, host_game: int, local_game: int) -> None:
        """The guest follows the host's game ``host_game`` as its own ``local_game``."""
        with self.store.transaction() as db:
            self._set(db, "host_game", host_game)
            self._set(db, "local_game", local_game)

    # -- the host's answers --------------------------------------------------------------------

    def answer(self, proposal_id: str, guest_id: str) -> dict[str, Any] | None:
        """The reply already given to proposal ``proposal_id`` of ``guest_id``, if any."""
        rows = self.store.rows(
            "SELECT reply FROM remote_replies WHERE id=? AND guest_id=?", (proposal_id, guest_id)
        )
        return json.loads(rows[0][0]) if rows else None

    def keep_answer(self, proposal_id: str, guest_id: str, reply: dict[str, Any]) -> None:
        with self.store.transaction() as db:
            keep_answer_in(db, proposal_id, guest_id, reply)


def keep_answer_in(
    db: sqlite3.Connection, proposal_id: str, guest_id: str, reply: dict[str, Any]
) -> None:
    """Keep the answer to a proposal in an open transaction of the store (the accepted action's
    own: ``Table.submit(kept_with=…)``, so the action and its answer are kept together)."""
    db.execute(
        "INSERT OR REPLACE INTO remote_replies VALUES (?, ?, ?, ?)",
        (proposal_id, guest_id, json.dumps(reply), time.time()),
    )
