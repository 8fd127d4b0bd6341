"""How this table reads its printed tags: carriers when ``camera.markers`` names a carrier label
registration, QR (or marker) stickers otherwise — the version-2 stickers of the registration, or,
with none, the older stickers naming their miniature (docs/formats.md "Label registration").

In a tournament match the two seated players' registrations (``companion.table.seated_labels``,
kept in the table's session) are read too, merged by key with the table's own
(``vision.registration.merge_registrations``): each player's tags are renumbered to their seat's
serials (seat A's copy k is serial k, seat B's 100 + k, as ``reconciler.default_registry`` binds
them), and a code two registrations bind to different miniatures is flagged, never placed. The
camera loop and the panel's tag scan read through the same :class:`TableReading`."""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from companion.camera.reconciler import SERIAL_OFFSET
from companion.table.seated_labels import load_seated
from companion.table.session import Session
from vision.board_change import TagId
from vision.carrier import DEFAULT_CARRIER
from vision.pipeline import PipelineConfig
from vision.registration import (
    MARKER_FAMILIES,
    LabelRegistration,
    Registration,
    load_registration,
    merge_registrations,
)
from vision.tags import MarkerReader, ReadResult, TagReader, make_reader

log = logging.getLogger(__name__)
SEAT_SERIALS = 100  # a seat's block of copy serials (SERIAL_OFFSET)


# The kinds of labels, as a table's log and ``companion doctor`` name them (the panel words them
# in the phone's language: ``hub.family.<family>`` in web_panel/messages).
FAMILY_WORDS = {"qr": "QR stickers", "aruco4x4": "carriers", "apriltag36h11": "AprilTag stickers"}


@dataclass(frozen=True)
class LeftOut:
    """A seated player's registration the camera does not read. ``reason``: ``family`` (their
    labels are ``family``, and this table reads ``reads``) or ``clash`` (two of their tags are
    one copy at their seat)."""

    seat: str
    reason: str
    family: str
    reads: str | None = None

    def describe(self, player: str) -> str:
        """In English, naming the player (the log, ``companion doctor``, the run's problems)."""
        theirs = FAMILY_WORDS.get(self.family, self.family)
        if self.reason == "family":
            reads = FAMILY_WORDS.get(self.reads or "", self.reads)
            return (f"{player}'s labels (seat {self.seat}) are {theirs}, but this table reads "
                    f"{reads}: the camera does not read their miniatures")  # fmt: skip
        return (f"{player}'s labels (seat {self.seat}) give two tags the same copy: the camera "
                "does not read their miniatures")  # fmt: skip

    def to_json(self) -> dict[str, str | None]:
        return {
            "seat": self.seat,
            "reason": self.reason,
            "family": self.family,
            "reads": self.reads,
        }


@dataclass(frozen=True)
class TagReading:
    reader: TagReader
    config: PipelineConfig
    # the seated players' registrations left out (the phones and ``companion doctor`` say so)
    left_out: tuple[LeftOut, ...] = ()

    @property
    def min_codes(self) -> int:
        """Codes of one tag that must be read before it counts (a carrier's markers)."""
        return self.config.min_codes if self.config.carrier is not None else 1


def at_seat(registration: LabelRegistration, seat: str) -> LabelRegistration:
    """A player's registration with each tag renumbered to ``seat``'s copy serial (a sheet
    printed for either seat names copy k as k or 100 + k); ``ValueError`` if two tags become one."""
    offset = SERIAL_OFFSET[seat]
    serials = {
        serial: TagId(tag.game, tag.catalog_id, offset + (tag.serial - 1) % SEAT_SERIALS + 1)
        for serial, tag in registration.serials.items()
    }
    return replace(registration, serials=serials)


def tag_reading(
    decoder: str, markers: Path | None, seated: Mapping[str, LabelRegistration] | None = None
) -> TagReading:
    """The reader and pipeline settings for the printed tags: the table's registration
    (``markers``) and the ``seated`` players' (seat → registration); ``DataFileError`` names a
    table registration that does not load. A player's registration of another family than the
    table's, or whose tags clash at their seat, is left out: logged, and listed in ``left_out``."""
    own = load_registration(markers) if markers is not None else None
    players: list[LabelRegistration] = []
    left_out: list[LeftOut] = []
    for seat, theirs in sorted((seated or {}).items()):
        family = own.family if own is not None else next((p.family for p in players), None)
        if family not in (None, theirs.family):
            log.warning("seat %s's %s labels left out: this table reads %s", seat,
                        theirs.family, family)  # fmt: skip
            left_out.append(LeftOut(seat, "family", theirs.family, family))
            continue
        try:
            players.append(at_seat(theirs, seat))
        except ValueError as error:
            log.warning("seat %s's labels left out: %s", seat, error)
            left_out.append(LeftOut(seat, "clash", theirs.family))
    found = [r for r in (own, *players) if r is not None]
    if not found:
        return TagReading(make_reader(decoder), PipelineConfig(), tuple(left_out))
    registration: Registration = found[0] if len(found) == 1 else merge_registrations(found)
    if registration.family not in MARKER_FAMILIES:
        return TagReading(make_reader(decoder, registration), PipelineConfig(), tuple(left_out))
    carrier = DEFAULT_CARRIER if registration.family == DEFAULT_CARRIER.family else None
    return TagReading(MarkerReader(registration), PipelineConfig(carrier=carrier), tuple(left_out))


def _stamp(path: Path | None) -> tuple[int, int, int]:
    try:
        found = path.stat() if path is not None else None
    except OSError:
        found = None
    return (found.st_mtime_ns, found.st_size, found.st_ino) if found is not None else (0, 0, 0)


class TableReading:
    """The table's :func:`tag_reading`, made again whenever its registration file or the seated
    players' labels change (a reprinted sheet, a new pairing, the end of the event). Thread-safe:
    the camera loop and the panel's scan share one."""

    def __init__(self, decoder: str, markers: Path | None, session: Session | None) -> None:
        """``session``: the table's session, whose seated players' labels are read too (none:
        the table's own labels only)."""
        self.decoder = decoder
        self.markers = markers
        self.session = session
        self._lock = threading.Lock()
        self._stamp: tuple[tuple[int, int, int], int] | None = None
        self._reading: TagReading | None = None

    def current(self) -> TagReading:
        """The reading for the labels as they are now (the same object while nothing changed);
        ``DataFileError`` when the table's registration does not load."""
        session = self.session
        stamp = (_stamp(self.markers), session.labels_revision if session is not None else 0)
        with self._lock:
            if self._reading is None or stamp != self._stamp:
                seated = load_seated(session) if session is not None else {}
                self._reading = tag_reading(self.decoder, self.markers, seated)
                self._stamp = stamp
            return self._reading


@dataclass(frozen=True)
class Shown:
    """What a frame shows, anywhere in it (no calibration): ``found`` with only this table's tags
    read with enough codes, ``foreign``: other tables' tags (key, serial; key ``None``: an older
    sticker naming no table) and ``conflicts``: tags of a key two registrations here share and
    bind differently (key, serial), each read with enough codes."""

    found: ReadResult
    foreign: tuple[tuple[int | None, int], ...]
    conflicts: tuple[tuple[int, int], ...] = ()


def shown_in(found: ReadResult, min_codes: int) -> Shown:
    """Without a calibration a carrier's markers cannot be grouped by base: a tag counts once
    ``min_codes`` of its codes are read (one stray or misread marker shows nothing)."""
    ours = Counter(s.tag for s in found.sightings)
    theirs = Counter((f.key, f.serial) for f in found.foreign if not f.conflict)
    shared = Counter((f.key, f.serial) for f in found.foreign if f.conflict and f.key is not None)
    sightings = [s for s in found.sightings if ours[s.tag] >= min_codes]
    return Shown(
        ReadResult(sightings, found.rejected),
        tuple(sorted((c for c, n in theirs.items() if n >= min_codes), key=str)),
        tuple(sorted(c for c, n in shared.items() if n >= min_codes)),
    )
