"""How this table reads its printed tags: carriers when ``camera.markers`` names a carrier label
registration, QR (or marker) stickers otherwise — the version-2 stickers of the registration, or,
with none, the older stickers naming their miniature (docs/formats.md "Label registration").
The camera loop and the panel's tag scan read through the same :func:`tag_reading`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from vision.carrier import DEFAULT_CARRIER
from vision.pipeline import PipelineConfig
from vision.registration import MARKER_FAMILIES, load_registration
from vision.tags import MarkerReader, ReadResult, TagReader, make_reader


@dataclass(frozen=True)
class TagReading:
    reader: TagReader
    config: PipelineConfig

    @property
    def min_codes(self) -> int:
        """Codes of one tag that must be read before it counts (a carrier's markers)."""
        return self.config.min_codes if self.config.carrier is not None else 1


def tag_reading(decoder: str, markers: Path | None) -> TagReading:
    """The reader and pipeline settings for the printed tags; ``DataFileError`` names a
    registration that does not load."""
    if markers is None:
        return TagReading(make_reader(decoder), PipelineConfig())
    registration = load_registration(markers)
    if registration.family not in MARKER_FAMILIES:
        return TagReading(make_reader(decoder, registration), PipelineConfig())
    carrier = DEFAULT_CARRIER if registration.family == DEFAULT_CARRIER.family else None
    return TagReading(MarkerReader(registration), PipelineConfig(carrier=carrier))


@dataclass(frozen=True)
class Shown:
    """What a frame shows, anywhere in it (no calibration): ``found`` with only this table's tags
    read with enough codes, and ``foreign``: other tables' tags (key, serial; key ``None``: an
    older sticker naming no table) read with enough codes."""

    found: ReadResult
    foreign: tuple[tuple[int | None, int], ...]


def shown_in(found: ReadResult, min_codes: int) -> Shown:
    """Without a calibration a carrier's markers cannot be grouped by base: a tag counts once
    ``min_codes`` of its codes are read (one stray or misread marker shows nothing)."""
    ours = Counter(s.tag for s in found.sightings)
    theirs = Counter((f.key, f.serial) for f in found.foreign)
    sightings = [s for s in found.sightings if ours[s.tag] >= min_codes]
    return Shown(
        ReadResult(sightings, found.rejected),
        tuple(sorted((c for c, n in theirs.items() if n >= min_codes), key=str)),
    )
