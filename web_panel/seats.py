"""Who is using a phone: a seat (joined by scanning that seat's QR code), the judge, or a spectator.

A join token is a value signed with the panel's secret key naming one seat of one game, so it
cannot be guessed or altered; it is valid until a new game starts. Scanning it stores the seat in
the phone's signed session cookie. Only the table itself (or the judge) is shown the QR codes.
"""

from __future__ import annotations

import hmac
import io
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import segno
from itsdangerous import BadSignature, URLSafeSerializer

from companion.table.table import JUDGE

_SALT = "companion.seat"


class JoinTokenError(ValueError):
    """A join token that is forged, mangled, or from another game."""


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
        self._serializer = URLSafeSerializer(secret_key, salt=_SALT)

    def issue(self, seat: str, game_id: int) -> str:
        # The nonce makes every token unique, so tokens cannot be compared to learn anything.
        return self._serializer.dumps({"seat": seat, "game": game_id, "n": secrets.token_hex(8)})

    def verify(self, token: str, game_id: int) -> str:
        """The seat named by ``token``; ``JoinTokenError`` unless it is ours, for this game."""
        try:
            data = self._serializer.loads(token)
        except BadSignature:
            raise JoinTokenError("this join code is not valid for this table") from None
        if not isinstance(data, dict) or not isinstance(data.get("seat"), str):
            raise JoinTokenError("this join code is not valid for this table")
        if data.get("game") != game_id:
            raise JoinTokenError("this join code belongs to an earlier game: scan the new one")
        return str(data["seat"])


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
