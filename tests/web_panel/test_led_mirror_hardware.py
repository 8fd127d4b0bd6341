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
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.lights.board_view import BoardView
from companion.lights.colours import to_hex
from companion.lights.driver import LightsDriver
from companion.lights.map_view import MapView, view_for_game
from companion.lights.playback import LIFT_SECONDS, PLAYBACK_SECONDS, TRAVEL_SECONDS
from companion.lights.ws281x import Ws281xLights
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import JUDGE, Table
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


class Clock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def _lit(lights: Ws281xLights) -> dict[str, tuple[int, int, int]]:
    assert lights.latest is not None
    return {cell: rgb for cell, rgb in lights.latest.cells.items() if rgb != (0, 0, 0)}


def test_at_a_remote_table_the_opponents_move_plays_on_the_chain_and_the_phones(
    fake_ws281x, tmp_path
):
    """Seat B plays at the other table: its miniatures light this map in its colour (brighter
    for two than for one) and its shift plays from cell to cell on a real chain's frames, which
    the phones mirror."""
    layout = load_layout("matrix16x16")
    lights = Ws281xLights(layout, LedPins(data_pin=18, dma=10, freq_hz=800_000, invert=False))
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    settings = Settings(data_dir=tmp_path)
    app = create_app(table, settings, secret_key="s", testing=True, lights=lights)
    stream = app.extensions["panel"].feed.events(None)
    next(stream), next(stream)  # retry, the state
    clock = Clock()

    def view() -> BoardView | MapView | None:
        return table.read(lambda game: view_for_game(game, layout.map, {}, {}, {"B"}))

    driver = LightsDriver(lights, view, clock=clock)
    driver.attach(table.bus)
    for action in DEMO_ACTIONS[: DEMO_ACTIONS.index("move B:spellbound-scissors#1 d5")]:
        table.submit(JUDGE, action)
    clock.now += PLAYBACK_SECONDS
    driver.tick()
    before = _lit(lights)
    assert set(before) == {"e5", "b2"}  # B's two scissors on its portal, A's knight (dim)
    assert _leds(stream)["e5"] == to_hex(before["e5"])  # the phones show the chain's colours
    orange = before["e5"]
    assert orange[0] > orange[2] and before["b2"][2] > before["b2"][0]  # B orange, A blue

    table.submit(JUDGE, "move B:spellbound-scissors#1 d5")
    driver.tick()
    lifted = _lit(lights)
    assert set(lifted) == {"e5", "b2"} and sum(lifted["e5"]) > sum(orange)  # from-cell at full
    clock.now += LIFT_SECONDS + TRAVEL_SECONDS + 0.01
    driver.tick()
    landing = _lit(lights)  # the to-cell blinks at full; the other scissors stays on e5
    assert set(landing) == {"d5", "e5", "b2"} and sum(landing["d5"]) > sum(landing["e5"])
    clock.now += PLAYBACK_SECONDS
    driver.tick()
    after = _lit(lights)
    assert set(after) == {"e5", "d5", "b2"} and after["e5"] == after["d5"]  # one scissors on each
    assert sum(after["e5"]) < sum(orange)  # one is dimmer than two
    mirrored = _leds(stream)
    assert mirrored["d5"] == to_hex(after["d5"]) and mirrored["e5"] == to_hex(after["e5"])
    assert len(fake_ws281x[0].shown) >= 4  # every step reached the chain
    app.extensions["panel"].close()
    lights.close()
