"""The carrier: the tag a miniature stands on.

A figure stands on the middle of its 25 mm base and, seen from above, hides most of it,
so a code printed on the base is lost. The carrier is a white disc (40 mm across, so four fit in a
cell) glued under the base: the base sits in its middle, and ``markers`` small ArUco markers lie on
the ring around it, each with its top edge pointing away from the centre. Every marker carries the
same id — the table's key and the miniature's short serial on it, which the table's label
registration resolves to its tag (a carrier of another table has another key) — so a figure
leaning over part of the ring, or a neighbour's figure over another part, still leaves several
markers to read, and density never depends on a miniature's name.

Because each marker points outwards, one marker alone tells where the base centre is: the marker
centre minus the ring radius along the marker's top direction. The pipeline groups a miniature's
markers by that centre and places it there (never one placement per marker).

Map frame: millimetres, ``x`` along seat A's edge, ``y`` towards seat B — a right-handed frame seen
from above, the same as a printed page (``x`` right, ``y`` up).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.tags import MARKER_MODULES

QUIET_MM = 0.7  # white kept between a marker and the base or the disc edge


@dataclass(frozen=True)
class Carrier:
    family: str = "aruco4x4"
    disc_mm: float = 40.0
    base_mm: float = 25.0
    markers: int = 8
    marker_mm: float = 5.6  # black border included

    def __post_init__(self) -> None:
        if self.family not in MARKER_MODULES:
            raise ValueError(
                f"carrier family {self.family!r} is not one of {tuple(MARKER_MODULES)}"
            )
        if not 0 < self.base_mm < self.disc_mm <= 40.0:
            raise ValueError("the base must be smaller than the disc, and the disc at most 40 mm")
        if self.markers < 2:
            raise ValueError("a carrier needs at least two markers (one may be hidden)")
        half = self.marker_mm / 2
        inner = self.ring_mm - half
        outer = math.hypot(self.ring_mm + half, half)
        if inner < self.base_mm / 2 + QUIET_MM or outer > self.disc_mm / 2 - QUIET_MM / 2:
            raise ValueError(
                f"{self.marker_mm:g} mm markers do not fit on the ring between the "
                f"{self.base_mm:g} mm base and the {self.disc_mm:g} mm disc"
            )
        gap = 2 * inner * math.sin(math.pi / self.markers) - self.marker_mm
        if gap < QUIET_MM:
            raise ValueError(f"{self.markers} markers of {self.marker_mm:g} mm overlap")

    @property
    def ring_mm(self) -> float:
        """Radius of the circle through the marker centres (the middle of the ring)."""
        return (self.disc_mm + self.base_mm) / 4

    @property
    def module_mm(self) -> float:
        return self.marker_mm / MARKER_MODULES[self.family]

    def marker_poses(self) -> tuple[tuple[float, float, float], ...]:
        """(dx, dy, outward angle in degrees) of each marker, relative to the base centre."""
        poses = []
        for k in range(self.markers):
            a = 360.0 * k / self.markers + 90.0
            r = math.radians(a)
            poses.append((self.ring_mm * math.cos(r), self.ring_mm * math.sin(r), a))
        return tuple(poses)

    def base_centre(self, corners_mm: np.ndarray) -> tuple[float, float]:
        """Where the base centre is, from one marker's four corners in map mm (top-left,
        top-right, bottom-right, bottom-left of the marker as printed)."""
        c = np.asarray(corners_mm, dtype=np.float64).reshape(4, 2)
        up = (c[0] + c[1]) / 2 - (c[2] + c[3]) / 2
        norm = float(np.linalg.norm(up))
        centre = c.mean(axis=0)
        if norm < 1e-9:
            return float(centre[0]), float(centre[1])
        x, y = centre - self.ring_mm * up / norm
        return float(x), float(y)

    def describe(self) -> str:
        return (
            f"{self.disc_mm:g} mm carrier disc under a {self.base_mm:g} mm base, {self.markers} "
            f"{self.family} markers of {self.marker_mm:g} mm ({self.module_mm:.2f} mm per module)"
        )


DEFAULT_CARRIER = Carrier()
