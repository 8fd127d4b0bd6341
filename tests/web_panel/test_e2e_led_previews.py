"""End to end at a laptop's and a phone's size, in English and Japanese: the table screen's and
the set-up page's light card mirrors the live LEDs, previews any game's scene picked from the list
(drawn like ``companion leds show``), then returns to the live lights."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.lights.colours import to_hex
from companion.lights.frame import Frame
from companion.lights.virtual import VirtualLights
from tests.web_panel.browser import every_screen, new_phone, screenshot, wait_for_version
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel.led_previews import scene_frames

pytestmark = [
    pytest.mark.browser,
]

WORDS = {
    "en": {"live": "Live", "arena": "Figures and glyphs", "group": "Arena of the Planeswalkers"},
    "ja": {
        "live": "ライブ",
        "arena": "フィギュアとグリフ",
        "group": "アリーナ・オブ・ザ・プレインズウォーカーズ",
    },
}


def _hold_time(page: Page) -> None:
    """Stop the page's clock (installed before it loaded): a preview shows its first frame until
    the test is done looking, however slowly a loaded machine lets the test look (it plays for
    only a few seconds before the mirror is live again). The clock stops a minute ahead of the
    page's time when asked (it cannot go back, and a loaded machine takes a while to stop it):
    the page's timers due by then fire once, as after a closed laptop lid."""
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 60)


def _colour(page: Page, cell: str) -> str:
    # found and read in one turn of the page's script: the preview redraws its grid as it plays
    rgb = page.evaluate(
        "cell => getComputedStyle(document.querySelector("
        '`#leds-preview .og-leds span[data-cell="${cell}"]`)).backgroundColor',
        cell,
    )
    red, green, blue = (int(part) for part in re.findall(r"\d+", rgb)[:3])
    return to_hex((red, green, blue))


def test_the_table_screen_previews_any_games_scene_then_goes_live(
    browser: Browser, lit_server: tuple[str, VirtualLights]
):
    url, lights = lit_server
    screens = every_screen(browser, url, at="about:blank")
    for page in screens.values():
        page.clock.install()
        page.goto(url + "/table")
        wait_for_version(page, 0)
    lights.show_frame(Frame({"a1": (0, 0, 255)}))
    for screen, page in screens.items():
        words = WORDS[screen.split("-")[0]]
        card = page.locator("#leds-preview")
        grid = card.locator(".leds-grid")
        expect(grid).to_have_attribute("data-showing", "live")
        expect(card.locator(".leds-caption")).to_contain_text(words["live"])
        expect(card.locator('.og-leds span[data-cell="a1"]')).to_have_css(
            "background-color", "rgb(0, 0, 255)"
        )
        picker = card.locator("#leds-scene")
        expect(picker.locator("optgroup")).to_have_count(4)  # every game's scenes
        expect(picker.locator(f'optgroup[label="{words["group"]}"] option')).to_have_count(2)
        _hold_time(page)
        picker.select_option("arena")
        expect(grid).to_have_attribute("data-showing", "arena")
        expect(card.locator(".leds-caption")).to_contain_text(words["arena"])
        expect(card.locator(".og-leds span")).to_have_count(8)  # the Arena example's hexes
        assert _colour(page, "a1") == scene_frames("arena")[0]["a1"]  # its first frame, held
        expect(card.locator(".leds-legend")).not_to_be_empty()
        assert_no_internal_ids(page)
        screenshot(page, f"led-preview-arena-{screen}")
        card.locator("#leds-live").click()
        expect(grid).to_have_attribute("data-showing", "live")
        expect(card.locator(".og-leds span")).to_have_count(24)
        expect(card.locator('.og-leds span[data-cell="a1"]')).to_have_css(
            "background-color", "rgb(0, 0, 255)"
        )
        expect(card.locator("#leds-live")).to_be_hidden()


def test_the_set_up_page_previews_a_scene_too(
    browser: Browser, lit_server: tuple[str, VirtualLights]
):
    url, _ = lit_server
    page = new_phone(browser, url, "ja-JP")
    page.clock.install()
    page.goto(url + "/setup")
    card = page.locator("#leds-preview")
    expect(card.locator("#leds-scene")).to_be_visible()
    _hold_time(page)
    card.locator("#leds-scene").select_option("spawn")
    expect(card.locator(".leds-grid")).to_have_attribute("data-showing", "spawn")
    expect(card.locator(".og-leds span")).to_have_count(25)
    expect(card.locator(".leds-caption")).to_contain_text("スポーンできるマス")
    assert_no_internal_ids(page)
    screenshot(page, "led-preview-setup-ja")
