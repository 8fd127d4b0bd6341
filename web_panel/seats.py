"""Who is using a phone: a seat (joined by scanning that seat's QR code), the judge, or a spectator.

A join token names one seat of one game and carries a nonce and a MAC made with the panel's secret
key, so it cannot be guessed or altered; it is short enough to type (``7.A.k3mz9qw2xp4tbc1d``). It
is valid until a new game starts, for the first phone that uses it only: a photo of the code seats
nobody else. Once a code is used, the table's screen (and the judge) show new ones. Joining stores
the seat in the phone's signed session cookie. Only the table itself (or the judge) is shown the
join codes.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import segno

from companion.table.proposers import JUDGE, Proposer
from web_panel.private_files import write_private

_SALT = b"companion.seat:"
# Crockford's base 32 in lower case: no i, l, o or u, so a typed code is hard to get wrong.
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
NONCE_CHARS = 6  # 30 bits: every token differs
MAC_CHARS = 10  # 50 bits: a forged token is accepted once in 10^15 tries


class JoinTokenError(ValueError):
    """A join token that is forged or mangled (``code`` "invalid"), from another game
    ("earlier_game"), or already used by another phone ("already_used")."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _base32(data: bytes, length: int) -> str:
    number = int.from_bytes(data, "big")
    return "".join(_ALPHABET[(number >> (5 * i)) & 31] for i in range(length))


@dataclass(frozen=True)
class Viewer:
    """The person behind one request."""

    seat: str | None = None
    judge: bool = False

    @property
    def proposer(self) -> Proposer | None:
        """Who the table should see as proposing: the judge, a seat, or nobody (spectator)."""
        if self.judge:
            return JUDGE
        return self.seat


class SeatTokens:
    """Issues and checks the seat join tokens of one panel."""

    def __init__(self, secret_key: str, claims_path: Path | None = None) -> None:
        """``claims_path``: where the codes already used are kept (none: in memory only)."""
        self._key = hashlib.sha256(_SALT + secret_key.encode()).digest()
        self._claims_path = claims_path
        self._claims = _read_claims(claims_path)  # code (without its MAC) → [phone, game id]
        self._lock = threading.Lock()

    @property
    def claimed(self) -> int:
        """How many codes have been used: the codes shown change whenever this grows."""
        with self._lock:
            return len(self._claims)

    def _mac(self, game_id: int, seat: str, nonce: str) -> str:
        message = f"{game_id}:{seat}:{nonce}".encode()
        return _base32(hmac.new(self._key, message, hashlib.sha256).digest(), MAC_CHARS)

    def issue(self, seat: str, game_id: int) -> str:
        # The nonce makes every token unique, so tokens cannot be compared to learn anything.
        nonce = _base32(secrets.token_bytes(4), NONCE_CHARS)
        return f"{game_id}.{seat}.{nonce}{self._mac(game_id, seat, nonce)}"

    def verify(self, token: str, game_id: int) -> str:
        """The seat named by ``token``; ``JoinTokenError`` unless it is ours, for this game."""
        return self._load(token, game_id)[0]

    def claim(self, token: str, game_id: int, phone: str) -> str:
        """The seat of ``token`` for ``phone``, the first phone to use it (and that phone again);
        ``JoinTokenError`` for any other phone."""
        seat, nonce = self._load(token, game_id)
        key = f"{game_id}.{seat}.{nonce}"
        with self._lock:
            owner = self._claims.get(key)
            if owner is not None and owner[0] != phone:
                raise JoinTokenError(
                    "already_used",
                    "this join code was already used by another phone: ask for a new one",
                )
            if owner is None:
                # codes of earlier games can never be used again: forget them
                self._claims = {n: c for n, c in self._claims.items() if c[1] == game_id}
                self._claims[key] = [phone, game_id]
                _write_claims(self._claims_path, self._claims)
        return seat

    def _load(self, token: str, game_id: int) -> tuple[str, str]:
        """(seat, nonce) of a token of ours for ``game_id``."""
        game, _, rest = token.strip().partition(".")
        seat, _, code = rest.rpartition(".")
        code = code.lower()  # typed codes may come back in capitals
        nonce, mac = code[:NONCE_CHARS], code[NONCE_CHARS:]
        valid = (
            game.isdigit()
            and len(code) == NONCE_CHARS + MAC_CHARS
            and hmac.compare_digest(mac, self._mac(int(game), seat, nonce))
        )
        if not valid:
            raise JoinTokenError("invalid", "this join code is not valid for this table")
        if int(game) != game_id:
            raise JoinTokenError("earlier_game", "this join code belongs to an earlier game")
        return seat, nonce


def _read_claims(path: Path | None) -> dict[str, list[Any]]:
    if path is None or not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {
            str(nonce): [str(claim[0]), int(claim[1])]
            for nonce, claim in data.items()
            if isinstance(claim, list) and len(claim) == 2
        }
    except (OSError, ValueError, AttributeError, TypeError):
        # unreadable: the codes shown before can be used once more; new ones are shown anyway
        return {}


def _write_claims(path: Path | None, claims: dict[str, list[Any]]) -> None:
    if path is None:
        return
    write_private(path, json.dumps(claims))


LOOPBACK_ADDRESSES = frozenset({"127.0.0.1", "::1"})


def may_see_join_codes(remote_addr: str | None, viewer: Viewer) -> bool:
    """Join codes are for the table's own screen (a loopback client) and the judge only."""
    return viewer.judge or remote_addr in LOOPBACK_ADDRESSES


def join_qr_svg(url: str) -> str:
    """The join URL as an SVG QR code, sized to scan from a phone across the table."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=5, border=2, dark="#000", light="#fff", xmldecl=False
    )
    return buffer.getvalue().decode("utf-8")
