"""How this table reads its printed tags: carriers when ``camera.markers`` names a carrier label
registration, QR (or marker) stickers otherwise — the version-2 stickers of the registration, or,
with none, the older stickers naming their miniature (docs/formats.md "Label registration").
The camera loop and the panel's tag scan read through the same :func:`tag_reading`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vision.carrier import DEFAULT_CARRIER
from vision.pipeline import PipelineConfig
from vision.registration import MARKER_FAMILIES, load_registration
from vision.tags import MarkerReader, TagReader, make_reader


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
