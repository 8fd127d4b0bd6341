"""Who is using a phone: a seat (joined by scanning that seat's QR code), the judge, or a spectator.

The seats and the phones holding them are the table's session (``companion.table.session``): a
join code names one seat of one game, and the first phone that uses it holds that seat. A phone is
known by the random id in its signed session cookie. Only the table itself (or the judge) is
shown the join codes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import segno

from companion.table.proposers import JUDGE, Proposer


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


LOOPBACK_ADDRESSES = frozenset({"127.0.0.1", "::1"})


def may_see_join_codes(remote_addr: str | None, viewer: Viewer) -> bool:
    """Join codes are for the table's own screen (a loopback client) and the judge only."""
    return viewer.judge or remote_addr in LOOPBACK_ADDRESSES


def playable_here(remote: dict[str, Any] | None, seat: str) -> bool:
    """May a phone at this table take ``seat``, given the table's remote block (``None``: a
    table on its own, every seat)? At a remote game's guest table only the guest's seat; at its
    host table every seat but the guest's."""
    if remote is None:
        return True
    return (seat == remote["seat"]) == (remote["role"] == "guest")


def join_qr_svg(url: str) -> str:
    """The join URL as an SVG QR code, sized to scan from a phone across the table."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=5, border=2, dark="#000", light="#fff", xmldecl=False
    )
    return buffer.getvalue().decode("utf-8")
