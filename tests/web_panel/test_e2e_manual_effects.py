"""End to end: an ability the engine does not apply. Pearlthorn Castle's spawn ability is reached
from the spawn helper with a label (never notation); its effect is then applied with labelled
controls on the phone of the seat it belongs to only — the other seat's phone says whose it is,
and the server refuses that seat's attempt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.catalog import default_catalog
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.games.dreamblade.builders import at, creature
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import join_url
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app

pytestmark = [
    pytest.mark.browser,
]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    castle = default_catalog(tmp_path / "none.yaml")["pearlthorn-castle"]
    game = at(
        [castle, creature("knight")],
        [creature("foe")],
        {"A:pearlthorn-castle#1": "a1", "A:knight#1": "b2", "B:foe#1": "d4"},
        phase="spawn",
    )
    return Table.start(Store(tmp_path / "db.sqlite3"), game)


@pytest.fixture
def app(table: Table, settings: Settings) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def _seated(browser: Browser, app: Flask, url: str, seat: str, language: str) -> Page:
    phone = new_phone(
        browser,
        url,
        language=language,
        at=url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1],
    )
    wait_for_version(phone, 0)
    return phone


def test_a_spawn_ability_and_its_manual_effect_on_the_right_phone(
    browser: Browser, server, app: Flask, table: Table
):
    phone_a = _seated(browser, app, server.url, "A", "en-US")
    phone_b = _seated(browser, app, server.url, "B", "ja-JP")
    use = phone_a.locator("#pending .db-abilities button")
    expect(use).to_have_count(1)
    expect(use).to_have_text("Pearlthorn Castle: use move a target adjacent ally into this cell")
    assert_no_internal_ids(phone_a)
    use.click()
    wait_for_version(phone_a, 1)
    card = phone_a.locator(".db-manual")
    expect(card).to_contain_text("Apply the effect of Player A's ability")
    screenshot(phone_a, "db-manual-effect")
    assert_no_internal_ids(phone_a)

    # the other seat reads whose effect it is, with no controls; the server refuses it too
    wait_for_version(phone_b, 1)
    expect(phone_b.locator(".db-manual")).to_have_count(0)
    expect(phone_b.locator(".db-manual-other")).to_contain_text("能力の効果を適用しています")
    assert_no_internal_ids(phone_b)
    phone_b.evaluate("Panel.propose({verb: 'relocate', args: {mini: 'B:foe#1', cell: 'a2'}})")
    expect(phone_b.locator("#toast")).to_be_visible()
    assert table.version == 1

    # seat A moves its knight into the castle's cell with the labelled controls
    card.locator(".manual-relocate-mini").select_option("A:knight#1")
    card.locator(".manual-relocate-cell").select_option("a1")
    card.locator(".manual-relocate").click()
    wait_for_version(phone_a, 2)
    assert table.read(lambda game: game.state.zone["A:knight#1"]) == "a1"
    expect(phone_a.locator("#log li").first).to_contain_text("Move Knight")
