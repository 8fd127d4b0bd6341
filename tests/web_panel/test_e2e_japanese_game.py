"""End to end: a whole Dreamblade game (the demo's, to its winner) watched on two Japanese phones,
seat A's at a phone's size and seat B's at a laptop's: at every step, the visible text has no
English word but the proper names of the miniatures, the map and the players (an allow-list),
and no engine id or pending kind. A stale and an out-of-turn action are refused in Japanese
only, never with the engine's English ("the game waits for choose_action from seat B")."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.demo_game import DEMO_GAME
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.table import Table
from tests.web_panel.browser import close_pages, new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.visible_text import (
    LATIN_WORD,
    assert_no_internal_ids,
    english_in,
    english_words,
)
from web_panel import create_app

pytestmark = [
    pytest.mark.browser,
]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, 0)


def proper_names(table: Table) -> set[str]:
    """Words that may stay in Latin letters on a Japanese page: names — the miniatures', their
    lineages', the map's and the keyword abilities' as printed (the Japanese rulebook prints
    them in English too: "Regenerate", "Bolster Janus 2"). Never the rest of an ability line (its
    activation, or a line of text the players apply, which the card says in Japanese)."""

    def read(game) -> set[str]:  # type: ignore[no-untyped-def]
        words: set[str] = set()
        for piece in game.setup.pieces.values():
            words |= set(LATIN_WORD.findall(piece.mini.name))
            words |= set(LATIN_WORD.findall(piece.mini.lineage or ""))
            for ability in piece.abilities:
                if ability.name[:1].isupper():  # a keyword's name, not a sentence
                    words |= set(LATIN_WORD.findall(f"{ability.name} {ability.type or ''}"))
        words |= set(LATIN_WORD.findall(game.setup.dream_map.name))
        return words

    names: set[str] = table.read(read)
    return names


def _seated(browser: Browser, app: Flask, url: str, seat: str, laptop: bool) -> Page:
    phone = new_phone(
        browser,
        url,
        language="ja-JP",
        laptop=laptop,
        at=url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1],
    )
    wait_for_version(phone, 0)
    return phone


def _refused_in_japanese(phone: Page, tap: str, allowed: set[str]) -> None:
    toast = phone.locator("#toast")
    phone.evaluate("document.getElementById('toast').hidden = true")
    phone.evaluate(tap)
    expect(toast).to_be_visible()
    said = toast.inner_text()
    assert said.strip()
    assert not english_in(said, allowed), said


def test_a_whole_japanese_game_shows_no_english(browser: Browser, server, app: Flask, table: Table):
    allowed = proper_names(table)
    phones = {
        "A": _seated(browser, app, server.url, "A", laptop=False),
        "B": _seated(browser, app, server.url, "B", laptop=True),
    }
    found: dict[str, set[str]] = {}
    for step, text in enumerate(DEMO_GAME, start=1):
        if step == 3:  # seat A spawns: B taps out of turn, then sends what it saw two steps ago
            _refused_in_japanese(phones["B"], "Panel.propose({verb: 'done', args: {}})", allowed)
            stale = "Panel.post('/api/actions', {action: 'done', version: 0, game_id: 1})"
            _refused_in_japanese(phones["B"], stale, allowed)
        table.submit(JUDGE, text)
        for seat, phone in phones.items():
            wait_for_version(phone, step)
            english = english_words(phone, allowed)
            if english:
                found.setdefault(f"{seat} after {text!r}", english)
            assert_no_internal_ids(phone)
    assert table.read(lambda game: game.winner()) is not None
    for phone in phones.values():
        expect(phone.locator("#status .winner")).to_be_visible()
    # each miniature's card: its stats, reasons and ability help, in Japanese too
    laptop = phones["B"]
    cards = laptop.locator(".db-mini").count()
    assert cards > 0
    for index in range(cards):
        laptop.locator(".db-mini").nth(index).click()
        expect(laptop.locator("#mini-info")).to_be_visible()
        english = english_words(laptop, allowed)
        if english:
            found.setdefault(f"card {index}", english)
        laptop.locator("#mini-info button").click()
    screenshot(phones["A"], "ja-game-over-phone")
    screenshot(phones["B"], "ja-game-over-laptop")
    every = set().union(*found.values()) if found else set()
    assert not found, (sorted(every), found)


def test_a_shipped_ability_the_players_apply_is_said_in_japanese(
    browser: Browser, settings: Settings, tmp_path: Path
):
    """Pearlthorn Castle's ability (a line of text the engine leaves to the players) reads in
    Japanese on a Japanese phone, in our own words for the rulebook's; its name stays as printed
    (the Japanese rulebook prints it in English)."""
    from companion.games.dreamblade.catalog import builtin_catalog_path, load_catalog
    from companion.games.dreamblade.dice import builtin_dice
    from companion.games.dreamblade.maps import builtin_map
    from companion.games.dreamblade.starting import new_game
    from companion.table.store import Store
    from web_panel import serve

    catalog = load_catalog(builtin_catalog_path())
    warbands = {
        "A": [catalog["sir-glorious"], catalog["pearlthorn-castle"]],
        "B": [catalog["spellbound-scissors"]],
    }
    setup = new_game(builtin_map("default"), warbands, dice=builtin_dice()).record()
    setup.pop("actions")
    table = Table.new_game(Store(tmp_path / "db.sqlite3"), "dreamblade", setup)
    table.submit(JUDGE, "correct place A:sir-glorious#1 c3")
    table.submit(JUDGE, "correct place A:pearlthorn-castle#1 c3")
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        phone = new_phone(
            browser,
            running.url,
            language="ja-JP",
            at=running.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1],
        )
        wait_for_version(phone, 2)
        phone.locator(".db-mini.location").first.click()
        card = phone.locator("#mini-info")
        expect(card).to_be_visible()
        expect(card.locator("ul.abilities li strong")).to_have_text(
            "0：隣にいる味方1体を対象に選び、このマスへ移動させる"
        )
        said = card.inner_text()
        assert not english_in(said, proper_names(table)), said
        screenshot(phone, "ja-pearlthorn-castle-card")
    finally:
        close_pages()
        running.stop()
        app.extensions["panel"].close()
