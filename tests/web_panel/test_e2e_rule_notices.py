"""End to end, in English and Japanese, on two phones (390×844) and the table screen (1280×800):
what the rules decide by themselves is said everywhere, in the page's language — the 1s of turn 1
rolled again, a tie rolled again, who goes first, a turn's scoring, both spawn phases skipped after
a 1 — and kept in the log with its action; "This turn" starts again at 0 – 0; a shift whose
creatures have all moved says so (not "all engaged"); an action refused out of turn says why from
the engine's reason, never with an engine id or a pending kind; a tie won by turns and blades
the rules pass are said too."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.table.proposers import JUDGE
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.visible_text import assert_no_internal_ids, internal_ids
from web_panel.i18n import catalog, translate

pytestmark = [
    pytest.mark.browser,
]

LOCALES = {"en": "en-US", "ja": "ja-JP"}
RULE = "notice.rule.dreamblade."


def _t(lang: str, key: str, **values: object) -> str:
    text = translate(lang, key, **values)  # counts said as the catalog says them
    return text[0].upper() + text[1:]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, 0)


class Screens:
    """Seat A's and seat B's phones and the table's own screen, all in one language."""

    def __init__(self, browser: Browser, app: Flask, url: str, lang: str) -> None:
        self.lang = lang
        self.phones = {seat: self._seated(browser, app, url, seat) for seat in ("A", "B")}
        self.screen = new_phone(browser, url, LOCALES[lang], laptop=True, at=url + "/table")
        self.version = 0

    def _seated(self, browser: Browser, app: Flask, url: str, seat: str) -> Page:
        phone = new_phone(
            browser,
            url,
            LOCALES[self.lang],
            at=url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1],
        )
        return phone

    @property
    def every(self) -> list[Page]:
        return [*self.phones.values(), self.screen]

    def name(self, seat: str) -> str:
        name: str = self.phones["A"].evaluate(f"Panel.seat('{seat}').name")
        return name

    def play(self, table: Table, *texts: str) -> None:
        for text in texts:
            table.submit(JUDGE, text)
        self.version += len(texts)
        for page in self.every:
            wait_for_version(page, self.version)

    def says(self, key: str, text: str) -> None:
        """Every phone and the table screen show the notice, and its action's log entry keeps it."""
        for page in self.every:
            notice = page.locator(f'#notices .rule-notice[data-key="{RULE}{key}"]')
            expect(notice).to_have_text(text)
            expect(page.locator(f'#log .log-notice[data-key="{RULE}{key}"]').first).to_have_text(
                text
            )
            assert_no_internal_ids(page)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_own_decisions_are_said_on_every_screen(
    browser: Browser, server, app: Flask, table: Table, lang: str
) -> None:
    at = Screens(browser, app, server.url, lang)
    for page in at.every:
        wait_for_version(page, 0)
    a, b = at.name("A"), at.name("B")
    joiner = _t(lang, "notice.cells_joiner") if lang == "en" else "と"

    at.play(table, "init 1 1")  # turn 1: every 1 is rolled again
    at.says(
        "ones_rerolled.turn_1", _t(lang, RULE + "ones_rerolled.turn_1", seats=f"{a}{joiner}{b}")
    )
    at.play(table, "init 3 3")  # a tie with as many turns won: rolled again
    at.says("tie_rerolled", _t(lang, RULE + "tie_rerolled", die=3))
    screenshot(at.phones["B"], f"rule-notice-tie-{lang}-phone")
    screenshot(at.screen, f"rule-notice-tie-{lang}-table")

    at.play(table, "init 6 5")
    at.says("first_player", _t(lang, RULE + "first_player", a=6, b=5, seat=a))

    # A's shift: once its only creature has moved, the reason is that, not "all engaged"
    shift = DEMO_ACTIONS.index("move A:sir-glorious#1 b1")
    at.play(table, *DEMO_ACTIONS[1 : shift + 1])
    why = at.phones["A"].locator('.why-not[data-rule="shift.all_moved"]')
    expect(why).to_have_text(_t(lang, "why.move.shift.all_moved"))

    # a proposal the decision does not take, on A's phone (an old roll sent again): refused with
    # the engine's reason, in the page's language
    toast = at.phones["A"].locator("#toast")
    at.phones["A"].evaluate("Panel.proposeTyped('init 1 1')")
    expect(toast).to_be_visible()
    refused = toast.inner_text()
    decision = catalog(lang)["kind.shift"]
    assert _t(lang, "refusal.sequence", seat=a, decision=decision) in refused, refused
    assert not internal_ids(refused), refused
    assert "init" not in refused and "waits" not in refused, refused

    # the rest of turn 1, then its scoring, and "This turn" back at 0 – 0 for turn 2
    confirm = DEMO_ACTIONS.index("confirm")
    at.play(table, *DEMO_ACTIONS[shift + 1 : confirm + 1])
    result = table.read(lambda game: game.state.results[-1])
    if result.winner is None:
        at.says("turn_tied", _t(lang, RULE + "turn_tied", turn=1, points=result.tally["A"]))
    else:
        loser = "B" if result.winner == "A" else "A"
        text = _t(
            lang,
            RULE + "turn_won",
            turn=1,
            seat=at.name(result.winner),
            won=result.tally[result.winner],
            lost=result.tally[loser],
            wins=1,
        )
        at.says("turn_won", text)
    tally = at.phones["A"].locator("#status .chip", has_text=_t(lang, "status.tally"))
    expect(tally).to_have_text(f"{_t(lang, 'status.tally')} 0 – 0")

    # turn 2: a 1 skips both spawn phases, and every screen says why
    at.play(table, "init 1 4")
    at.says("spawn_skipped", _t(lang, RULE + "spawn_skipped", seats=a))
    assert table.read(lambda game: game.phase) == "action"
    screenshot(at.phones["A"], f"rule-notice-spawn-skipped-{lang}-phone")
    screenshot(at.screen, f"rule-notice-spawn-skipped-{lang}-table")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tie_won_by_turns_and_blades_passed_by_the_rules_are_said(
    browser: Browser, server, app: Flask, table: Table, lang: str
) -> None:
    """The demo's turn 3: a 4–4 tie goes to the seat with more turns won; B's strike rolls a
    blade no ability of its attackers can take, so the rules pass it and go on to the damage."""
    at = Screens(browser, app, server.url, lang)
    for page in at.every:
        wait_for_version(page, 0)
    tie = DEMO_ACTIONS.index("init 4 4")
    at.play(table, *DEMO_ACTIONS[: tie + 1])
    first = table.read(lambda game: game.first_player)
    at.says("tie_turn_wins", _t(lang, RULE + "tie_turn_wins", die=4, seat=at.name(first)))
    blades = DEMO_ACTIONS.index("dice 2,3,3,blade")
    at.play(table, *DEMO_ACTIONS[tie + 1 : blades + 1])
    at.says("blades_unused", _t(lang, RULE + "blades_unused", count=1))
    assert table.read(lambda game: game.pending().kind) == "assign_damage"
    screenshot(at.phones["B"], f"rule-notice-blades-{lang}-phone")
