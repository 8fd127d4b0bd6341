"""Reading tags in a grey image: QR/Micro QR with zxing-cpp (default) or pyzbar, or a marker
family (ArUco 4×4, AprilTag 36h11) through OpenCV's ``cv2.aruco``.

Every reader turns what it finds into :class:`Sighting` objects (tag + where, in image pixels).
A code of another table — another key in its payload or marker id, or, at a table with a label
registration, an older sticker naming no table — is kept apart as a :class:`Foreign` sighting
(``observe.place`` flags where it lies), and so is a code two merged registrations bind to
different miniatures (``conflict``: two players printed with one key); text that is not our
payload, or a serial this table did not register, is counted in :attr:`ReadResult.rejected` and
otherwise ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

import cv2
import numpy as np

from vision.board_change import TagId
from vision.payload import PayloadError, TableSerial, parse_payload
from vision.registration import Registration, marker_code

Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]
READERS = ("zxing", "pyzbar", "aruco4x4", "apriltag36h11")
DEFAULT_READER = "zxing"


def quad(points: Iterable[Iterable[float]]) -> Quad:
    """Four (x, y) corners as floats."""
    a, b, c, d = (tuple(float(v) for v in p) for p in points)
    return (a[0], a[1]), (b[0], b[1]), (c[0], c[1]), (d[0], d[1])


@dataclass(frozen=True)
class Sighting:
    tag: TagId
    corners: Quad

    @property
    def centre(self) -> Point:
        xs = [p[0] for p in self.corners]
        ys = [p[1] for p in self.corners]
        return sum(xs) / 4, sum(ys) / 4


@dataclass(frozen=True)
class Foreign:
    """A code of another table: its key and serial there (``key`` ``None``: an older sticker
    naming its miniature but no table, read at a table with a registration of its own);
    ``conflict``: a code of a key this table reads that two registrations bind differently."""

    key: int | None
    serial: int
    corners: Quad
    conflict: bool = False


@dataclass
class ReadResult:
    sightings: list[Sighting] = field(default_factory=list)
    rejected: int = 0
    foreign: list[Foreign] = field(default_factory=list)

    def extend(self, other: ReadResult) -> None:
        self.sightings.extend(other.sightings)
        self.rejected += other.rejected
        self.foreign.extend(other.foreign)

    def add(
        self, code: TagId | TableSerial, corners: Quad, registration: Registration | None
    ) -> None:
        """Sort one code read: this table's tag, another table's, one two registrations bind
        differently, or not one we know."""
        if isinstance(code, TagId):  # an older sticker naming its miniature
            if registration is None:
                self.sightings.append(Sighting(code, corners))
            else:
                self.foreign.append(Foreign(None, code.serial, corners))
        elif registration is None or code.key not in registration.keys:
            self.foreign.append(Foreign(code.key, code.serial, corners))
        elif registration.conflicted(code):
            self.foreign.append(Foreign(code.key, code.serial, corners, conflict=True))
        else:
            tag = registration.tag_for(code)
            if tag is None:
                self.rejected += 1
            else:
                self.sightings.append(Sighting(tag, corners))


class TagReader(Protocol):
    name: str

    def read(self, gray: np.ndarray) -> ReadResult: ...


def _from_texts(found: Iterable[tuple[str, Quad]], registration: Registration | None) -> ReadResult:
    result = ReadResult()
    for text, corners in found:
        try:
            code = parse_payload(text)
        except PayloadError:
            result.rejected += 1
            continue
        result.add(code, corners, registration)
    return result


class ZxingReader:
    """zxing-cpp, light-on-dark (inverted) codes included. ``thorough`` adds its rotate and
    downscale passes (slower, and issue 5 found no gain on top-down tables). With the table's
    QR ``registration`` its version-2 stickers are resolved; without one, older stickers that
    name their miniature are read."""

    name = "zxing"

    def __init__(self, thorough: bool = False, registration: Registration | None = None) -> None:
        import zxingcpp

        self._zxing = zxingcpp
        self._registration = registration
        self._formats = zxingcpp.barcode_formats_from_str("QRCode,MicroQRCode")
        self._thorough = thorough

    def read(self, gray: np.ndarray) -> ReadResult:
        codes = self._zxing.read_barcodes(
            np.ascontiguousarray(gray),
            formats=self._formats,
            try_rotate=self._thorough,
            try_downscale=self._thorough,
            try_invert=True,
        )
        found = []
        for code in codes:
            p = code.position
            corners = quad(
                (q.x, q.y) for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
            )
            found.append((code.text, corners))
        return _from_texts(found, self._registration)


class PyzbarReader:
    """ZBar through pyzbar (needs the system ``libzbar0``)."""

    name = "pyzbar"

    def __init__(self, registration: Registration | None = None) -> None:
        from pyzbar import pyzbar

        self._pyzbar = pyzbar
        self._registration = registration

    def read(self, gray: np.ndarray) -> ReadResult:
        codes = self._pyzbar.decode(gray, symbols=[self._pyzbar.ZBarSymbol.QRCODE])
        found = []
        for code in codes:
            try:
                text = code.data.decode("utf-8")
            except UnicodeDecodeError:
                text = ""
            points = [(float(q.x), float(q.y)) for q in code.polygon]
            if len(points) != 4:
                x, y, w, h = code.rect
                points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            found.append((text, quad(points)))
        return _from_texts(found, self._registration)


# Every id of the family: a table's serials are one block of 50 ids, its key the block
# (registration.py); DICT_4X4_50 is the first block of DICT_4X4_1000.
_DICTIONARIES = {
    "aruco4x4": cv2.aruco.DICT_4X4_1000,
    "apriltag36h11": cv2.aruco.DICT_APRILTAG_36h11,
}
# Modules across a marker, black border included (what the camera planner needs).
MARKER_MODULES = {"aruco4x4": 6, "apriltag36h11": 8}
MIN_MARKER_PERIMETER_PX = 48.0  # 12 px a side: 2 px per module for ArUco 4×4


def marker_dictionary(family: str) -> cv2.aruco.Dictionary:
    if family not in _DICTIONARIES:
        raise ValueError(f"marker family {family!r} is not one of {tuple(_DICTIONARIES)}")
    return cv2.aruco.getPredefinedDictionary(_DICTIONARIES[family])


class MarkerReader:
    """ArUco/AprilTag markers: a marker id is a table key and a serial, which this table's
    label registration binds to a miniature."""

    def __init__(self, registration: Registration) -> None:
        if registration.family not in _DICTIONARIES:
            raise ValueError(f"{registration.family} is not a marker family")
        self.name = registration.family
        self._registration = registration
        self._parameters = cv2.aruco.DetectorParameters()
        self._parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        self._parameters.detectInvertedMarker = True  # light-on-dark markers read too
        # Two threshold windows instead of three: the same recall in bench/vision.py, faster.
        self._parameters.adaptiveThreshWinSizeMin = 5
        self._parameters.adaptiveThreshWinSizeMax = 15
        self._parameters.adaptiveThreshWinSizeStep = 10
        self._detector = cv2.aruco.ArucoDetector(
            marker_dictionary(registration.family), self._parameters
        )
        self._size: tuple[int, int] = (0, 0)

    def _fit_to(self, gray: np.ndarray) -> None:
        """OpenCV bounds marker size relative to the image; ours is absolute (a marker below
        2 px per module cannot be read), so the rate follows the image size (frames, crops)."""
        size = (int(gray.shape[0]), int(gray.shape[1]))
        if size != self._size:
            self._size = size
            self._parameters.minMarkerPerimeterRate = MIN_MARKER_PERIMETER_PX / max(size)
            self._detector.setDetectorParameters(self._parameters)

    def read(self, gray: np.ndarray) -> ReadResult:
        self._fit_to(gray)
        corners, ids, _rejected = self._detector.detectMarkers(gray)
        result = ReadResult()
        if ids is None:
            return result
        for corners_of, marker_id in zip(corners, ids.ravel(), strict=True):
            code = marker_code(int(marker_id))
            result.add(code, quad(corners_of.reshape(4, 2)), self._registration)
        return result


def make_reader(name: str, registration: Registration | None = None) -> TagReader:
    """The reader called ``name`` (one of :data:`READERS`); QR readers take the table's QR
    registration, if any."""
    if name in ("zxing", "pyzbar"):
        if registration is not None and registration.family != "qr":
            raise ValueError(f"the {name} reader reads QR stickers, not {registration.family}")
        return (
            ZxingReader(registration=registration)
            if name == "zxing"
            else PyzbarReader(registration)
        )
    if name in _DICTIONARIES:
        if registration is None or registration.family != name:
            raise ValueError(f"the {name} reader needs a {name} label registration")
        return MarkerReader(registration)
    raise ValueError(f"unknown tag reader {name!r}; expected one of {', '.join(READERS)}")
