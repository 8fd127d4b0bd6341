from __future__ import annotations

import sys

import pytest

from companion.lights.frame import Frame
from companion.lights.ws281x import Ws281xLights
from firmware_config.pins import LedPins

from .conftest import tiny_layout
from .fakes import WS2811_STRIP_RGB, fake_rpi_ws281x

PINS = LedPins(data_pin=18, dma=10, freq_hz=800_000, invert=False)


def test_opens_the_strip_with_our_settings(monkeypatch):
    calls: list = []
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x(calls))
    Ws281xLights(tiny_layout(), PINS)
    assert calls == [
        ("PixelStrip", 25, 18, 800_000, 10, False, 255, 0, WS2811_STRIP_RGB),
        ("begin",),
    ]


def test_pwm_channel_one_for_gpio_13(monkeypatch):
    calls: list = []
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x(calls))
    Ws281xLights(tiny_layout(), LedPins(13, 10, 800_000, False))
    assert calls[0][7] == 1


def test_show_sends_wire_order_bytes_then_latches(monkeypatch):
    calls: list = []
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x(calls))
    lights = Ws281xLights(tiny_layout(), PINS)
    calls.clear()
    lights.show_frame(Frame({"a1": (0x11, 0x22, 0x33), "b1": (0xFF, 0, 0)}))
    # GRB layout: a1's bytes are 22 11 33, packed in the order the library sends them (RGB type).
    assert calls[0] == ("setPixelColor", 0, 0x221133)
    assert calls[1] == ("setPixelColor", 1, 0x00FF00)
    assert all(call == ("setPixelColor", i, 0) for i, call in enumerate(calls[2:25], start=2))
    assert calls[25:] == [("show",)]


def test_pin_rpi_ws281x_cannot_drive_is_refused(monkeypatch):
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x([]))
    with pytest.raises(ValueError, match="GPIO 4"):
        Ws281xLights(tiny_layout(), LedPins(4, 10, 800_000, False))


def test_close_turns_the_leds_off(monkeypatch):
    calls: list = []
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x(calls))
    lights = Ws281xLights(tiny_layout(), PINS)
    calls.clear()
    lights.close()
    assert {call[2] for call in calls if call[0] == "setPixelColor"} == {0}
    assert calls[-1] == ("show",)
