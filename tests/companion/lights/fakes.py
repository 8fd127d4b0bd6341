"""Fakes of the Pi-only LED libraries: they record every call so tests check exact bytes."""

from __future__ import annotations

import types
from typing import Any

WS2811_STRIP_RGB = 0x00100800


def fake_rpi_ws281x(calls: list[tuple[Any, ...]], fail_begin: bool = False) -> types.ModuleType:
    module = types.ModuleType("rpi_ws281x")

    def color(red: int, green: int, blue: int, white: int = 0) -> int:
        return (white << 24) | (red << 16) | (green << 8) | blue

    class PixelStrip:
        def __init__(self, *args: Any) -> None:
            calls.append(("PixelStrip", *args))

        def begin(self) -> None:
            if fail_begin:
                raise RuntimeError("ws2811_init failed with code -5 (mmap() failed)")
            calls.append(("begin",))

        def setPixelColor(self, n: int, value: int) -> None:
            calls.append(("setPixelColor", n, value))

        def show(self) -> None:
            calls.append(("show",))

    module.Color = color  # type: ignore[attr-defined]
    module.PixelStrip = PixelStrip  # type: ignore[attr-defined]
    module.WS2811_STRIP_RGB = WS2811_STRIP_RGB  # type: ignore[attr-defined]
    return module


def fake_pi5_neopixel(calls: list[tuple[Any, ...]], fail: bool = False) -> types.ModuleType:
    module = types.ModuleType("adafruit_raspberry_pi5_neopixel_write")

    def neopixel_write(pin: Any, buf: bytearray) -> None:
        if fail:
            raise RuntimeError("pio_init() failed")
        calls.append(("neopixel_write", pin.id, bytes(buf)))

    module.neopixel_write = neopixel_write  # type: ignore[attr-defined]
    return module
