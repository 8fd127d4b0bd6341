"""Long player names on a table's pages at a phone's size (390×844), in English and Japanese:
the seated phone, a spectator's phone and the table's own screen wrap a name between its words
or cut it short with the whole name in its title — never in the middle of a word
(``tests/web_panel/line_breaks.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from companion.settings import Settings
from tests.web_panel.browser import new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN, dreamblade_table, join_url
from tests.web_panel.line_breaks import broken_names
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]

NAMES = {
    "A": "Montgomery Fairweather-Worthington III",
    "B": "Bartholomew Featherstone-Cholmondeley",
}
LANGUAGES = ("en-US", "ja-JP")
PLAYED = 40  # demo actions: both warbands on the map, a log of strikes and moves


@pytest.fixture
def long_named(tmp_path: Path) -> Iterator[tuple[PanelServer, Flask]]:
    settings = Settings.model_validate({
        "data_dir": str(tmp_path), "game": "dreamblade", "panel": {"judge_pin": JUDGE_PIN},
        "seats": {
            "A": {"name": NAMES["A"], "colour": "#0072B2"},
            "B": {"name": NAMES["B"], "colour": "#E69F00"},
        },
    })  # fmt: skip
    app = create_app(dreamblade_table(tmp_path, PLAYED), settings, secret_key="s", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running, app
    running.stop()
    app.extensions["panel"].close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("who", ["seat-A", "spectator", "table"])
def test_long_names_wrap_between_words_on_the_table_pages(
    browser: Browser, long_named: tuple[PanelServer, Flask], who: str, language: str
):
    server, app = long_named
    page = new_phone(browser, server.url, language)
    if who == "seat-A":
        page.goto(server.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1])
    elif who == "table":
        page.goto(server.url + "/table")
    expect(page.locator("body")).to_have_attribute("data-version", str(PLAYED))
    expect(page.locator("body")).to_contain_text("Montgomery")
    page.wait_for_timeout(300)  # the board and the log drawn
    broken = broken_names(page, list(NAMES.values()))
    screenshot(page, f"long-names-{who}-{language}")
    assert not broken, "\n".join(broken)
