"""rpi_ws281x backend for the Raspberry Pi 3, 4 and Zero 2 W.

``rpi_ws281x.PixelStrip(num, pin, freq_hz, dma, invert, brightness, channel, strip_type)`` drives
the chain through PWM (GPIO 12/18 channel 0, 13/19 channel 1), PCM (GPIO 21) or SPI (GPIO 10).
Our renderer already applied gamma, brightness, the current limit and the colour order, so the
strip is opened with brightness 255 and ``WS2811_STRIP_RGB`` (no reordering by the library): the
three bytes we computed for an LED go out in the order we computed them. PWM and PCM need root
(/dev/mem); PWM clashes with the onboard audio (``dtparam=audio=off``). See docs/hardware.md.

rpi_ws281x registers each strip's ``_cleanup`` with ``atexit``; it calls ``ws2811_fini``, which on a
strip whose ``ws2811_init`` failed dereferences the device the library never set up, and the
process ends in a segmentation fault after its last line (on a Pi or off one alike). A strip that
does not begin is therefore freed without ``ws2811_fini`` before the error reaches the caller (the
table then falls back to ``virtual`` and must exit cleanly).
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.lights.base import Lights
from firmware_config.layout import CompiledLayout
from firmware_config.pins import LedPins


class Ws281xLights(Lights):
    name = "ws281x"

    def __init__(self, layout: CompiledLayout, pins: LedPins) -> None:
        super().__init__(layout)
        _, channel = pins.ws281x_route  # ValueError for a pin rpi_ws281x cannot drive
        module = importlib.import_module("rpi_ws281x")
        self._color = module.Color
        self._strip: Any = module.PixelStrip(
            layout.led_count,
            pins.data_pin,
            pins.freq_hz,
            pins.dma,
            pins.invert,
            255,
            channel,
            module.WS2811_STRIP_RGB,
        )
        try:
            self._strip.begin()
        except RuntimeError:
            _release_unopened(module, self._strip)
            raise

    def push(self, pixels: bytes) -> None:
        for led in range(self.layout.led_count):
            first, second, third = pixels[3 * led : 3 * led + 3]
            self._strip.setPixelColor(led, self._color(first, second, third))
        self._strip.show()


def _release_unopened(module: Any, strip: Any) -> None:
    """Free the struct of a strip whose ``begin()`` failed without ``ws2811_fini`` (see the
    module's docstring); the library's exit handler then finds nothing left to finish."""
    leds = getattr(strip, "_leds", None)
    if leds is not None:
        module.ws.delete_ws2811_t(leds)
        strip._leds = None
