"""Camera planner: from map size, tag size and camera (resolution, field of view, height above
the table) to pixels per tag module and a verdict.

Thresholds come from ``bench/vision.py`` (see ``docs/hardware.md``, "Camera"): zxing-cpp read
≥ 99 % of uncovered QR codes from about 3 px per module and well under half at 2.5; the OpenCV
marker families need fewer pixels per module but have fewer modules to begin with.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from vision.tags import MARKER_MODULES

# modules across: QR version 1, Micro QR M3 (what a B45-style payload needs), markers with border
MODULES = {"qr": 21, "microqr": 15, **MARKER_MODULES}
# px per module at and above which reads are reliable, per family (bench/vision.py)
RELIABLE_PX_PER_MODULE = {"qr": 3.0, "microqr": 3.0, "aruco4x4": 2.5, "apriltag36h11": 2.5}
FAMILIES = tuple(RELIABLE_PX_PER_MODULE)


@dataclass(frozen=True)
class CameraSpec:
    width_px: int
    height_px: int
    hfov_deg: float
    height_mm: float  # lens above the table

    def __post_init__(self) -> None:
        if self.width_px < 1 or self.height_px < 1 or self.height_mm <= 0:
            raise ValueError("resolution and height must be positive")
        if not 1 <= self.hfov_deg < 179:
            raise ValueError("horizontal field of view must be within 1..179 degrees")

    @property
    def footprint_mm(self) -> tuple[float, float]:
        """Table area seen straight down (width, height)."""
        width = 2 * self.height_mm * math.tan(math.radians(self.hfov_deg) / 2)
        return width, width * self.height_px / self.width_px


@dataclass(frozen=True)
class Plan:
    family: str
    px_per_mm: float
    px_per_module: float
    threshold: float
    map_fits: bool
    footprint_mm: tuple[float, float]

    @property
    def reliable(self) -> bool:
        return self.map_fits and self.px_per_module >= self.threshold


def plan(map_mm: float, tag_mm: float, camera: CameraSpec, family: str = "qr") -> Plan:
    """``map_mm``: the map's side plus the corner markers (the camera must see all of it)."""
    if family not in MODULES:
        raise ValueError(f"tag family {family!r} is not one of {', '.join(FAMILIES)}")
    if map_mm <= 0 or tag_mm <= 0:
        raise ValueError("map and tag sizes must be positive")
    fw, fh = camera.footprint_mm
    px_per_mm = camera.width_px / fw
    return Plan(
        family,
        px_per_mm,
        px_per_mm * tag_mm / MODULES[family],
        RELIABLE_PX_PER_MODULE[family],
        map_mm <= min(fw, fh),
        (fw, fh),
    )


def recommend(map_mm: float, tag_mm: float, camera: CameraSpec) -> str | None:
    """QR, then Micro QR, if it reads reliably (they need no marker registration), else the
    reliable marker family with the most margin, else ``None``."""
    plans = [plan(map_mm, tag_mm, camera, f) for f in FAMILIES]
    for p in plans[:2]:
        if p.reliable:
            return p.family
    markers = [p for p in plans[2:] if p.reliable]
    if not markers:
        return None
    return max(markers, key=lambda p: p.px_per_module / p.threshold).family
