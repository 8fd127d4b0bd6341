"""End to end: the shared virtual dice on the phones, in English and Japanese, at a phone's and a
laptop's size. The seat to roll taps "Roll for me" beside the dice steppers; the table rolls, the
roll is applied like typed dice, and the other seat's phone shows it in its log."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.test_e2e_japanese_game import proper_names
from tests.web_panel.visible_text import assert_no_internal_ids, english_words
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

ATTACK_DICE = DEMO_ACTIONS.index("dice 2,3,3,blade")  # seat B's strike: four attack dice
LOCALES = {"en": "en-US", "ja": "ja-JP"}


def _seated(browser: Browser, app: Flask, url: str, seat: str, lang: str, laptop: bool) -> Page:
    phone = new_phone(
        browser,
        url,
        language=LOCALES[lang],
        laptop=laptop,
        at=url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1],
    )
    return phone


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("laptop", [False, True], ids=["phone", "laptop"])
def test_roll_for_me_rolls_the_attack_dice_and_both_seats_see_them(
    browser: Browser, tmp_path: Path, lang: str, laptop: bool
):
    table: Table = dreamblade_table(tmp_path, ATTACK_DICE)
    assert table.read(lambda game: game.pending().seat) == "B"
    app = create_app(table, Settings(data_dir=tmp_path), secret_key="s", testing=True)
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        roller = _seated(browser, app, server.url, "B", lang, laptop)
        watcher = _seated(browser, app, server.url, "A", lang, not laptop)
        version = table.version
        wait_for_version(roller, version)
        button = roller.locator("#dice-roll")
        expect(button).to_have_text(translate(lang, "dice.roll"))
        expect(roller.locator(".db-roll .hint")).to_have_text(translate(lang, "dice.roll_hint"))
        expect(roller.locator("#dice-send")).to_be_visible()  # typing stays beside it
        size = "laptop" if laptop else "phone"
        screenshot(roller, f"db-roll-for-me-{lang}-{size}")
        button.click()
        wait_for_version(roller, version + 1)
        wait_for_version(watcher, version + 1)
        rolled = table.log()[-1]
        assert rolled["seat"] == "B" and rolled["action"].startswith("dice ")
        assert len(rolled["action"].split()[1].split(",")) == 4
        toast = roller.locator("#toast")
        expect(toast).to_contain_text(translate(lang, "dice.rolled", roll="").strip())
        said = toast.inner_text()
        logged = watcher.locator("#log li").first
        expect(logged).to_contain_text(translate(lang, "action.dice", faces="").strip())
        shown = logged.inner_text()
        faces = said.split(translate(lang, "action.dice", faces="").strip(), 1)[1].strip()
        assert faces and faces in shown  # the same roll on both seats' phones
        screenshot(roller, f"db-rolled-{lang}-{size}")
        screenshot(watcher, f"db-rolled-watcher-{lang}-{size}")
        for page in (roller, watcher):
            assert_no_internal_ids(page)
            if lang == "ja":
                assert not english_words(page, proper_names(table))
    finally:
        server.stop()
        app.extensions["panel"].close()
