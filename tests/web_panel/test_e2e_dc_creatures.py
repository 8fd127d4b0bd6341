"""Dungeon Command's creatures on a laptop (1280×800) and a phone (390×844), in English and in
Japanese: the demo played into its fourth turn — a tapped goblin, a wounded Guard and Scout — as
a spectator's phone or laptop shows them, read from the engine; no internal id on screen, and a
console error fails the test (conftest)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.settings import Settings
from companion.simulation.other_games import demo_game, demo_seats, play
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

PLAYED = 34  # turn 4 (Ben): Goblin 3 is being activated; the Guard and the Scout carry damage


@pytest.fixture
def demo_url(tmp_path: Path) -> Iterator[tuple[str, Table]]:
    game, script = demo_game("dungeon_command")
    settings = Settings(data_dir=tmp_path, game="dungeon_command", seats=demo_seats(game))
    table = Table.start(Store(settings.store_path), game)
    play(table, script[:PLAYED], report=lambda line: None)
    table.submit("ben", "tap ben-03")
    app = create_app(table, settings, secret_key="s", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running.url, table
    running.stop()
    app.extensions["panel"].close()


@pytest.mark.parametrize("laptop", [True, False], ids=["laptop", "phone"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_creatures_show_hit_points_tapping_and_the_activation(
    browser: Browser, demo_url: tuple[str, Table], lang: str, laptop: bool
):
    url, table = demo_url
    page = new_phone(browser, url, "en-US" if lang == "en" else "ja-JP", laptop=laptop)
    wait_for_version(page, PLAYED + 1)
    assert table.read(
        lambda g: (g.state.activating, g.damage("ann-06"), g.is_tapped("ben-03"))
    ) == (
        "ben-03",
        10,
        True,
    )
    guard = page.locator('.dc-band[data-seat="ann"] .dc-creature[data-label="ann-06"]')
    expect(guard.locator(".dc-hp")).to_have_text(translate(lang, "dc.hp", left=20, total=30))
    expect(guard).to_have_class("dc-creature wounded")
    goblin = page.locator('.dc-band[data-seat="ben"] .dc-creature[data-label="ben-03"]')
    expect(goblin.locator(".dc-tapped")).to_have_text(translate(lang, "dc.tapped"))
    expect(goblin.locator(".dc-active")).to_have_text(translate(lang, "dc.activating"))
    unknown = page.locator('.dc-creature[data-label="elf-archer"] .dc-hp')
    expect(unknown).to_have_text(translate(lang, "dc.hp_unknown"))
    assert_no_internal_ids(page)
    screenshot(page, f"dc-creatures-{'laptop' if laptop else 'phone'}-{lang}")
