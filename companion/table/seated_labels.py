"""The label registrations of the two players a tournament hub seated at this table.

At an event players bring miniatures on carriers printed at home with their own key. When the
hub's pairing reaches the table (``companion.hub.table_link``), the players' registrations it
carries are kept in ``seated-labels.json`` in the data folder (docs/formats.md "Seated players'
labels"), so a restarted table still reads them; the next pairing replaces them and the end of the
event removes them. The camera reads them beside the table's own registration
(``companion.camera.reading``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path

from companion.errors import DataFileError
from vision.registration import LabelRegistration, registration_data, registration_from_data

log = logging.getLogger(__name__)

FILE = "seated-labels.json"
FORMAT = "seated-labels"
VERSION = 1
SEATS = ("A", "B")


def seated_path(data_dir: Path) -> Path:
    return data_dir / FILE


def save_seated(data_dir: Path, match: int, seats: Mapping[str, LabelRegistration]) -> None:
    """Keep ``seats`` (seat → registration) as the labels of match ``match``; no seats: none.
    The file is left as it is when it already says this (so the camera's reading stays)."""
    path = seated_path(data_dir)
    if not seats:
        clear_seated(data_dir)
        return
    content = {
        "format": FORMAT,
        "version": VERSION,
        "match": match,
        "seats": {seat: registration_data(reg) for seat, reg in sorted(seats.items())},
    }
    text = json.dumps(content, indent=1)
    try:
        if path.read_text(encoding="utf-8") == text:
            return  # the same pairing again (a reconnection): the camera keeps its reading
    except (OSError, ValueError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def clear_seated(data_dir: Path) -> None:
    """No players' labels any more (the event ended, or a pairing without any)."""
    seated_path(data_dir).unlink(missing_ok=True)


def load_seated(data_dir: Path) -> dict[str, LabelRegistration]:
    """Seat → registration; a file or entry that is not one is logged and left out (the table's
    own registration still reads)."""
    path = seated_path(data_dir)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        log.warning("%s ignored: %s", path, error)
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        log.warning("%s ignored: not a %s file, version %d", path, FORMAT, VERSION)
        return {}
    seats = data.get("seats")
    found: dict[str, LabelRegistration] = {}
    for seat in SEATS:
        raw = seats.get(seat) if isinstance(seats, dict) else None
        if raw is None:
            continue
        try:
            found[seat] = registration_from_data(raw, f"{path} seat {seat}")
        except DataFileError as error:
            log.warning("seat %s's labels ignored: %s", seat, error)
    return found
