"""Who is using a phone: a seat (joined by scanning that seat's QR code), the judge, or a spectator.

A join token names one seat of one game and carries a nonce and a MAC made with the panel's secret
key, so it cannot be guessed or altered; it is short enough to type (``7.A.k3mz9qw2xp4tbc1d``). It
is valid until a new game starts. Opening it stores the seat in the phone's signed session cookie.
Only the table itself (or the judge) is shown the join codes.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import segno

from companion.table.table import JUDGE

_SALT = b"companion.seat:"
# Crockford's base 32 in lower case: no i, l, o or u, so a typed code is hard to get wrong.
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
NONCE_CHARS = 6  # 30 bits: every token differs
MAC_CHARS = 10  # 50 bits: a forged token is accepted once in 10^15 tries


class JoinTokenError(ValueError):
    """A join token that is forged, mangled (``code`` "invalid"), or from another game
    (``code`` "earlier_game")."""

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
    def proposer(self) -> str | None:
        """Who the table should see as proposing: the judge, a seat, or nobody (spectator)."""
        if self.judge:
            return JUDGE
        return self.seat


class SeatTokens:
    """Issues and checks the seat join tokens of one panel."""

    def __init__(self, secret_key: str) -> None:
        self._key = hashlib.sha256(_SALT + secret_key.encode()).digest()

    def _mac(self, game_id: int, seat: str, nonce: str) -> str:
        message = f"{game_id}:{seat}:{nonce}".encode()
        return _base32(hmac.new(self._key, message, hashlib.sha256).digest(), MAC_CHARS)

    def issue(self, seat: str, game_id: int) -> str:
        # The nonce makes every token unique, so tokens cannot be compared to learn anything.
        nonce = _base32(secrets.token_bytes(4), NONCE_CHARS)
        return f"{game_id}.{seat}.{nonce}{self._mac(game_id, seat, nonce)}"

    def verify(self, token: str, game_id: int) -> str:
        """The seat named by ``token``; ``JoinTokenError`` unless it is ours, for this game."""
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
        return seat


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


class PinGuard:
    """Checks the judge PIN, locking out guessing after a few wrong tries in a row."""

    MAX_FAILURES = 5
    LOCKOUT_SECONDS = 60.0

    def __init__(self, pin: str | None, clock: Callable[[], float] = time.monotonic) -> None:
        self._pin = pin
        self._clock = clock
        self._failures = 0
        self._locked_until = 0.0
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self._pin is not None

    def check(self, attempt: str) -> bool:
        """Whether ``attempt`` is the PIN. Raises ``PermissionError`` while locked out."""
        with self._lock:
            if self._pin is None:
                raise PermissionError("no judge PIN is set in the table's config")
            now = self._clock()
            if now < self._locked_until:
                raise PermissionError("too many wrong PINs: wait a minute")
            if hmac.compare_digest(attempt.encode(), self._pin.encode()):
                self._failures = 0
                return True
            self._failures += 1
            if self._failures >= self.MAX_FAILURES:
                self._failures = 0
                self._locked_until = now + self.LOCKOUT_SECONDS
            return False
