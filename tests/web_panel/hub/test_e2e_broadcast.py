"""End to end: the public broadcast of an event — a real Mosquitto, the hub's station and pages,
and tables (each a real table with its panel) linked to it over MQTT; headless Chromium at phone
and laptop sizes (the overlay at 1920×1080), in English and Japanese, with no console errors.

The spectator page shows each table only the organizer's delay late (the board drawn by the
phones' own script, compared with the table's spectator view of that version); the overlay's
background is transparent; the statistics of a finished game reach the organizer's and the
players' pages with the luck the engine's rolls give."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.demo_game import DEMO_GAME
from companion.games.luck import luck
from companion.table.proposers import JUDGE
from tests.companion.hub.mqtt import wait_for
from tests.companion.hub.test_played_games import demo_rolls
from tests.web_panel.browser import SCREENSHOTS, open_context, screenshot, watch_errors
from tests.web_panel.hub import test_e2e_boards
from tests.web_panel.hub.test_e2e_boards import (
    LANGUAGES,
    NEXT_MOVE,
    SIZES,
    Room,
    expect_dreamblade_board,
    open_page,
)
from tests.web_panel.visible_text import assert_no_internal_ids, internal_ids
from web_panel.hub.player_page import player_token
from web_panel.i18n import translate

pytestmark = [pytest.mark.browser]
room = test_e2e_boards.room  # the fixture: the hub and its tables in round 1


DELAY = 4  # seconds: long enough to see the old position, short enough for a test


def expect_status_chips(card: Any, lang: str, view: dict[str, Any]) -> None:
    extra = view["extra"]
    expect(card).to_contain_text(translate(lang, "status.turn", turn=extra["turn"]))
    expect(card).to_contain_text(translate(lang, f"phase.{extra['phase']}"))


def test_the_spectator_page_shows_each_table_only_the_delay_late(browser: Browser, room: Room):
    """On a phone and a laptop, in English and in Japanese: the four pages watch the same delay."""
    room.tournament.configure(broadcast_delay=DELAY)
    before = room.view("table-1")
    pages = {
        (language, size): open_page(browser, room, "/broadcast", size, language)
        for language in LANGUAGES
        for size in SIZES
    }
    cards = {key: page.locator('.bc-table[data-table="table-1"]') for key, page in pages.items()}
    for (language, _), page in pages.items():
        lang = LANGUAGES[language]
        expect(page.locator("#bc-delay")).to_have_text(
            translate(lang, "broadcast.delay_seconds", seconds=DELAY)
        )
        card = cards[language, _]
        expect(card).to_have_attribute("data-version", str(before["version"]))
        expect_dreamblade_board(card.locator(".bc-board"), before)
        expect_status_chips(card, lang, before)
        for name in room.names("table-1"):
            expect(card.locator(".bc-players")).to_contain_text(name)
        # no PIN, join code or way to act: nothing to press but the language link
        expect(page.locator("button, input, select, textarea")).to_have_count(0)
        expect(page.locator("a")).to_have_count(1)
    # the table moves on: for the delay every page keeps showing the position before
    version = room.push("table-1", NEXT_MOVE + 1)
    moved_at = time.monotonic()
    while time.monotonic() - moved_at < DELAY - 1.5:
        for card in cards.values():
            assert card.get_attribute("data-version") == str(before["version"])
        time.sleep(0.25)
    for card in cards.values():
        expect_dreamblade_board(card.locator(".bc-board"), before)
    # once the delay has passed, the new position, drawn as the phones draw it
    after = room.view("table-1")
    for (language, size), page in pages.items():
        lang = LANGUAGES[language]
        card = cards[language, size]
        expect(card).to_have_attribute("data-version", str(version))
        assert time.monotonic() - moved_at >= DELAY - 0.5
        expect_dreamblade_board(card.locator(".bc-board"), after)
        # the other game, drawn by its own script; the table that never joined, said so
        second = page.locator('.bc-table[data-table="table-2"] .bc-board')
        for band in room.view("table-2")["extra"]["warbands"]:
            expect(second).to_contain_text(band["commander"])
        expect(page.locator('.bc-table[data-table="table-3"] .bc-waiting')).to_have_text(
            translate(lang, "broadcast.waiting")
        )
        assert_no_internal_ids(page)
        screenshot(page, f"broadcast-{size}-{language}")


def overlay_page(browser: Browser, room: Room, language: str) -> Page:
    context = open_context(browser, viewport={"width": 1920, "height": 1080}, locale=language)
    page = watch_errors(context.new_page())
    page.goto(room.url + "/overlay/table-1")
    return page


def alpha(png: bytes, *points: tuple[int, int]) -> list[int]:
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    assert image.size == (1920, 1080)
    return [image.getpixel(point)[3] for point in points]  # type: ignore[index]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_overlay_draws_the_table_on_a_transparent_background(
    browser: Browser, room: Room, language: str
):
    lang = LANGUAGES[language]
    room.tournament.configure(broadcast_delay=0)
    view = room.view("table-1")
    page = overlay_page(browser, room, language)
    expect(page.locator("body")).to_have_attribute("data-version", str(view["version"]))
    expect_dreamblade_board(page.locator("#ov-board"), view)
    for name in room.names("table-1"):
        expect(page.locator("#ov-players")).to_contain_text(name)
    expect_status_chips(page.locator("#ov-status"), lang, view)
    score = " – ".join(str(view["extra"]["turn_wins"][s]) for s in ("A", "B"))
    expect(page.locator("#ov-players .bc-score")).to_have_text(
        translate(lang, "broadcast.score", score=score)
    )
    # the last dice: the judge entered the strike's dice (the demo is played by the judge)
    expect(page.locator("#ov-dice")).to_contain_text(translate(lang, "log.judge"))
    expect(page.locator("#ov-dice")).not_to_have_text(translate(lang, "overlay.none"))
    noticed = [n for e in view["log"] for n in e.get("notices", [])]
    if noticed:
        expect(page.locator("#ov-notice")).not_to_have_text(translate(lang, "overlay.none"))
    assert_no_internal_ids(page)
    png = page.screenshot(omit_background=True)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / f"overlay-{language}.png").write_bytes(png)
    # the background is transparent: the corners, the top middle and between the boxes
    assert alpha(png, (0, 0), (1919, 0), (0, 1079), (1919, 1079), (960, 10), (1100, 540)) == [0] * 6
    # the boxes are drawn: the board's and the players'
    board = page.locator("#ov-board").bounding_box()
    players = page.locator("#ov-players").bounding_box()
    assert board is not None and players is not None
    inside = [(int(b["x"]) + 4, int(b["y"]) + 4) for b in (board, players)]
    assert all(a > 0 for a in alpha(png, *inside))
    # live: the next move comes with the broadcast (no delay here)
    version = room.push("table-1", NEXT_MOVE + 1)
    expect(page.locator("body")).to_have_attribute("data-version", str(version))
    expect_dreamblade_board(page.locator("#ov-board"), room.view("table-1"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_finished_games_statistics_reach_the_organizer_and_the_players_pages(
    browser: Browser, room: Room, language: str
):
    lang = LANGUAGES[language]
    linked = room.tables["table-1"].table  # it plays the demo to its end: seat A wins
    for text in DEMO_GAME[len(linked.snapshot().actions) :]:
        linked.submit(JUDGE, text)
    assert wait_for(lambda: room.station.tables["table-1"]["winner"] == "A")
    a, b = room.names("table-1")
    rolls = demo_rolls()
    lucks = {seat: luck(found) for seat, found in rolls.items()}
    records = room.station.records
    assert records is not None
    assert wait_for(lambda: len(records.matches()) >= 1)  # the table sent the game's record
    organizer = open_page(browser, room, "/", "laptop", language)
    rows = organizer.locator("#stats-players tbody tr")
    expect(rows).to_have_count(2)
    for name, seat in ((a, "A"), (b, "B")):
        row = organizer.locator(f'#stats-players tr[data-name="{name}"] td')
        won = 1 if seat == "A" else 0
        turns = room.station.tables["table-1"]["score"][seat]
        percent = int(lucks[seat] * 100)  # "luckier than N %": the whole percent below
        texts = [name, "1", str(won), f"{won * 100}%", str(int(turns))]
        for index, text in enumerate(texts):
            expect(row.nth(index)).to_have_text(text)
        expect(row.nth(5)).to_have_text(str(len(rolls[seat])))  # initiative dice among them
        expect(row.nth(6)).to_have_text(translate(lang, "stats.luck_percent", percent=percent))
    expect(organizer.locator("#stats-counted")).to_have_text(translate(lang, "stats.counted"))
    # (the page's check-in form offers "None" as a warband: the statistics' card is read alone)
    assert not internal_ids(organizer.locator("#stats-card").inner_text())
    screenshot(organizer, f"statistics-organizer-{language}")
    # the CSV: UTF-8 with a byte-order mark, the same figures
    answer = organizer.request.get(room.url + "/statistics.csv")
    text = answer.body().decode("utf-8")
    assert text.startswith("\ufeffkind,name,games,wins,win_rate,turn_wins,rolls,luck_percentile")
    assert f"player,{a},1,1,1.0000," in text and f"{int(lucks['A'] * 1000) / 10:.1f}" in text
    # the winner's own page: their statistics, in their words
    secret = "hub-secret"
    player_id = next(p.id for p in room.tournament.state.players.values() if p.name == a)
    page = open_page(browser, room, f"/p/{player_token(secret, player_id)}", "phone", language)
    stats = page.locator('#player-stats dl[data-kind="player"]')
    expect(stats.locator(".stats-games")).to_have_text("1")
    expect(stats.locator(".stats-wins")).to_have_text("1")
    expect(stats.locator(".stats-rolls")).to_have_text(str(len(rolls["A"])))
    expect(page.locator("#stats-counted")).to_have_text(translate(lang, "stats.counted"))
    expect(stats.locator(".stats-luck")).to_have_text(
        translate(lang, "stats.luck_text", percent=int(lucks["A"] * 100))
    )
    screenshot(page, f"statistics-player-{language}")
