"""End to end: a round no pairing can make without a rematch, on the organizer's page at a
laptop's and a phone's size, in English and Japanese — the organizer is told why and either
pairs the fewest rematches or ends the event."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from flask import Flask
from playwright.sync_api import Browser, expect

from companion.hub.tournament import Tournament
from tests.web_panel.browser import screenshot
from tests.web_panel.hub.test_e2e_hub import SIZES, open_page
from web_panel.app import PanelServer, serve

pytestmark = [
    pytest.mark.browser,
]

MESSAGES = Path(__file__).parents[3] / "web_panel" / "messages"
LANGS = {"en-US": "en", "ja-JP": "ja"}


def _t(language: str, key: str, **values: object) -> str:
    path = MESSAGES / f"{LANGS[language]}.yaml"
    text: str = yaml.safe_load(path.read_text(encoding="utf-8"))[key]
    return text.format(**values)


@pytest.fixture
def hub_server(hub_app: Flask) -> Iterator[PanelServer]:
    running = serve(hub_app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def all_met(tournament: Tournament) -> None:
    """Four players after three rounds: each has played each of the others."""
    for name in ("Aiko", "Ben", "Cho", "Dai"):
        tournament.check_in(name)
    for _ in range(3):
        tournament.start_round()
        current = tournament.state.current
        assert current is not None
        for match in tournament.state.round_matches(current.number):
            tournament.report(match.id, "a", table=None, by="test")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("choice", ["allow", "end"])
def test_no_pairing_without_a_rematch_the_organizer_chooses(
    browser: Browser,
    hub_server: PanelServer,
    tournament: Tournament,
    size: str,
    language: str,
    choice: str,
):
    all_met(tournament)
    page, errors = open_page(browser, hub_server.url + "/", size, language)
    expect(page.locator("#round-title")).to_have_text(_t(language, "hub.round.title", number=3))
    page.locator("#start-round").click()
    why = _t(language, "hub.error.rematch_only", round=4, players=4, met=6, possible=6)
    choice_box = page.locator("#rematch-choice")
    expect(choice_box).to_be_visible()
    expect(page.locator("#rematch-why")).to_have_text(why)
    expect(page.locator("#toast")).to_be_hidden()  # said in the card, not in a passing toast
    assert len(tournament.state.rounds) == 3  # nothing changed
    allow = page.get_by_role("button", name=_t(language, "hub.rematch.allow"))
    end = page.get_by_role("button", name=_t(language, "hub.rematch.end"))
    expect(allow).to_be_in_viewport()
    expect(end).to_be_visible()
    screenshot(page, f"hub-rematch-choice-{size}-{language}")
    if choice == "allow":
        allow.click()
        expect(page.locator("#round-title")).to_have_text(_t(language, "hub.round.title", number=4))
        expect(choice_box).to_be_hidden()
        expect(page.locator("#round-rematches")).to_have_text(
            _t(language, "hub.round.rematches", count=2)
        )
        expect(page.locator("#matches tr")).to_have_count(2)
        current = tournament.state.current
        assert current is not None and (current.number, current.rematches) == (4, 2)
    else:
        end.click()
        ended = _t(language, "hub.round.ended", round=3)
        expect(page.locator("#event-ended")).to_have_text(ended)
        expect(choice_box).to_be_hidden()
        expect(page.locator("#start-round")).to_be_hidden()  # no round is paired any more
        expect(page.locator("#start-cut")).to_be_hidden()
        assert tournament.state.ended is not None and tournament.state.ended.round == 3
        assert len(tournament.state.rounds) == 3
    screenshot(page, f"hub-rematch-{choice}-{size}-{language}")
    # the browser logs the refused request itself (409); nothing else may be logged
    assert all("409" in error for error in errors) and len(errors) <= 1, errors
