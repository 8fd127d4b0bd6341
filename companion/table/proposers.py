"""Who proposes an action at a table: a seat, or one of the table's two authorities.

A seat is its id (any text: a player may be named "judge"); the judge and the camera
are values of their own type, so no name a player chooses can ever stand for them. The store keeps
the two apart in its own column (``role``), never in the seat's name.
"""

from __future__ import annotations

from enum import Enum


class Authority(Enum):
    JUDGE = "judge"  # acts for anyone, alone may push corrections and take back any action
    CAMERA = "camera"  # acts for whoever the game waits for


JUDGE = Authority.JUDGE
CAMERA = Authority.CAMERA

# A seat's id, or an authority.
Proposer = str | Authority

SEAT_ROLE = "seat"
ROLES = (SEAT_ROLE, JUDGE.value, CAMERA.value)


def role(proposer: Proposer) -> str:
    """How the store and the phones name the proposer's kind: ``seat``, ``judge`` or ``camera``."""
    return proposer.value if isinstance(proposer, Authority) else SEAT_ROLE


def seat_of(proposer: Proposer) -> str | None:
    """The seat's id, or ``None`` for an authority."""
    return None if isinstance(proposer, Authority) else proposer


def proposer_from(role_name: str, seat: str | None) -> Proposer:
    """The proposer a stored ``role`` and ``seat`` name."""
    if role_name == SEAT_ROLE and seat is not None:
        return seat
    return JUDGE if role_name == JUDGE.value else CAMERA
