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
from tests.web_panel.browser import (
    SCREENS,
    close_pages,
    new_phone,
    screenshot,
    wait_for_version,
)
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.test_e2e_japanese_game import proper_names
from tests.web_panel.visible_text import assert_no_internal_ids, english_words
from web_panel import create_app, serve
from web_panel.app import PanelServer
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


def test_roll_for_me_rolls_the_attack_dice_and_both_seats_see_them(
    browser: Browser, tmp_path: Path
):
    """In English and Japanese, with the roller on a phone and on a laptop: a roll is the table's
    to make once, so each screen has its own table, and all of them are opened at once."""
    tables: dict[str, Table] = {}
    apps: dict[str, Flask] = {}
    servers: dict[str, PanelServer] = {}
    try:
        for lang, size in SCREENS:
            name = f"{lang}-{size}"
            (tmp_path / name).mkdir()
            tables[name] = dreamblade_table(tmp_path / name, ATTACK_DICE)
            assert tables[name].read(lambda game: game.pending().seat) == "B"
            settings = Settings(data_dir=tmp_path / name)
            apps[name] = create_app(tables[name], settings, secret_key="s", testing=True)
            servers[name] = serve(apps[name], "127.0.0.1", 0).start_in_thread()
        seats = {}
        for lang, size in SCREENS:
            name, laptop = f"{lang}-{size}", size == "laptop"
            url = servers[name].url
            roller = _seated(browser, apps[name], url, "B", lang, laptop)
            seats[name] = (roller, _seated(browser, apps[name], url, "A", lang, not laptop))
        for name, (roller, _) in seats.items():
            lang = name.split("-")[0]
            wait_for_version(roller, tables[name].version)
            button = roller.locator("#dice-roll")
            expect(button).to_have_text(translate(lang, "dice.roll"))
            expect(roller.locator(".db-roll .hint")).to_have_text(translate(lang, "dice.roll_hint"))
            expect(roller.locator("#dice-send")).to_be_visible()  # typing stays beside it
            screenshot(roller, f"db-roll-for-me-{name}")
        versions = {name: table.version for name, table in tables.items()}
        for roller, _ in seats.values():
            roller.locator("#dice-roll").click()
        for name, (roller, watcher) in seats.items():
            lang, table = name.split("-")[0], tables[name]
            wait_for_version(roller, versions[name] + 1)
            wait_for_version(watcher, versions[name] + 1)
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
            screenshot(roller, f"db-rolled-{name}")
            screenshot(watcher, f"db-rolled-watcher-{name}")
            for page in (roller, watcher):
                assert_no_internal_ids(page)
                if lang == "ja":
                    assert not english_words(page, proper_names(table))
    finally:
        close_pages()
        for server in servers.values():
            server.stop()  # its panel closed with it
