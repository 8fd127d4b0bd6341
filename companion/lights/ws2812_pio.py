"""Raspberry Pi 5 backend through the kernel's ``ws2812-pio`` overlay (``/dev/leds0``).

Raspberry Pi kernels since late 2024 ship the ``ws2812-pio-rp1`` driver: ``dtoverlay=ws2812-pio,
gpio=18,num_leds=N`` in ``config.txt`` makes an RP1 PIO state machine drive the chain and creates
the character device ``/dev/leds<n>`` (``leds0`` for the first). What the driver expects
(``drivers/misc/ws2812-pio-rp1.c`` and the overlay README in the Raspberry Pi kernel tree):

- frames are written at offset 0 as **4 bytes per LED in R, G, B, W order**; the driver sends
  each LED as G, R, B (and W on RGBW chains) on the wire. A write that fills the whole buffer
  (``num_leds`` × 4 bytes) goes out at once; a shorter one is padded with dark LEDs and sent
  after a 50 ms delay.
- a **single byte written at offset 0 sets the brightness**; 0 turns on pass-through, with no
  brightness or gamma of the driver's own.

Our renderer already applied gamma, brightness, the current limit and the layout's colour order,
so the device is opened in pass-through and every LED's three wire bytes ``w0 w1 w2`` are written
as R=w1, G=w0, B=w2 (W=0): the driver then sends ``w0 w1 w2``, exactly what we computed, whatever
the layout's colour order. The frame is padded to the overlay's ``num_leds`` (read from the device
tree) so it goes out at once. No library and no root are needed, only write access to the device
(the table runs as root; see docs/hardware.md).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from companion.lights.base import Lights
from firmware_config.layout import CompiledLayout

DEVICE = Path("/dev/leds0")
DEVICE_TREE = Path("/proc/device-tree")
PIXEL_BYTES = 4
PASS_THROUGH = b"\x00"  # brightness 0: the driver adds no brightness or gamma of its own


def overlay_led_count(device_tree: Path) -> int | None:
    """``num_leds`` the overlay was loaded with (``rpi,num-leds`` of its ``ws2812_pio@…`` node,
    one big-endian 32-bit cell); ``None`` when there is not exactly one such node."""
    found = sorted(device_tree.glob("ws2812_pio@*/rpi,num-leds"))
    if len(found) != 1:
        return None
    value = found[0].read_bytes()
    return int.from_bytes(value[:4], "big") if len(value) >= 4 else None


def device_bytes(pixels: bytes, leds: int) -> bytes:
    """3 wire bytes per LED → the driver's R, G, B, W bytes for ``leds`` LEDs (the rest dark),
    arranged so the driver's G, R, B output order sends the wire bytes unchanged."""
    wire = np.frombuffer(pixels, dtype=np.uint8).reshape(-1, 3)
    out = np.zeros((leds, PIXEL_BYTES), dtype=np.uint8)
    count = min(len(wire), leds)
    out[:count, 0] = wire[:count, 1]  # R goes out second
    out[:count, 1] = wire[:count, 0]  # G goes out first
    out[:count, 2] = wire[:count, 2]  # B goes out third
    return out.tobytes()


class Ws2812PioLights(Lights):
    name = "ws2812-pio"

    def __init__(
        self, layout: CompiledLayout, device: Path | None = None, device_tree: Path | None = None
    ) -> None:
        super().__init__(layout)
        device = device or DEVICE
        overlay_leds = overlay_led_count(device_tree or DEVICE_TREE)
        if overlay_leds is not None and overlay_leds < layout.led_count:
            raise RuntimeError(
                f"the ws2812-pio overlay drives {overlay_leds} LEDs but layout {layout.name} "
                f"has {layout.led_count}: set num_leds={layout.led_count} on its dtoverlay line"
            )
        self._leds = overlay_leds or layout.led_count
        self._fd = os.open(device, os.O_WRONLY)  # FileNotFoundError: no overlay loaded
        try:
            os.pwrite(self._fd, PASS_THROUGH, 0)
            self.off()  # start dark; a device that refuses writes fails here, not mid-game
        except OSError:
            os.close(self._fd)
            raise

    def push(self, pixels: bytes) -> None:
        os.pwrite(self._fd, device_bytes(pixels, self._leds), 0)

    def close(self) -> None:
        try:
            super().close()
        finally:
            os.close(self._fd)
