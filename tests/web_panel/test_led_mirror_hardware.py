"""The phones mirror the LEDs whatever the backend: here a Pi's rpi_ws281x chain (a fake device
standing in for the library, which needs a Pi), drawn by the lights driver from the game's view."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from companion.games import fixed_maps
from companion.games.dreamblade.demo_game import demo_game
from companion.lights.board_view import BoardView
from companion.lights.colours import to_hex
from companion.lights.driver import LightsDriver
from companion.lights.ws281x import Ws281xLights
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from firmware_config.layout import load_layout
from firmware_config.pins import LedPins
from web_panel import create_app


class FakeStrip:
    """rpi_ws281x's ``PixelStrip`` as documented: colours set per LED, then ``show``."""

    def __init__(self, num: int, *_args: Any) -> None:
        self.colours = [0] * num
        self.shown: list[list[int]] = []
        self.begun = False

    def begin(self) -> None:
        self.begun = True

    def setPixelColor(self, n: int, colour: int) -> None:
        self.colours[n] = colour

    def show(self) -> None:
        self.shown.append(list(self.colours))


@pytest.fixture
def fake_ws281x(monkeypatch: pytest.MonkeyPatch) -> list[FakeStrip]:
    strips: list[FakeStrip] = []
    module = types.ModuleType("rpi_ws281x")

    def strip(*args: Any) -> FakeStrip:
        strips.append(FakeStrip(*args))
        return strips[-1]

    module.PixelStrip = strip  # type: ignore[attr-defined]
    module.Color = lambda r, g, b: (r << 16) | (g << 8) | b  # type: ignore[attr-defined]
    module.WS2811_STRIP_RGB = 0x100800  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "rpi_ws281x", module)
    return strips


def _leds(stream: Iterator[str]) -> dict[str, str]:
    for chunk in stream:
        if chunk.startswith("event: leds"):
            colours: dict[str, str] = json.loads(chunk.split("data: ", 1)[1])
            return colours
    raise AssertionError("the stream ended")


def test_a_real_chains_frames_are_mirrored_on_the_phones(fake_ws281x, tmp_path):
    layout = load_layout("matrix16x16", fixed_maps())
    lights = Ws281xLights(layout, LedPins(data_pin=18, dma=10, freq_hz=800_000, invert=False))
    assert lights.name == "ws281x" and fake_ws281x[0].begun  # not the virtual backend
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    settings = Settings(data_dir=tmp_path)
    app = create_app(table, settings, secret_key="s", testing=True, lights=lights)
    feed = app.extensions["panel"].feed
    stream = feed.events(None)
    next(stream)  # retry
    next(stream)  # the state
    driver = LightsDriver(lights, lambda: BoardView(phase="action", occupants={"c3": ("B",)}))
    driver.tick()
    assert len(fake_ws281x[0].shown) == 1  # the chain got the frame
    colours = _leds(stream)
    shown = lights.latest
    assert shown is not None
    assert colours["c3"] == to_hex(shown.cells["c3"]) != "#000000"
    assert colours["a1"] == "#000000"
    # the device's own colour for c3's first LED is what the mirror shows, undone of dimming
    first_led = layout.cell_leds["c3"][0]
    assert fake_ws281x[0].shown[-1][first_led] != 0
    app.extensions["panel"].close()
    lights.close()
