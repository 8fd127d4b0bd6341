"""End to end: the organizer's standings card on a laptop and a phone, in English and Japanese —
every tie-breaker column shown without a scroll inside the card, and the CSV link downloading
the standings as the organizer sees them."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from companion.hub.tournament import Tournament
from tests.web_panel.browser import screenshot
from tests.web_panel.hub.test_e2e_hub import SIZES, open_page
from web_panel.app import PanelServer, serve

pytestmark = [
    pytest.mark.browser,
]

TIEBREAKERS = {
    "en-US": ["OMW%", "GW%", "OGW%"],
    "ja-JP": ["相手勝率", "ゲーム勝率", "相手ゲーム勝率"],
}
CSV_LINK = {"en-US": "Standings as CSV", "ja-JP": "順位表を CSV で保存"}


@pytest.fixture
def hub_server(hub_app: Flask) -> Iterator[PanelServer]:
    running = serve(hub_app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def play_two_rounds(tournament: Tournament) -> None:
    """Eight players (one with a long name, one written in Japanese) after two rounds, a draw
    among the results."""
    for name in ("Aiko Watanabe-Smithson", "Ben", "Cho", "Dai", "Emi", "Fumi", "源", "Hana"):
        tournament.check_in(name)
    for outcome in ("a", "draw"):
        tournament.start_round()
        current = tournament.state.current
        assert current is not None
        for match in tournament.state.round_matches(current.number):
            tournament.report(match.id, outcome, table=None, by="test")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", TIEBREAKERS)
def test_the_standings_fit_the_card_and_the_csv_downloads(
    browser: Browser, hub_server: PanelServer, tournament: Tournament, size: str, language: str
):
    play_two_rounds(tournament)
    page, errors = open_page(browser, hub_server.url + "/", size, language)
    rows = page.locator("#standings tr")
    expect(rows).to_have_count(8)
    heads = page.locator("table.standings thead th")
    expect(heads).to_have_count(8)
    assert heads.all_inner_texts()[-3:] == TIEBREAKERS[language]
    table = page.locator("table.standings")
    card = page.locator("section.card", has=table)
    widths = card.evaluate(
        "c => ({cardScroll: c.scrollWidth, cardClient: c.clientWidth,"
        " tableScroll: c.querySelector('table').scrollWidth,"
        " tableClient: c.querySelector('table').clientWidth})"
    )
    if size == "laptop":  # the store's laptop: every column in view, no scroll inside the card
        assert widths["tableScroll"] <= widths["tableClient"], widths
        assert widths["cardScroll"] <= widths["cardClient"], widths
        last = heads.last.bounding_box()
        box = card.bounding_box()
        assert last is not None and box is not None
        assert last["x"] + last["width"] <= box["x"] + box["width"], (last, box)
    screenshot(page, f"hub-standings-{size}-{language}")

    with page.expect_download() as info:
        page.get_by_role("link", name=CSV_LINK[language]).click()
    download = info.value
    assert download.suggested_filename == "standings.csv"
    path = download.path()
    assert path is not None
    data = Path(path).read_bytes()
    # a spreadsheet opening the file reads its Japanese names as UTF-8 only with the BOM
    assert data.startswith(b"\xef\xbb\xbf"), data[:20]
    shown = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    expected = tournament.standings_rows()
    assert [row["name"] for row in shown] == [row["name"] for row in expected]
    assert [int(row["points"]) for row in shown] == [row["points"] for row in expected]
    assert [row["omw"] for row in shown] == [f"{row['omw']:.4f}" for row in expected]
    page_names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(8)]
    assert page_names == [row["name"] for row in shown]
    assert errors == []
