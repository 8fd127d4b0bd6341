"""In the arm64 root: the `pi` extras and OpenCV load as aarch64 code, and rpi_ws281x's compiled
driver runs (it stops at the hardware check, as it must off a Pi). Exits non-zero otherwise."""

from __future__ import annotations

import importlib.metadata
import os
import platform
import sys


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
    strip = rpi_ws281x.PixelStrip(4, 10, 800_000, 10, False, 255, 0, rpi_ws281x.WS2811_STRIP_RGB)
    try:
        strip.begin()
    except RuntimeError as error:  # no Pi hardware here: the C driver says so
        print(f"rpi_ws281x's compiled driver ran: {error}", flush=True)
        # rpi_ws281x 5.0.0's finaliser (PixelStrip.__del__ -> ws2811_fini) crashes on a strip
        # whose begin() failed (seen here under qemu): leave before it runs.
        os._exit(0)
    print("rpi_ws281x opened hardware in an emulated root?", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
