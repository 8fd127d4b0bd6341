"""The modules (1 = dark) of the symbols we print: QR / Micro QR codes carrying a tag payload, and
ArUco/AprilTag markers. Shared by the label sheets and the synthetic renderer, so what the
benchmark reads is what the printer prints."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import segno

from vision.calibration import CORNER_DICTIONARY
from vision.tags import marker_dictionary

QUIET_MODULES = {"qr": 2, "micro": 2, "marker": 1}  # white margin printed around each symbol


@lru_cache(maxsize=1024)
def qr_modules(payload: str, error: str = "m", micro: bool = False) -> np.ndarray:
    """QR code of the smallest version ``payload`` fits (version 1 for every version-2 payload,
    ``vision/payload.py``) or, with ``micro``, Micro QR; no quiet zone. Read-only: each code is
    encoded once (the synthetic camera draws every sticker again in every frame)."""
    if micro:
        code = segno.make_micro(payload, error=error)
    else:
        code = segno.make_qr(payload, error=error, boost_error=False)
    modules = np.array(code.matrix, dtype=np.uint8)
    modules.setflags(write=False)
    return modules


def _modules(dictionary: cv2.aruco.Dictionary, marker_id: int) -> np.ndarray:
    side = dictionary.markerSize + 2
    return (cv2.aruco.generateImageMarker(dictionary, marker_id, side) < 128).astype(np.uint8)


def marker_modules(family: str, marker_id: int) -> np.ndarray:
    """An ArUco/AprilTag tag marker including its black border."""
    return _modules(marker_dictionary(family), marker_id)


def corner_modules(marker_id: int) -> np.ndarray:
    """A calibration corner marker (ArUco 5×5) including its black border."""
    return _modules(cv2.aruco.getPredefinedDictionary(CORNER_DICTIONARY), marker_id)
