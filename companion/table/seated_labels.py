"""The label registrations of the two players a tournament hub seated at this table.

At an event players bring miniatures on carriers printed at home with their own key. When the
hub's pairing reaches the table (``companion.hub.table_link``), the players' registrations it
carries are kept in the table's session (``session.Session.set_labels``, in its store, in the
same transaction as the pairing's game: ``StartRequest.labels``), so a
restarted table still reads them; the next pairing replaces them and the end of the event removes
them. The camera reads them beside the table's own registration (``companion.camera.reading``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from companion.errors import DataFileError
from companion.table.session import Session
from companion.table.start_request import SeatedLabels
from vision.registration import LabelRegistration, registration_data, registration_from_data

log = logging.getLogger(__name__)

SEATS = ("A", "B")


def save_seated(session: Session, match: int, seats: Mapping[str, LabelRegistration]) -> None:
    """Keep ``seats`` (seat → registration) as the labels of match ``match``; no seats: none.
    The same labels again change nothing (so the camera's reading stays)."""
    labels = seated_labels(match, seats)
    session.set_labels(labels.match, labels.seats)


def seated_labels(match: int, seats: Mapping[str, LabelRegistration]) -> SeatedLabels:
    """``seats`` (seat → registration) as the labels of match ``match``, to keep with the
    match's game (``StartRequest.labels``) or on their own (``save_seated``)."""
    return SeatedLabels(match, {seat: registration_data(reg) for seat, reg in seats.items()})


def clear_seated(session: Session) -> None:
    """No players' labels any more (the event ended, or a pairing without any)."""
    session.set_labels(0, {})


def load_seated(session: Session) -> dict[str, LabelRegistration]:
    """Seat → registration; an entry that is not one is logged and left out (the table's own
    registration still reads)."""
    return seated_from_data(session.labels())


def seated_from_data(data: Mapping[str, Any]) -> dict[str, LabelRegistration]:
    """Seat → registration from the session's labels data (``Session.labels``,
    ``session.stored_labels``), leaving out (and logging) an entry that does not load."""
    found: dict[str, LabelRegistration] = {}
    for seat in SEATS:
        raw = data.get(seat)
        if raw is None:
            continue
        try:
            found[seat] = registration_from_data(raw, f"seat {seat}'s labels")
        except DataFileError as error:
            log.warning("seat %s's labels ignored: %s", seat, error)
    return found
