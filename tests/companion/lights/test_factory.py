from __future__ import annotations

import logging
import sys

import pytest

from companion.lights import ws2812_pio
from companion.lights.factory import ENV_VAR, Fallback, detect_backend, open_lights
from companion.lights.pi5 import MODULE, Pi5Lights
from companion.lights.virtual import VirtualLights
from companion.lights.ws281x import Ws281xLights
from firmware_config.pins import LedPins, load_pins

from .fakes import fake_pi5_neopixel, fake_rpi_ws281x

PINS = LedPins(data_pin=18, dma=10, freq_hz=800_000, invert=False)


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)


def test_virtual_by_name(layout):
    assert isinstance(open_lights("virtual", layout, PINS), VirtualLights)


def test_env_overrides_config(monkeypatch, layout):
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x([]))
    monkeypatch.setenv(ENV_VAR, "ws281x")
    assert isinstance(open_lights("virtual", layout, PINS), Ws281xLights)


def _open(name: str, layout, pins=PINS, **kw) -> tuple[object, list[Fallback]]:
    fallbacks: list[Fallback] = []
    return open_lights(name, layout, pins, fallbacks=fallbacks, **kw), fallbacks


def test_missing_library_falls_back_with_a_fix_in_our_words(monkeypatch, layout, caplog):
    monkeypatch.setitem(sys.modules, "rpi_ws281x", None)  # import raises ImportError
    with caplog.at_level(logging.INFO):
        lights, fallbacks = _open("ws281x", layout)
    assert isinstance(lights, VirtualLights)
    assert [(f.backend, f.instead) for f in fallbacks] == [("ws281x", "virtual")]
    assert fallbacks[0].why == "its library is not installed here"
    assert "pip install rpi_ws281x" in fallbacks[0].fix
    # the library's own words are in the log at info, never a warning
    assert "import of rpi_ws281x halted" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_device_failure_falls_back_with_a_fix(monkeypatch, layout, caplog):
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x([], fail_begin=True))
    with caplog.at_level(logging.INFO):
        lights, fallbacks = _open("ws281x", layout)
    assert isinstance(lights, VirtualLights)
    assert fallbacks[0].why == "its device did not open" and "root" in fallbacks[0].fix
    assert "mmap" in caplog.text and "mmap" not in fallbacks[0].line()


def test_pi5_without_pio_falls_back(monkeypatch, layout):
    monkeypatch.setitem(sys.modules, MODULE, fake_pi5_neopixel([], fail=True))
    lights, fallbacks = _open("pi5", layout)
    assert isinstance(lights, VirtualLights)
    assert "/dev/pio0" in fallbacks[0].fix


def test_unknown_name_falls_back(layout):
    lights, fallbacks = _open("neon", layout)
    assert isinstance(lights, VirtualLights)
    assert "virtual, ws281x, pi5, ws2812-pio" in fallbacks[0].fix
    assert "from the config" in fallbacks[0].why


def test_bad_pin_falls_back(monkeypatch, layout):
    monkeypatch.setitem(sys.modules, "rpi_ws281x", fake_rpi_ws281x([]))
    lights, fallbacks = _open("ws281x", layout, LedPins(4, 10, 800_000, False))
    assert isinstance(lights, VirtualLights)
    assert "pins.yaml" in fallbacks[0].why and "pins.yaml" in fallbacks[0].fix


@pytest.mark.parametrize(
    ("model", "backend"),
    [
        ("Raspberry Pi 5 Model B Rev 1.0\x00", "pi5"),  # no /dev/leds0 here
        ("Raspberry Pi 4 Model B Rev 1.4\x00", "ws281x"),
        ("Raspberry Pi Zero 2 W Rev 1.0\x00", "ws281x"),
        ("Some laptop", "virtual"),
    ],
)
def test_auto_detects_the_board(tmp_path, model, backend):
    model_file = tmp_path / "model"
    model_file.write_text(model)
    assert detect_backend(model_file, tmp_path / "leds0") == backend


def test_auto_on_a_pi5_opens_the_pi5_backend(monkeypatch, tmp_path, layout):
    monkeypatch.setitem(sys.modules, MODULE, fake_pi5_neopixel([]))
    model_file = tmp_path / "model"
    model_file.write_text("Raspberry Pi 5 Model B")
    assert isinstance(open_lights("auto", layout, PINS, model_file=model_file), Pi5Lights)


def test_auto_without_a_model_file_is_virtual(tmp_path):
    assert detect_backend(tmp_path / "missing") == "virtual"


def test_broken_pins_file_falls_back(monkeypatch, layout, tmp_path):
    broken = tmp_path / "pins.yaml"
    broken.write_text("leds: {data_pin: many}\n")
    monkeypatch.setattr("companion.lights.factory.load_pins", lambda: load_pins(broken))
    lights, fallbacks = _open("ws281x", layout, None)
    assert isinstance(lights, VirtualLights)
    assert "pins.yaml" in fallbacks[0].fix


def test_auto_on_a_pi5_with_the_overlay_device_opens_it(monkeypatch, tmp_path, layout):
    device = tmp_path / "leds0"
    device.write_bytes(b"")
    monkeypatch.setattr(ws2812_pio, "DEVICE", device)
    monkeypatch.setattr(ws2812_pio, "DEVICE_TREE", tmp_path / "no-tree")
    model_file = tmp_path / "model"
    model_file.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    assert detect_backend(model_file) == "ws2812-pio"
    lights = open_lights("auto", layout, PINS, model_file=model_file)
    assert isinstance(lights, ws2812_pio.Ws2812PioLights)
    assert device.read_bytes() == bytes(4 * layout.led_count)


def test_without_the_overlay_device_the_pio_library_takes_over(monkeypatch, tmp_path, layout):
    monkeypatch.setattr(ws2812_pio, "DEVICE", tmp_path / "leds0")  # no overlay loaded
    monkeypatch.setitem(sys.modules, MODULE, fake_pi5_neopixel([]))
    lights, fallbacks = _open("ws2812-pio", layout)
    assert isinstance(lights, Pi5Lights)
    assert [(f.backend, f.instead) for f in fallbacks] == [("ws2812-pio", "pi5")]
    assert "boot-config --backend ws2812-pio" in fallbacks[0].fix
    monkeypatch.setitem(sys.modules, MODULE, None)  # and without the library: virtual
    assert isinstance(open_lights("ws2812-pio", layout, PINS), VirtualLights)
