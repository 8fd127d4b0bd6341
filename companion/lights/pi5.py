"""Raspberry Pi 5 backend through Adafruit's Pi 5 NeoPixel library (PIO of the RP1 chip).

rpi_ws281x cannot drive the Pi 5: its PWM/PCM/DMA peripherals moved into the RP1 I/O chip. Two
ways remain: SPI (``adafruit_neopixel_spi``, only on the SPI MOSI pin, bit timing shaped from SPI
bytes) or the RP1's PIO state machines through ``adafruit-blinka-raspberry-pi5-neopixel``. We use
PIO: any GPIO works (the same GPIO 18 as on older Pis, so one HAT fits both), the timing is exact
in hardware, and no root is needed — only access to ``/dev/pio0``.

``adafruit_raspberry_pi5_neopixel_write.neopixel_write(pin, buf)`` sends ``buf`` as it is (no
reordering); ``pin`` is any object with an ``id`` attribute holding the GPIO number (Blinka's
``board.D18`` is one).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from companion.lights.base import Lights
from firmware_config.layout import CompiledLayout
from firmware_config.pins import LedPins

MODULE = "adafruit_raspberry_pi5_neopixel_write"


@dataclass(frozen=True)
class GpioPin:
    """The pin object ``neopixel_write`` expects: it reads the GPIO number from ``id``."""

    id: int


class Pi5Lights(Lights):
    name = "pi5"

    def __init__(self, layout: CompiledLayout, pins: LedPins) -> None:
        super().__init__(layout)
        self._write = importlib.import_module(MODULE).neopixel_write
        self._pin = GpioPin(pins.data_pin)
        self.off()  # start dark; a missing or forbidden /dev/pio0 fails here, not mid-game

    def push(self, pixels: bytes) -> None:
        self._write(self._pin, bytearray(pixels))
