"""End to end at a phone's size: the LED mirror of a game's own view draws the layout's wired
cells, whatever the map's size (here a Dungeon Command table lit by a 6×4 square layout)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from companion.lights.frame import Frame
from tests.web_panel.browser import new_phone, screenshot, wait_for_version

pytestmark = [
    pytest.mark.browser,
]


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
