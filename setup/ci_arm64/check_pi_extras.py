"""In the arm64 root: the `pi` extras and OpenCV load as aarch64 code, and rpi_ws281x's compiled
driver runs through our backend (it stops at the hardware check, as it must off a Pi) and the
process then ends cleanly (the library's exit handler must not finish a strip that never began:
companion/lights/ws281x.py). Exits non-zero otherwise."""

from __future__ import annotations

import importlib.metadata
import platform
import sys

from companion.games import fixed_maps
from companion.lights.ws281x import Ws281xLights
from firmware_config.layout import load_layout
from firmware_config.pins import LedPins


def main() -> int:
    if platform.machine() != "aarch64":
        print(f"not aarch64 but {platform.machine()}", file=sys.stderr)
        return 1
    import adafruit_raspberry_pi5_neopixel_write
    import cv2
    import rpi_ws281x

    for dist in ("rpi_ws281x", "Adafruit-Blinka-Raspberry-Pi5-Neopixel"):
        print(f"{dist} {importlib.metadata.version(dist)}")
    print(f"opencv {cv2.__version__} ({cv2.__file__})")
    print(f"pi5 neopixel: {adafruit_raspberry_pi5_neopixel_write.__file__}")
    print(f"rpi_ws281x: {rpi_ws281x.__file__}")
    layout = load_layout("matrix16x16", fixed_maps())
    try:
        Ws281xLights(layout, LedPins(data_pin=18, dma=10, freq_hz=800_000, invert=False))
    except RuntimeError as error:  # no Pi hardware here: the C driver says so
        print(f"rpi_ws281x's compiled driver ran: {error}", flush=True)
        return 0
    print("rpi_ws281x opened hardware in an emulated root?", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
