from __future__ import annotations

import sys

from companion.lights.frame import Frame
from companion.lights.pi5 import MODULE, Pi5Lights
from firmware_config.pins import LedPins

from .conftest import tiny_layout
from .fakes import fake_pi5_neopixel

PINS = LedPins(data_pin=18, dma=10, freq_hz=800_000, invert=False)


def test_opens_dark_then_writes_wire_order_bytes(monkeypatch):
    calls: list = []
    monkeypatch.setitem(sys.modules, MODULE, fake_pi5_neopixel(calls))
    lights = Pi5Lights(tiny_layout(), PINS)
    assert calls == [("neopixel_write", 18, bytes(75))]
    lights.show_frame(Frame({"a1": (1, 2, 3), "e5": (4, 5, 6)}))
    expected = bytes([2, 1, 3]) + bytes(3 * 23) + bytes([5, 4, 6])
    assert calls[1] == ("neopixel_write", 18, expected)
    assert len(calls) == 2
