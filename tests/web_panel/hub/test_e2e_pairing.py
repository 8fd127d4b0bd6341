"""End to end: the organizer pairs rounds of the documented example event (docs/tournament.md,
"An example event") and the page says under each round how many pairs cross point groups and why,
and shows the MTR tie-breakers — headless Chromium at phone and laptop sizes, in English and
Japanese, with no console errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.hub.journal import Journal
from companion.hub.tournament import Tournament
from tests.web_panel.browser import HUB_REFRESH_MS, screenshot
from tests.web_panel.hub.test_e2e_hub import SIZES, open_page
from web_panel.app import PanelServer, serve
from web_panel.hub.app import create_hub_app
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

LANGUAGES = {"en-US": "en", "ja-JP": "ja"}
NAMES = ("Ann", "Ben", "Cho", "Dai", "Eve")
NO_CLOCK = {"length": None, "deadline": None, "remaining": None}


def example_after_round_one(path: Path) -> Journal:
    """The example event's journal after round 1 (Ann beat Ben, Cho drew Dai, Eve's bye), as a
    hub wrote it: round 1 is drawn at random, so it is given, not paired here."""
    journal = Journal(path / "hub.sqlite3")
    journal.append({"kind": "configure", "seed": 0})
    journal.append({"kind": "tables", "names": ["table-1", "table-2", "table-3"]})
    for player, name in enumerate(NAMES, 1):
        journal.append(
            {
                "kind": "check_in",
                "player": player,
                "name": name,
                "warband": None,
                "entered_round": 1,
            }
        )
    matches = [
        {"id": 1, "table": "table-1", "a": 1, "b": 2},
        {"id": 2, "table": "table-2", "a": 3, "b": 4},
        {"id": 3, "table": None, "a": 5, "b": None},
    ]
    journal.append(
        {
            "kind": "round_started",
            "round": 1,
            "stage": "swiss",
            "matches": matches,
            "clock": NO_CLOCK,
        }
    )
    journal.append({"kind": "result", "match": 1, "outcome": "a", "by": "table-1"})
    journal.append({"kind": "result", "match": 2, "outcome": "draw", "by": "table-2"})
    return journal


@pytest.fixture
def example(tmp_path: Path) -> Iterator[tuple[Tournament, PanelServer]]:
    tournament = Tournament(example_after_round_one(tmp_path))
    tournament.check_in("Fay")  # late: from round 2
    app = create_hub_app(
        tournament,
        None,
        secret_key="test",
        data_dir=tmp_path,
        testing=True,
        refresh_ms=HUB_REFRESH_MS,
    )
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield tournament, running
    running.stop()
    tournament.journal.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_round_says_how_many_pairs_cross_point_groups_and_why(
    browser: Browser, example: tuple[Tournament, PanelServer], size: str, language: str
):
    tournament, server = example
    lang = LANGUAGES[language]
    page, errors = open_page(browser, server.url + "/", size, language)
    across = page.locator("#round-across")
    expect(page.locator("#round-title")).to_have_text(translate(lang, "hub.round.title", number=1))
    expect(across).to_be_hidden()  # a round journalled before the hub kept the count

    page.get_by_role("button", name=translate(lang, "hub.round.start")).click()
    expect(page.locator("#round-title")).to_have_text(translate(lang, "hub.round.title", number=2))
    # no odd group, but Cho and Dai (1 point each) met in round 1: two pairs must cross
    expect(across).to_have_text(translate(lang, "hub.round.across_rematch", pairs=2))
    ids = {p.name: p.id for p in tournament.state.players.values()}
    pairs = {frozenset((m.a, m.b)) for m in tournament.state.round_matches(2)}
    assert pairs == {
        frozenset((ids["Ann"], ids["Eve"])),
        frozenset((ids["Cho"], ids["Ben"])),
        frozenset((ids["Dai"], ids["Fay"])),
    }
    winners = {ids["Eve"], ids["Cho"], ids["Fay"]}
    for match in tournament.state.round_matches(2):
        outcome = "a" if match.a in winners else "b"
        tournament.report(match.id, outcome, table=match.table, by="test")
    tournament.drop(ids["Ben"])
    expect(page.locator("#matches button[data-outcome]")).to_have_count(0)  # the page followed

    page.get_by_role("button", name=translate(lang, "hub.round.start")).click()
    expect(page.locator("#round-title")).to_have_text(translate(lang, "hub.round.title", number=3))
    # Eve 6, Cho 4, Ann and Fay 3, Dai's bye: the two odd groups need one pair across
    expect(across).to_have_text(translate(lang, "hub.round.across_parity", pairs=1))
    header = page.locator("table.standings thead th")
    expect(header.nth(6)).to_have_text(translate(lang, "hub.standings.gw"))
    expect(header.nth(7)).to_have_text(translate(lang, "hub.standings.ogw"))
    long_name = translate(lang, "hub.standings.gw_long")
    expect(header.nth(6).locator("abbr")).to_have_attribute("title", long_name)
    expect(page.locator("#tiebreak-legend")).to_have_text(translate(lang, "hub.standings.legend"))
    eve = page.locator("#standings tr").first.locator("td")
    expect(eve.nth(1)).to_have_text("Eve")
    expect(eve.nth(6)).to_have_text("100.0%")  # her bye and her win: 6 of 6
    screenshot(page, f"hub-pairing-across-{size}-{language}")
    # the page fits a phone: the note wraps inside the round's card
    box, card = across.bounding_box(), page.locator("#round-card").bounding_box()
    assert box and card and box["x"] + box["width"] <= card["x"] + card["width"] + 1
    assert errors == []
