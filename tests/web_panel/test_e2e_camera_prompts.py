"""End to end at a phone's size: the camera sees a Dungeon Command creature taken off the map; the
prompt card appears on the seated phone and on a spectator's (who cannot press), and "Destroyed"
lowers its warband's morale and closes the card. An Arena figure leaving an engagement gets its
roll entered from the card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from companion.games.dungeon_command.game import DungeonCommand
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.games.arena.conftest import duel_setup, new_arena
from tests.companion.games.dungeon_command.conftest import make_setup
from tests.web_panel.browser import close_pages, new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import join_url
from tests.web_panel.test_camera_prompts import BATTLE, _leave_engagement, _lift_a02
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    table = Table.start(Store(tmp_path / "dc.sqlite3"), DungeonCommand(make_setup()))
    for text in BATTLE:
        table.submit(JUDGE, text)
    return table


def test_the_destroy_prompt_card_lowers_morale(
    browser: Browser, server: PanelServer, app: Flask, table: Table
):
    ann = new_phone(
        browser, server.url, at=server.url + "/join/" + join_url(app, "ann").rsplit("/join/", 1)[1]
    )
    ann.goto(server.url + "/")
    spectator = new_phone(browser, server.url)
    wait_for_version(ann, len(BATTLE))
    morale = table.read(lambda game: game.morale("ann"))
    morale_shown = ann.locator('.dc-band[data-seat="ann"] .dc-morale')
    expect(morale_shown).to_have_text(str(morale))

    _lift_a02(table)
    card = ann.locator('.cp-card[data-prompt="destroy:a02"]')
    expect(card).to_be_visible()
    expect(card.locator(".cp-text")).to_contain_text("a02")
    loss = table.read(lambda game: game.level("a02"))
    destroyed = card.locator('[data-action="destroyed a02"]')
    expect(destroyed).to_have_text(f"Destroyed (−{loss} morale)")
    expect(card.locator(".cp-dismiss")).to_have_text("Not destroyed, put back")
    seen = spectator.locator('.cp-card[data-prompt="destroy:a02"]')
    expect(seen.locator('[data-action="destroyed a02"]')).to_be_disabled()
    expect(seen.locator(".cp-hint")).to_have_text("Join a seat to answer.")
    screenshot(ann, "camera-prompt-destroy")

    destroyed.click()
    wait_for_version(ann, len(BATTLE) + 1)
    expect(morale_shown).to_have_text(str(morale - loss))
    expect(card).to_have_count(0)
    assert table.read(lambda game: game.morale("ann")) == morale - loss
    screenshot(ann, "camera-prompt-destroyed")


@pytest.fixture
def arena_app(tmp_path: Path, settings: Settings) -> Iterator[tuple[Flask, Table]]:
    table = Table.start(Store(tmp_path / "ar.sqlite3"), new_arena(duel_setup()))  # a first
    table.submit("a", "choose pw-a")
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app, table
    app.extensions["panel"].close()


def test_the_leaving_engagement_card_enters_the_roll(
    browser: Browser, arena_app: tuple[Flask, Table]
):
    app, table = arena_app
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        phone = new_phone(
            browser,
            running.url,
            at=running.url + "/join/" + join_url(app, "a").rsplit("/join/", 1)[1],
        )
        phone.goto(running.url + "/")
        wait_for_version(phone, table.version)
        _leave_engagement(table)  # the camera's move is applied, the roll prompted
        moved = table.version
        card = phone.locator('.cp-card[data-prompt="disengage:pw-a:pw-b"]')
        expect(card.locator(".cp-text")).to_contain_text("roll one attack die for Pw-B")
        expect(card.locator(".cp-dismiss")).to_have_text("Dismiss")
        screenshot(phone, "camera-prompt-disengage")
        card.locator('[data-action="disengage pw-a pw-b 1"]').click()
        wait_for_version(phone, moved + 1)
        expect(card).to_have_count(0)
        assert table.read(lambda game: game.figure("pw-a").damage) == 1
    finally:
        close_pages()  # before the server stops: the page's timers keep asking it
        running.stop()
