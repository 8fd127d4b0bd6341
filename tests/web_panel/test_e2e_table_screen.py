"""End to end at a phone's and a laptop's size, in English and Japanese: a fresh table started
as ``companion run`` starts it (the lights first, then the panel) shows on its own screen that it
is the table screen, and mirrors the simulated lights at once — before any move sends a frame."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.app.runtime import TableRuntime
from companion.games.dreamblade.demo_game import demo_game
from companion.settings import LightsSettings, Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import every_screen, new_phone, screenshot, wait_for_version
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


@pytest.fixture
def fresh_table(tmp_path: Path) -> Iterator[tuple[str, TableRuntime]]:
    settings = Settings(data_dir=tmp_path, lights=LightsSettings(backend="virtual"))
    runtime = TableRuntime(settings, Table.start(Store(settings.store_path), demo_game()))
    try:
        driver = runtime.start_lights()
        lights = driver.lights
        deadline = time.monotonic() + 5
        while not getattr(lights, "frames", None) and time.monotonic() < deadline:
            time.sleep(0.02)  # the driver draws the still board once, then waits for a change
        assert getattr(lights, "frames", None), "the lights drew no first frame"
        runtime.start_panel(host="127.0.0.1", port=0)
        yield f"http://127.0.0.1:{runtime.panel_port}", runtime
    finally:
        runtime.stop()
        runtime.table.store.close()


def test_a_fresh_table_screen_says_what_it_is_and_mirrors_the_lights_at_once(
    browser: Browser, fresh_table: tuple[str, TableRuntime]
):
    url, runtime = fresh_table
    lights = runtime.lights.lights if runtime.lights is not None else None
    assert lights is not None
    frames_before = len(lights.frames)  # type: ignore[attr-defined]
    shown = lights.frames[-1].cells  # type: ignore[attr-defined]
    for screen, page in every_screen(browser, url, at=url + "/table").items():
        language = screen.split("-")[0]
        wait_for_version(page, 0)
        expect(page.locator("#viewer")).to_have_text(translate(language, "viewer.table"))
        card = page.locator("#leds-preview")
        expect(card.locator(".leds-grid")).to_have_attribute("data-showing", "live")
        mirror = card.locator(".og-leds span")
        expect(mirror).to_have_count(len(lights.layout.cells))
        for cell in ("a1", "c3"):  # each cell as the lights show it (dark before the first roll)
            red, green, blue = shown[cell]
            expect(card.locator(f'.og-leds span[data-cell="{cell}"]')).to_have_css(
                "background-color", f"rgb({red}, {green}, {blue})"
            )
        expect(card).not_to_contain_text(translate(language, "leds.no_live"))
        screenshot(page, f"table-screen-fresh-{screen}")
    assert len(lights.frames) == frames_before  # type: ignore[attr-defined]  # no new frame sent


def test_a_phone_that_is_no_seat_is_still_a_spectator(
    browser: Browser, fresh_table: tuple[str, TableRuntime]
):
    url, _ = fresh_table
    phone = new_phone(browser, url)
    wait_for_version(phone, 0)
    expect(phone.locator("#viewer")).to_have_text("Spectator")
