"""End to end: the organizer types the event's map on the hub's organizer page, in headless
Chromium at phone and laptop sizes, in English and Japanese: a slip is refused in the page's
language and changes nothing; the values, once entered, are the event's map (every pairing
carries them) and the map is offered again by name. No console errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.hub.tournament import Tournament
from tests.web_panel.browser import screenshot
from tests.web_panel.hub.test_e2e_hub import SIZES, open_page
from web_panel.app import PanelServer, serve

pytestmark = [
    pytest.mark.browser,
]

PRINTED = {"b2": 1, "c2": 2, "d2": 1, "b3": 3, "d3": 3, "b4": 1, "c4": 2, "d4": 1}
TEXT = {
    "en-US": {
        "none": "No map chosen yet", "range": "b2: a whole number from 1 to 5.",
        "missing": "Type the value printed on the map for d4.",
        "saved": "Every new pairing plays on Store night.", "current": "Tables play on Store night",
    },
    "ja-JP": {
        "none": "マップはまだ選ばれていません", "range": "b2：1〜5 の整数を入力してください。",
        "missing": "d4 にマップに印刷された値を入力してください。",
        "saved": "これからの対戦はすべて Store night で遊びます。",
        "current": "卓は Store night で遊びます",
    },
}  # fmt: skip


@pytest.fixture
def hub_server(hub_app: Flask) -> Iterator[PanelServer]:
    running = serve(hub_app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def type_values(page: Page, values: dict[str, str]) -> None:
    for cell, value in values.items():
        page.locator(f'#map-cells input[data-cell="{cell}"]').fill(value)
    page.locator("#map-form button[type=submit]").click()


def refused_loads(errors: list[str]) -> list[str]:
    """The browser logs each refused request (400) itself: that is the page's ordinary answer."""
    return [e for e in errors if "status of 400" not in e]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", TEXT)
def test_the_organizer_enters_the_events_map_once(
    browser: Browser, hub_server: PanelServer, tournament: Tournament, size: str, language: str
):
    text = TEXT[language]
    page, errors = open_page(browser, hub_server.url + "/", size, language)
    expect(page.locator("#map-status")).to_contain_text(text["none"], timeout=20_000)
    cells = page.locator("#map-cells input")
    expect(cells).to_have_count(9)
    expect(page.locator('#map-cells input[data-cell="c3"]')).to_be_disabled()  # known: 5
    expect(page.locator('#map-cells input[data-cell="c3"]')).to_have_value("5")

    typed = {cell: str(value) for cell, value in PRINTED.items()}
    type_values(page, {**typed, "b2": "7"})
    expect(page.locator("#toast")).to_have_text(text["range"])
    type_values(page, {**typed, "b2": "one"})
    expect(page.locator("#toast")).to_have_text(text["range"])
    type_values(page, {**typed, "d4": ""})
    expect(page.locator("#toast")).to_have_text(text["missing"])
    assert tournament.state.dream_map is None  # nothing of it kept

    page.locator("#map-name").fill("Store night")
    type_values(page, typed)
    expect(page.locator("#toast")).to_have_text(text["saved"])
    expect(page.locator("#map-status")).to_contain_text(text["current"])
    expect(page.locator("#map-status")).to_contain_text("b3 3")
    expect(page.locator("#map-base")).to_have_value("Store night")  # offered by name from now on
    assert tournament.state.dream_map is not None
    assert tournament.state.dream_map["key_values"] == {**PRINTED, "c3": 5}
    screenshot(page, f"hub-event-map-{size}-{language}")

    for name in ("Aiko", "Ben"):
        tournament.check_in(name)
    tournament.start_round()
    (match,) = tournament.state.round_matches(1)
    assert tournament.match_view(match)["map"]["key_values"] == {**PRINTED, "c3": 5}

    again, again_errors = open_page(browser, hub_server.url + "/", size, language)
    expect(again.locator("#map-base option", has_text="Store night")).to_have_count(1)
    expect(again.locator("#map-base")).to_have_value("Store night", timeout=20_000)
    expect(again.locator('#map-cells input[data-cell="b3"]')).to_be_disabled()
    expect(again.locator('#map-cells input[data-cell="b3"]')).to_have_value("3")
    assert refused_loads(errors) == [] and again_errors == []
