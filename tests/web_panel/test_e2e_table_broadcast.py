"""End to end: a single table's own broadcast (the config's ``broadcast:``, at home: no delay)
served by its panel — the spectator page at phone and laptop sizes, in English and Japanese (the
four open at once, watching one game), with the board drawn by the phones' own script, and the
overlay in each language; no console errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.settings import Settings
from companion.table.proposers import JUDGE
from tests.web_panel.browser import LOCALES, every_screen, new_phone, screenshot
from tests.web_panel.conftest import dreamblade_table
from tests.web_panel.hub.test_e2e_boards import expect_dreamblade_board
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]
PLAYED = DEMO_ACTIONS.index("move A:pearlthorn-gargoyle#1 a4")


@pytest.fixture
def home(tmp_path: Path) -> Iterator[tuple[str, Flask]]:
    table = dreamblade_table(tmp_path, PLAYED)
    settings = Settings.model_validate({"data_dir": str(tmp_path), "broadcast": {"enabled": True}})
    app = create_app(table, settings, secret_key="t", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running.url, app
    running.stop()
    app.extensions["panel"].close()


def test_a_table_at_home_broadcasts_its_game_as_it_happens(
    browser: Browser, home: tuple[str, Flask]
):
    """On a phone and a laptop, in English and in Japanese: the four pages watch the same game,
    and the overlay in each language."""
    url, app = home
    panel = app.extensions["panel"]
    pages = every_screen(browser, url, at=url + "/broadcast")
    cards = {name: page.locator('.bc-table[data-table="table-1"]') for name, page in pages.items()}
    view = panel.spectator_view()
    for name, page in pages.items():
        lang = name.split("-")[0]
        expect(page.locator("#bc-delay")).to_have_text(translate(lang, "broadcast.live"))
        expect(cards[name]).to_have_attribute("data-version", str(view["version"]))
        expect_dreamblade_board(cards[name].locator(".bc-board"), view)
    panel.table.submit(JUDGE, DEMO_ACTIONS[PLAYED])  # the gargoyle moves: shown at once
    view = panel.spectator_view()
    for name, page in pages.items():
        lang, size = name.split("-")
        expect(cards[name]).to_have_attribute("data-version", str(view["version"]))
        expect_dreamblade_board(cards[name].locator(".bc-board"), view)
        assert_no_internal_ids(page)
        screenshot(page, f"table-broadcast-{size}-{LOCALES[lang]}")
    for locale in LOCALES.values():
        overlay = new_phone(browser, url, locale, laptop=True, at=url + "/overlay/table-1")
        expect(overlay.locator("body")).to_have_attribute("data-version", str(view["version"]))
        expect_dreamblade_board(overlay.locator("#ov-board"), view)
