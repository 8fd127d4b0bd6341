"""Label registration: which miniature wears which printed serial at this table.

Every tag ``companion labels tags`` prints carries only the table's *key* and a short *serial*
(so its symbol never grows with a catalog id): a QR sticker's version-2 payload (``2T07-13``,
``vision/payload.py``), or a carrier's markers, whose id is ``key × 50 + serial`` (ArUco 4×4 has
1000 ids: keys 0–19; AprilTag 36h11 587: keys 0–10). This file, written beside the printed sheet,
binds each serial to a :class:`TagId`::

    family: aruco4x4
    key: 7
    serials:
      0: "db:B45#1"
      1: "db:B45#2"

A code of another key is another table's, whatever its serial (docs/formats.md "Label
registration"). Files written before keys existed have ``markers:`` instead of ``serials:`` and no
key: they are key 0, whose marker ids are exactly the ids those carriers were printed with.

At a tournament a table also reads the carriers the two seated players printed at home with their
own keys: :func:`merge_registrations` joins registrations by key into a
:class:`MergedRegistration`, where a code two of them bind to different miniatures is a
*conflict* — flagged where it lies, never placed (docs/tournament.md "Players' own carriers").
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from companion.errors import DataFileError
from companion.yaml_files import parse_yaml, read_text
from vision.board_change import TagId
from vision.payload import MAX_SERIAL, TABLE_KEYS, TableSerial

MARKER_FAMILIES = ("aruco4x4", "apriltag36h11")
LABEL_FAMILIES = ("qr", *MARKER_FAMILIES)
# how many ids each marker family has (OpenCV's DICT_4X4_1000, DICT_APRILTAG_36h11)
MARKER_IDS = {"aruco4x4": 1000, "apriltag36h11": 587}
MARKER_SERIALS = 50  # serials per table key in a marker family
_TAG_TEXT = re.compile(r"(db|dc|ar):([A-Za-z0-9._-]{1,24})#([1-9][0-9]{0,2})")


def parse_tag_text(text: str) -> TagId:
    """``"db:B45#1"`` (the form ``str(TagId)`` prints) → ``TagId``."""
    match = _TAG_TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a tag like db:B45#1")
    game, catalog_id, serial = match.groups()
    return TagId(game, catalog_id, int(serial))


def serial_count(family: str) -> int:
    """Serials a table has in ``family``."""
    return MAX_SERIAL + 1 if family == "qr" else MARKER_SERIALS


def key_count(family: str) -> int:
    """Table keys ``family`` can tell apart."""
    if family == "qr":
        return TABLE_KEYS
    return min(TABLE_KEYS, MARKER_IDS[family] // MARKER_SERIALS)


def marker_code(marker_id: int) -> TableSerial:
    """The table key and serial a carrier's marker id stands for."""
    key, serial = divmod(marker_id, MARKER_SERIALS)
    return TableSerial(key, serial)


def new_key(family: str) -> int:
    """A random key for a table printing its first labels (0 is the keyless older carriers')."""
    return 1 + secrets.randbelow(key_count(family) - 1)


@dataclass(frozen=True)
class LabelRegistration:
    family: str
    serials: Mapping[int, TagId] = field(default_factory=dict)
    key: int = 0

    def __post_init__(self) -> None:
        if self.family not in LABEL_FAMILIES:
            raise ValueError(f"label family {self.family!r} is not one of {LABEL_FAMILIES}")
        if not 0 <= self.key < key_count(self.family):
            raise ValueError(f"{self.family} table keys go from 0 to {key_count(self.family) - 1}")
        if any(not 0 <= s < serial_count(self.family) for s in self.serials):
            raise ValueError(f"{self.family} serials go from 0 to {serial_count(self.family) - 1}")
        tags = list(self.serials.values())
        if len(set(tags)) != len(tags):
            raise ValueError("one tag is registered to two serials")

    @property
    def keys(self) -> frozenset[int]:
        """The table keys whose codes this registration reads."""
        return frozenset({self.key})

    def tag_for(self, code: TableSerial) -> TagId | None:
        """The miniature a code of this table names (``None``: no such serial here)."""
        return self.serials.get(code.serial) if code.key == self.key else None

    def conflicted(self, code: TableSerial) -> bool:
        """Whether two registrations bind ``code`` differently (never, for one alone)."""
        return False

    def marker_id(self, serial: int) -> int:
        """The marker id printed for ``serial`` (marker families)."""
        return self.key * MARKER_SERIALS + serial

    def serial_of(self, tag: TagId) -> int | None:
        return next((s for s, t in self.serials.items() if t == tag), None)

    def to_yaml(self) -> str:
        body = {
            "family": self.family,
            "key": self.key,
            "serials": {k: str(v) for k, v in self.serials.items()},
        }
        return yaml.safe_dump(body, sort_keys=True)


def assign_serials(
    family: str, tags: list[TagId], fixed: Mapping[TagId, int] | None = None, key: int = 0
) -> LabelRegistration:
    """Give every tag a serial: ``fixed`` serials are kept, the others get the lowest free ones
    in tag order. Raises ``ValueError`` when the table runs out of serials or one is reused."""
    if family not in LABEL_FAMILIES:
        raise ValueError(f"label family {family!r} is not one of {LABEL_FAMILIES}")
    count = serial_count(family)
    fixed = dict(fixed or {})
    if any(not 0 <= i < count for i in fixed.values()):
        raise ValueError(f"{family} serials go from 0 to {count - 1}")
    if len(set(fixed.values())) != len(fixed):
        raise ValueError("one serial is given to two tags")
    free = (i for i in range(count) if i not in set(fixed.values()))
    serials = {serial: tag for tag, serial in fixed.items()}
    for tag in sorted(set(tags) - set(fixed)):
        serial = next(free, None)
        if serial is None:
            raise ValueError(f"a table has only {count} {family} serials: too many tags")
        serials[serial] = tag
    return LabelRegistration(family, dict(sorted(serials.items())), key)


def load_registration(path: Path) -> LabelRegistration:
    return registration_from_text(read_text(path), str(path))


def registration_from_text(text: str, origin: str) -> LabelRegistration:
    """A registration file's text (as ``companion labels tags`` wrote it); ``DataFileError``
    names ``origin`` and the field that is wrong."""
    return registration_from_data(parse_yaml(text, origin, top=None), origin)


def registration_from_data(raw: object, origin: str) -> LabelRegistration:
    """A registration from its parsed form (YAML, or the JSON a hub sends: serials may be
    strings of digits there)."""
    if not isinstance(raw, dict):
        raise DataFileError(origin, "<root>", "a mapping with family, key and serials")
    family = raw.get("family")
    if family not in LABEL_FAMILIES:
        raise DataFileError(origin, "family", " or ".join(LABEL_FAMILIES))
    key = raw.get("key", 0)
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < key_count(family):
        raise DataFileError(origin, "key", f"a table key 0..{key_count(family) - 1}")
    name = "serials" if "serials" in raw or "markers" not in raw else "markers"  # older files
    serials_raw = raw.get(name)
    if not isinstance(serials_raw, dict):
        raise DataFileError(origin, name, "a mapping serial → tag")
    serials: dict[int, TagId] = {}
    for number, value in serials_raw.items():
        serial = int(number) if isinstance(number, str) and number.isdecimal() else number
        if isinstance(serial, bool) or not isinstance(serial, int):
            serial = -1
        if not 0 <= serial < serial_count(family):
            raise DataFileError(
                origin, f"{name}.{number}", f"a serial 0..{serial_count(family) - 1}"
            )
        try:
            serials[serial] = parse_tag_text(str(value))
        except ValueError as error:
            raise DataFileError(origin, f"{name}.{number}", "a tag like db:B45#1") from error
    try:
        return LabelRegistration(family, serials, key)
    except ValueError as error:
        raise DataFileError(origin, name, str(error)) from error


def registration_data(registration: LabelRegistration) -> dict[str, object]:
    """The JSON form of a registration (serials as strings: JSON keys are text)."""
    return {
        "family": registration.family,
        "key": registration.key,
        "serials": {str(k): str(v) for k, v in sorted(registration.serials.items())},
    }


@dataclass(frozen=True)
class MergedRegistration:
    """Several registrations of one family read together: ``codes`` (key and serial → tag) and
    ``conflicts``, the codes two registrations bind to different miniatures (a shared key)."""

    family: str
    codes: Mapping[TableSerial, TagId]
    conflicts: frozenset[TableSerial] = frozenset()
    keys: frozenset[int] = frozenset()

    def tag_for(self, code: TableSerial) -> TagId | None:
        return self.codes.get(code)

    def conflicted(self, code: TableSerial) -> bool:
        return code in self.conflicts


def merge_registrations(registrations: Sequence[LabelRegistration]) -> MergedRegistration:
    """Join ``registrations`` by key: every code any of them binds, except those two of them bind
    to different miniatures (``conflicts``: the camera must not guess whose it is). Pure;
    ``ValueError`` when they are not all of one family (a table reads one family of codes)."""
    if not registrations:
        raise ValueError("nothing to merge")
    families = {r.family for r in registrations}
    if len(families) != 1:
        raise ValueError(f"registrations of {' and '.join(sorted(families))} cannot be merged")
    bound: dict[TableSerial, set[TagId]] = {}
    for registration in registrations:
        for serial, tag in registration.serials.items():
            bound.setdefault(TableSerial(registration.key, serial), set()).add(tag)
    codes = {code: next(iter(tags)) for code, tags in bound.items() if len(tags) == 1}
    return MergedRegistration(
        registrations[0].family,
        dict(sorted(codes.items())),
        frozenset(code for code, tags in bound.items() if len(tags) > 1),
        frozenset(r.key for r in registrations),
    )


# what a tag reader takes: one table's registration, or several merged
Registration = LabelRegistration | MergedRegistration
