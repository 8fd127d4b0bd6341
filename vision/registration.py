"""Marker registration: which miniature wears which ArUco/AprilTag marker id.

Marker tags carry only a number, so the warband registration at game setup binds each marker id to
a :class:`TagId`. The YAML form is a mapping ``family`` + ``markers: {id: "db:B45#1"}``::

    family: aruco4x4
    markers:
      7: "db:B45#1"
      8: "db:B45#2"
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from companion.errors import DataFileError
from vision.board_change import TagId

MARKER_FAMILIES = ("aruco4x4", "apriltag36h11")
_TAG_TEXT = re.compile(r"(db|dc|ar):([A-Za-z0-9._-]{1,24})#([1-9][0-9]{0,2})")


def parse_tag_text(text: str) -> TagId:
    """``"db:B45#1"`` (the form ``str(TagId)`` prints) → ``TagId``."""
    match = _TAG_TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a tag like db:B45#1")
    game, catalog_id, serial = match.groups()
    return TagId(game, catalog_id, int(serial))


@dataclass(frozen=True)
class MarkerRegistration:
    family: str
    markers: Mapping[int, TagId] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.family not in MARKER_FAMILIES:
            raise ValueError(f"marker family {self.family!r} is not one of {MARKER_FAMILIES}")
        tags = list(self.markers.values())
        if len(set(tags)) != len(tags):
            raise ValueError("one tag is registered to two marker ids")

    def tag_for(self, marker_id: int) -> TagId | None:
        return self.markers.get(marker_id)

    def to_yaml(self) -> str:
        body = {"family": self.family, "markers": {k: str(v) for k, v in self.markers.items()}}
        return yaml.safe_dump(body, sort_keys=True)


# how many ids each family has (OpenCV's predefined dictionaries DICT_4X4_50, DICT_APRILTAG_36h11)
MARKER_IDS = {"aruco4x4": 50, "apriltag36h11": 587}


def assign_markers(
    family: str, tags: list[TagId], fixed: Mapping[TagId, int] | None = None
) -> MarkerRegistration:
    """Give every tag a marker id: ``fixed`` ids are kept, the others get the lowest free ids in
    tag order. Raises ``ValueError`` when the family runs out of ids or an id is reused."""
    if family not in MARKER_IDS:
        raise ValueError(f"marker family {family!r} is not one of {MARKER_FAMILIES}")
    fixed = dict(fixed or {})
    if any(not 0 <= i < MARKER_IDS[family] for i in fixed.values()):
        raise ValueError(f"{family} marker ids go from 0 to {MARKER_IDS[family] - 1}")
    if len(set(fixed.values())) != len(fixed):
        raise ValueError("one marker id is given to two tags")
    free = (i for i in range(MARKER_IDS[family]) if i not in set(fixed.values()))
    markers = {marker: tag for tag, marker in fixed.items()}
    for tag in sorted(set(tags) - set(fixed)):
        marker = next(free, None)
        if marker is None:
            raise ValueError(f"{family} has only {MARKER_IDS[family]} ids: too many tags")
        markers[marker] = tag
    return MarkerRegistration(family, dict(sorted(markers.items())))


def load_registration(path: Path) -> MarkerRegistration:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise DataFileError(str(path), "<file>", f"readable YAML ({error})") from error
    if not isinstance(raw, dict):
        raise DataFileError(str(path), "<root>", "a mapping with family and markers")
    family = raw.get("family")
    if family not in MARKER_FAMILIES:
        raise DataFileError(str(path), "family", " or ".join(MARKER_FAMILIES))
    markers_raw = raw.get("markers")
    if not isinstance(markers_raw, dict):
        raise DataFileError(str(path), "markers", "a mapping marker id → tag")
    markers: dict[int, TagId] = {}
    for key, value in markers_raw.items():
        if not isinstance(key, int) or key < 0:
            raise DataFileError(str(path), f"markers.{key}", "a marker id ≥ 0")
        try:
            markers[key] = parse_tag_text(str(value))
        except ValueError as error:
            raise DataFileError(str(path), f"markers.{key}", "a tag like db:B45#1") from error
    try:
        return MarkerRegistration(family, markers)
    except ValueError as error:
        raise DataFileError(str(path), "markers", str(error)) from error
