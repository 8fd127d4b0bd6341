"""Which seats play at this table and which at the other one (remote play, issue 28).

At a normal table every seat's miniatures stand on its map. At a remote table the state's
``remote`` block (``Table.state()["remote"]``: ``role`` and ``seat``, the seat played at the guest
table) says which seats are *absent*: their miniatures stand on the other table's map, so the
LEDs show them and the camera does not expect to see them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.table.table import Table


def absent_seats(remote: Mapping[str, Any] | None, seats: Iterable[str]) -> frozenset[str]:
    """The seats whose miniatures are not on this table's map: none at a normal table; the
    guest's seat at the host; every other seat at the guest."""
    if not remote:
        return frozenset()
    guest_seat = remote.get("seat")
    if remote.get("role") == "host":
        return frozenset({guest_seat}) if isinstance(guest_seat, str) else frozenset()
    if remote.get("role") == "guest":
        return frozenset(seat for seat in seats if seat != guest_seat)
    return frozenset()


def absent_at(table: Table) -> frozenset[str]:
    """The seats absent from ``table``'s map now (its state's ``remote`` block)."""
    remote = table.state().get("remote")
    if not remote:
        return frozenset()
    return absent_seats(remote, table.read(lambda game: tuple(game.seats)))
