"""End to end at a phone's size (390×844), in English and Japanese: at a conquest that needs a
key cell's printed value nobody gave, both seated players confirm it on their own phones. The
same number sets it and the game goes on; two numbers call the judge and show both; a number out
of the map's range is refused in the phone's language and changes nothing. No console errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import JUDGE_PIN, join_url
from tests.web_panel.map_agreement_table import table_waiting_for_a_value
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

LANGUAGES = {"en-US": "en", "ja-JP": "ja"}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings.model_validate(
        {"data_dir": str(tmp_path), "game": "dreamblade", "panel": {"judge_pin": JUDGE_PIN}}
    )


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return table_waiting_for_a_value(tmp_path)


def seated(browser: Browser, app: Flask, url: str, seat: str, locale: str) -> Page:
    phone = new_phone(
        browser, url, locale, at=url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1]
    )
    expect(phone.locator("#viewer")).to_contain_text(seat)
    return phone


def shown_names(phone: Page) -> dict[str, str]:
    """The seats' names as the phone shows them (in its language)."""
    seats = phone.evaluate("window.Panel.state.view.seats")
    return {s["seat"]: s["name"] for s in seats}


def confirm(phone: Page, cell: str, value: str) -> None:
    phone.locator(f"#agree-{cell}").fill(value)
    phone.locator(f'.agree-cell[data-cell="{cell}"] .agree-confirm').click()


@pytest.mark.parametrize("locale", LANGUAGES)
def test_both_phones_confirm_the_same_number_and_the_game_goes_on(
    browser: Browser, server: PanelServer, app: Flask, table: Table, locale: str
):
    lang = LANGUAGES[locale]
    a = seated(browser, app, server.url, "A", locale)
    b = seated(browser, app, server.url, "B", locale)
    cell = table.read(lambda game: game.pending()).details["unknown_values"][0]
    seat_names = shown_names(a)
    version = table.version
    status_a = a.locator(f'.agree-cell[data-cell="{cell}"] .agree-status')
    expect(status_a).to_have_text(translate(lang, "db.agree.ask", cell=cell, low=1, high=5))

    confirm(a, cell, "9")  # not on this map: refused, nothing kept
    message = translate(lang, "error.map_value", cell=cell, low=1, high=5)
    expect(a.locator("#toast")).to_contain_text(message)
    assert app.extensions["panel"].map_agreement.view(table.game_id, [cell], ("A", "B")) == {}

    confirm(a, cell, "3")
    waiting = translate(lang, "db.agree.waiting", cell=cell, name=seat_names["B"])
    expect(status_a).to_have_text(waiting)
    other = translate(lang, "db.agree.other_said", cell=cell, name=seat_names["A"])
    expect(b.locator(f'.agree-cell[data-cell="{cell}"] .agree-status')).to_have_text(other)
    screenshot(a, f"map-agreement-waiting-phone-{lang}")
    assert table.version == version

    confirm(b, cell, "3")
    for phone in (a, b):
        wait_for_version(phone, version + 1)
        expect(phone.locator(f'.agree-cell[data-cell="{cell}"]')).to_have_count(0)
    assert table.store.record(table.game_id)["actions"][-1] == f"value {cell} 3"
    assert_no_internal_ids(a)


@pytest.mark.parametrize("locale", LANGUAGES)
def test_two_different_numbers_call_the_judge(
    browser: Browser, server: PanelServer, app: Flask, table: Table, locale: str
):
    lang = LANGUAGES[locale]
    a = seated(browser, app, server.url, "A", locale)
    b = seated(browser, app, server.url, "B", locale)
    cell = table.read(lambda game: game.pending()).details["unknown_values"][0]
    seat_names = shown_names(a)
    version = table.version
    confirm(a, cell, "2")
    expect(b.locator(f'.agree-cell[data-cell="{cell}"] .agree-status')).not_to_have_text(
        translate(lang, "db.agree.ask", cell=cell, low=1, high=5)
    )
    confirm(b, cell, "4")
    said = translate(lang, "db.agree.disagreed", cell=cell, mine=2, name=seat_names["B"], theirs=4)
    expect(a.locator(f'.agree-cell[data-cell="{cell}"] .agree-status')).to_have_text(said)
    called = translate(lang, "notice.judge_called")
    expect(a.locator('#notices [data-kind="judge_called"]')).to_have_text(called)
    screenshot(a, f"map-agreement-disagreed-phone-{lang}")
    assert table.version == version
    assert_no_internal_ids(a)
