"""End to end at a phone's size: the LED mirror of a game's own view draws the layout's wired
cells, whatever the map's size (here a Dungeon Command table lit by a 6×4 square layout)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.games.dungeon_command.game import DungeonCommand
from companion.lights.frame import Frame
from companion.lights.virtual import VirtualLights
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from firmware_config.layout import load_layout
from tests.companion.games.dungeon_command.conftest import make_setup
from tests.web_panel.browser import CHROMIUM, new_phone, screenshot, wait_for_version
from web_panel import create_app, serve

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]


@pytest.fixture
def lit_server(tmp_path: Path, settings: Settings) -> Iterator[tuple[str, VirtualLights]]:
    table = Table.start(Store(tmp_path / "dc.sqlite3"), DungeonCommand(make_setup()))
    lights = VirtualLights(load_layout("example_squares_6x4"))
    app = create_app(table, settings, secret_key="test-secret", testing=True, lights=lights)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running.url, lights
    running.stop()
    app.extensions["panel"].close()


def test_the_mirror_draws_a_six_by_four_map(browser: Browser, lit_server):
    url, lights = lit_server
    phone = new_phone(browser, url)
    wait_for_version(phone, 0)
    lights.show_frame(Frame({"f4": (255, 0, 0), "a1": (0, 0, 255)}))
    mirror = phone.locator(".og-leds")
    expect(mirror.locator("span")).to_have_count(24)
    far_corner = mirror.locator('span[data-cell="f4"]')
    near_corner = mirror.locator('span[data-cell="a1"]')
    expect(mirror.locator("span").first).to_have_attribute("data-cell", "a4")  # far row on top
    expect(mirror.locator("span").last).to_have_attribute("data-cell", "f1")
    shown = lights.frames[-1].cells
    for span, cell in ((far_corner, "f4"), (near_corner, "a1")):
        red, green, blue = shown[cell]
        expect(span).to_have_css("background-color", f"rgb({red}, {green}, {blue})")
    screenshot(phone, "led-mirror-squares")
