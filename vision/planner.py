"""Camera planner: from map size, tag size and camera (resolution, field of view, height above
the table) to pixels per tag module and a verdict.

Thresholds come from ``bench/vision.py`` (see ``docs/hardware.md``, "Camera"): zxing-cpp read
every uncovered QR code at 2.5 and 3.3 px per module and about half at 2.0, so QR gets 3.0 (a
margin for real lenses and light); ArUco 4×4 read 98.2 % at 3.2 and 100 % at 4.1, AprilTag 36h11
84.7 % at 2.4 and 99.1 % at 3.1, so both get 4.0. Micro QR read worse than QR at more pixels per
module (61.6 % at 2.8), so the planner never recommends it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from vision.tags import MARKER_MODULES

# modules across: QR version 1, markers with their black border
MODULES = {"qr": 21, **MARKER_MODULES}
# px per module at and above which reads are reliable, per family (bench/vision.py)
RELIABLE_PX_PER_MODULE = {"qr": 3.0, "aruco4x4": 4.0, "apriltag36h11": 4.0}
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
    """QR if it reads reliably (it needs no marker registration), else the reliable marker family
    with the most margin, else ``None``."""
    plans = [plan(map_mm, tag_mm, camera, f) for f in FAMILIES]
    if plans[0].reliable:
        return "qr"
    markers = [p for p in plans[1:] if p.reliable]
    if not markers:
        return None
    return max(markers, key=lambda p: p.px_per_module / p.threshold).family
