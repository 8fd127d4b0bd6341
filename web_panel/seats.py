"""Who is using a phone: a seat (joined by scanning that seat's QR code), the judge, or a spectator.

A join token is a value signed with the panel's secret key naming one seat of one game, so it
cannot be guessed or altered; it is valid until a new game starts, for the first phone that uses
it only: a photo of the code seats nobody else. Once a code is used, the table's screen (and the
judge) show new ones. Joining stores the seat in the phone's signed session cookie. Only the table
itself (or the judge) is shown the QR codes.
"""

from __future__ import annotations

import io
import json
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import segno
from itsdangerous import BadSignature, URLSafeSerializer

from companion.table.proposers import JUDGE, Proposer

_SALT = "companion.seat"


class JoinTokenError(ValueError):
    """A join token that is forged, mangled, or from another game."""


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
        self._serializer = URLSafeSerializer(secret_key, salt=_SALT)
        self._claims_path = claims_path
        self._claims = _read_claims(claims_path)  # code's nonce → [phone, game id]
        self._lock = threading.Lock()

    @property
    def claimed(self) -> int:
        """How many codes have been used: the codes shown change whenever this grows."""
        with self._lock:
            return len(self._claims)

    def issue(self, seat: str, game_id: int) -> str:
        # The nonce makes every token unique, so tokens cannot be compared to learn anything.
        return self._serializer.dumps({"seat": seat, "game": game_id, "n": secrets.token_hex(8)})

    def verify(self, token: str, game_id: int) -> str:
        """The seat named by ``token``; ``JoinTokenError`` unless it is ours, for this game."""
        return str(self._load(token, game_id)["seat"])

    def claim(self, token: str, game_id: int, phone: str) -> str:
        """The seat of ``token`` for ``phone``, the first phone to use it (and that phone again);
        ``JoinTokenError`` for any other phone."""
        data = self._load(token, game_id)
        nonce = str(data["n"])
        with self._lock:
            owner = self._claims.get(nonce)
            if owner is not None and owner[0] != phone:
                raise JoinTokenError(
                    "this join code was already used by another phone: ask for a new one"
                )
            if owner is None:
                # codes of earlier games can never be used again: forget them
                self._claims = {n: c for n, c in self._claims.items() if c[1] == game_id}
                self._claims[nonce] = [phone, game_id]
                _write_claims(self._claims_path, self._claims)
        return str(data["seat"])

    def _load(self, token: str, game_id: int) -> dict[str, Any]:
        try:
            data = self._serializer.loads(token)
        except BadSignature:
            raise JoinTokenError("this join code is not valid for this table") from None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("seat"), str)
            or not isinstance(data.get("n"), str)
        ):
            raise JoinTokenError("this join code is not valid for this table")
        if data.get("game") != game_id:
            raise JoinTokenError("this join code belongs to an earlier game: scan the new one")
        return data


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
    temporary = path.with_name(f"{path.name}.tmp")
    temporary.write_text(json.dumps(claims), encoding="utf-8")
    temporary.replace(path)


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
