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

from vision.calibration import CornerLayout
from vision.payload import MAX_SERIAL, TABLE_KEYS, TableSerial, encode_table_payload
from vision.symbols import qr_modules
from vision.tags import MARKER_MODULES

# the longest sticker `companion labels tags` prints (its QR version 1 whatever the catalog id)
_LONGEST_STICKER = encode_table_payload(TableSerial(TABLE_KEYS - 1, MAX_SERIAL))
# modules across the printed symbols: that QR code, markers with their black border
MODULES = {"qr": int(qr_modules(_LONGEST_STICKER).shape[0]), **MARKER_MODULES}
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
    """QR if it reads reliably (the densest tag per module), else the reliable marker family
    with the most margin, else ``None``."""
    plans = [plan(map_mm, tag_mm, camera, f) for f in FAMILIES]
    if plans[0].reliable:
        return "qr"
    markers = [p for p in plans[1:] if p.reliable]
    if not markers:
        return None
    return max(markers, key=lambda p: p.px_per_module / p.threshold).family


# -- camera modes for the printed tag design (issue 14) ----------------------------------------

# px per module at and above which the carrier design identified every miniature standing on it
# (bench/vision.py "Tag designs": 100 % at 4.25 px/module, 93 % at 3.4 with soft optics)
CARRIER_RELIABLE_PX_PER_MODULE = 4.2
FIT_MARGIN = 1.05  # the camera is mounted so the map and its corner markers fill the short side


@dataclass(frozen=True)
class CameraMode:
    width: int
    height: int
    fps: float  # the sensor mode's top frame rate

    def __str__(self) -> str:
        return f"{self.width}x{self.height}"


@dataclass(frozen=True)
class CameraModel:
    name: str
    sensor: str | None  # what picamera2 reports as camera_properties["Model"]
    modes: tuple[CameraMode, ...]  # full field of view modes (binned, not cropped)
    # the lens's horizontal field of view as sold (None: it depends on the lens fitted); what the
    # set-up check turns pixels per mm into the camera's height with, before a lens calibration
    hfov_deg: float | None = None


# Sensor modes as libcamera lists them (rpicam-hello --list-cameras); a USB webcam's usual ones.
IMX708_MODES = (
    CameraMode(4608, 2592, 14.35),
    CameraMode(2304, 1296, 56.03),
    CameraMode(1536, 864, 120.13),
)
CAMERAS = {
    # fields of view: Raspberry Pi's camera documentation (66° and 102° horizontal)
    "camera-module-3": CameraModel("Raspberry Pi Camera Module 3", "imx708", IMX708_MODES, 66.0),
    "camera-module-3-wide": CameraModel(
        "Raspberry Pi Camera Module 3 Wide", "imx708_wide", IMX708_MODES, 102.0
    ),
    "hq-camera": CameraModel(
        "Raspberry Pi HQ Camera",
        "imx477",
        (
            CameraMode(4056, 3040, 10.0),
            CameraMode(2028, 1520, 40.01),
            CameraMode(1332, 990, 120.05),
        ),
    ),
    "usb-1080p": CameraModel(
        "USB webcam (1080p)", None, (CameraMode(1920, 1080, 30.0), CameraMode(1280, 720, 30.0))
    ),
}


@dataclass(frozen=True)
class ModePlan:
    mode: CameraMode
    px_per_mm: float
    px_per_module: float
    threshold: float

    @property
    def reliable(self) -> bool:
        return self.px_per_module >= self.threshold


def map_view_mm(map_mm: float = 450.0, layout: CornerLayout | None = None) -> float:
    """What the camera must see across: the map and its corner markers."""
    layout = layout or CornerLayout()
    return map_mm + 2 * (layout.gap_mm + layout.size_mm)


def plan_modes(model: CameraModel, seen_mm: float, module_mm: float) -> list[ModePlan]:
    """Each mode of ``model`` with the camera mounted so ``seen_mm`` (the map and its corner
    markers) fills the image's short side, judged for the printed design's ``module_mm``."""
    if seen_mm <= 0 or module_mm <= 0:
        raise ValueError("the seen width and the module size must be positive")
    plans = []
    for mode in model.modes:
        px_per_mm = min(mode.width, mode.height) / (seen_mm * FIT_MARGIN)
        plans.append(
            ModePlan(mode, px_per_mm, px_per_mm * module_mm, CARRIER_RELIABLE_PX_PER_MODULE)
        )
    return plans


def recommend_mode(model: CameraModel, seen_mm: float, module_mm: float) -> ModePlan | None:
    """The fastest mode that reads the printed design reliably, or ``None``."""
    reliable = [p for p in plan_modes(model, seen_mm, module_mm) if p.reliable]
    return max(reliable, key=lambda p: p.mode.fps) if reliable else None


def camera_for_sensor(sensor: str) -> CameraModel | None:
    return next((m for m in CAMERAS.values() if m.sensor == sensor), None)
