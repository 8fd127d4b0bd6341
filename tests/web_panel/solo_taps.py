"""A phone starting a solo game in two taps on its solo card, for the solo games' browser tests."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from companion.table.table import Table
from tests.web_panel.browser import wait_for_version
from web_panel.i18n import translate


def play_against_the_table(phone: Page, table: Table, lang: str, level: str) -> None:
    """ "Play against the table", then ``level``: the table starts the same set-up again, and the
    phone shows the new game with the table's seat at that level."""
    game_id = table.game_id
    card = phone.locator("#solo-card")
    expect(card).to_be_visible()
    card.locator("#solo-open").click()
    expect(card.locator(".solo-same")).to_have_text(translate(lang, "solo.same_setup"))
    card.locator(f'.solo-level[data-level="{level}"]').click()
    deadline = time.monotonic() + 10
    while table.game_id == game_id and time.monotonic() < deadline:
        time.sleep(0.02)
    assert table.game_id != game_id, "no new game was started"
    wait_for_version(phone, table.version)
    expect(phone.locator("#computer-seats")).to_contain_text(translate(lang, f"solo.level.{level}"))
