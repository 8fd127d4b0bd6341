from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


# rpi_ws281x as it behaves at exit: each PixelStrip registers its _cleanup with atexit, and
# ws2811_fini dereferences the device ws2811_init never set up when begin() failed (SIGSEGV).
LIBRARY_AT_EXIT = """
import atexit, os, signal

WS2811_STRIP_RGB = 0x00100800

class ws:
    def new_ws2811_t():
        return {"device": None}

    def ws2811_init(leds):
        if os.environ["FAKE_BEGIN"] != "ok":
            return -3
        leds["device"] = "set up"
        return 0

    def ws2811_fini(leds):
        if leds["device"] is None:
            os.kill(os.getpid(), signal.SIGSEGV)
        print("ws2811_fini", flush=True)

    def delete_ws2811_t(leds):
        print("delete_ws2811_t", flush=True)

def Color(red, green, blue, white=0):
    return (white << 24) | (red << 16) | (green << 8) | blue

class PixelStrip:
    def __init__(self, *args):
        self._leds = ws.new_ws2811_t()
        atexit.register(self._cleanup)

    def begin(self):
        if ws.ws2811_init(self._leds) != 0:
            raise RuntimeError(
                "ws2811_init failed with code -3 (Hardware revision is not supported)"
            )

    def _cleanup(self):
        if self._leds is not None:
            ws.ws2811_fini(self._leds)
            ws.delete_ws2811_t(self._leds)
            self._leds = None
"""

OPEN_AND_EXIT = """
from companion.lights.ws281x import Ws281xLights
from firmware_config.pins import LedPins
from tests.companion.lights.conftest import tiny_layout

try:
    Ws281xLights(tiny_layout(), LedPins(18, 10, 800_000, False))
except RuntimeError as error:
    print(error)
"""


def _open_in_a_process(tmp_path, begin: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "rpi_ws281x").mkdir(exist_ok=True)
    (tmp_path / "rpi_ws281x" / "__init__.py").write_text(LIBRARY_AT_EXIT)
    root = Path(__file__).parents[3]
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{root}", "FAKE_BEGIN": begin}
    return subprocess.run(
        [sys.executable, "-c", OPEN_AND_EXIT], cwd=root, env=env, capture_output=True, text=True
    )


def test_a_strip_that_did_not_begin_lets_the_process_exit_cleanly(tmp_path):
    result = _open_in_a_process(tmp_path, begin="fails")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "delete_ws2811_t",
        "ws2811_init failed with code -3 (Hardware revision is not supported)",
    ]


def test_a_strip_that_began_is_still_finished_by_the_library_at_exit(tmp_path):
    result = _open_in_a_process(tmp_path, begin="ok")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["ws2811_fini", "delete_ws2811_t"]
