"""The organizer sees which table sends messages the hub can't read (issue 24), at laptop and
phone sizes, in English and Japanese, with no console errors; the count follows live. (What the
station counts is set here as its loop counts it; the loop itself is tested end to end against a
real broker in ``tests/companion/app/test_hub_fuzz.py``.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from tests.web_panel.browser import HUB_REFRESH_MS, screenshot
from tests.web_panel.hub.test_e2e_hub import SIZES, open_page
from web_panel.app import PanelServer, serve
from web_panel.hub.app import create_hub_app
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

LANGUAGES = {"en-US": "en", "ja-JP": "ja"}


@pytest.fixture
def counting_hub(
    tournament: Tournament, station: HubStation, tmp_path: Path
) -> Iterator[PanelServer]:
    app = create_hub_app(
        tournament, station, secret_key="k", data_dir=tmp_path, refresh_ms=HUB_REFRESH_MS
    )
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_organizer_sees_each_tables_unreadable_messages(
    browser: Browser, counting_hub: PanelServer, station: HubStation, size: str, locale: str
):
    lang = LANGUAGES[locale]
    station.unreadable.update({"table-4": 3, "table-2": 1})
    page, errors = open_page(browser, counting_hub.url + "/", size, locale)
    four = page.locator('#tables li[data-table="table-4"] .unreadable')
    expect(four).to_have_text(translate(lang, "hub.tables.unreadable", table="table-4", count=3))
    two = page.locator('#tables li[data-table="table-2"] .unreadable')
    expect(two).to_have_text(translate(lang, "hub.tables.unreadable_one", table="table-2"))
    expect(page.locator('#tables li[data-table="table-1"] .unreadable')).to_have_count(0)
    screenshot(page, f"hub-unreadable-{size}-{lang}")
    station.unreadable["table-4"] = 7  # another bad message: the page follows by itself
    expect(four).to_have_text(
        translate(lang, "hub.tables.unreadable", table="table-4", count=7), timeout=15_000
    )
    assert errors == []
