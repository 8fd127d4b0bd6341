"""End to end, at a phone's size and a laptop's, in English and Japanese: a seated player calls
the judge from their phone (asked first), the other phones show the call, a second call within a
minute is refused in the phone's language; a spectator and the judge have no such button. Any
console error fails the test."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion import events as ev
from companion.events import Event
from companion.table.table import Table
from tests.web_panel.browser import LOCALES, SCREENS, close_pages, new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN, join_url
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel.app import PanelServer
from web_panel.i18n import translate
from web_panel.judge_calls import CALL_INTERVAL, JudgeCalls

pytestmark = [
    pytest.mark.browser,
]


def _seated(browser: Browser, app: Flask, url: str, seat: str, locale: str, laptop: bool) -> Page:
    phone = new_phone(
        browser,
        url,
        locale,
        laptop=laptop,
        at=url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1],
    )
    expect(phone.locator("#viewer")).to_contain_text(seat)
    return phone


def test_a_seated_player_calls_the_judge_from_their_phone(
    browser: Browser, server: PanelServer, app: Flask, table: Table
):
    """On a phone and a laptop, in English and Japanese, one screen after another at the same
    table; the table's clock moves a minute on between two, so seat A may call again."""
    clock = [0.0]
    app.extensions["panel"].judge_calls = JudgeCalls(table.bus, now=lambda: clock[0])
    calls: list[Event] = []
    table.bus.subscribe(calls.append, kinds={ev.JUDGE_CALLED})
    for lang, size in SCREENS:
        _call_the_judge(browser, server, app, calls, lang, size)
        close_pages()  # this screen's phones
        calls.clear()
        clock[0] += CALL_INTERVAL


def _call_the_judge(
    browser: Browser, server: PanelServer, app: Flask, calls: list[Event], lang: str, size: str
) -> None:
    locale = LOCALES[lang]
    laptop = size == "laptop"
    phone_a = _seated(browser, app, server.url, "A", locale, laptop)
    phone_b = _seated(browser, app, server.url, "B", locale, laptop)
    watcher = new_phone(browser, server.url, locale, laptop=laptop)
    for phone in (phone_b, watcher):  # the call of the screen before was answered
        expect(phone.locator('#notices [data-kind="judge_called"]')).to_have_count(0)
    expect(phone_a.locator("#judge-call")).to_contain_text(translate(lang, "judge.call_hint"))
    expect(watcher.locator("#judge-call")).to_be_hidden()

    button = phone_a.locator("#judge-call-button")
    expect(button).to_have_text(translate(lang, "judge.call"))
    button.click()
    expect(phone_a.locator("#confirm-text")).to_have_text(translate(lang, "judge.call_confirm"))
    phone_a.locator("#confirm-no").click()  # thought better of it: nobody is called
    assert calls == []
    button.click()
    phone_a.locator("#confirm-yes").click()
    expect(phone_a.locator("#toast")).to_have_text(translate(lang, "judge.called"))
    expect(phone_a.locator("#toast")).not_to_have_class(re.compile(r"\berror\b"))  # good news
    called = translate(lang, "notice.judge_called")
    for phone in (phone_b, watcher):
        expect(phone.locator('#notices [data-kind="judge_called"]')).to_have_text(called)
    assert [e.data for e in calls] == [{"by": "A"}]
    screenshot(phone_a, f"judge-call-{size}-{lang}")
    assert_no_internal_ids(phone_a)

    button.click()
    phone_a.locator("#confirm-yes").click()
    refused = translate(lang, "error.judge_called_recently")
    expect(phone_a.locator("#toast")).to_contain_text(refused)
    expect(phone_a.locator("#toast")).to_have_class(re.compile(r"\berror\b"))
    assert len(calls) == 1

    # the judge calls nobody: the button goes once the phone unlocks the judge tools (folded
    # away on a seated player's phone, out of the turn flow, until opened)
    expect(phone_b.locator("#judge-pin")).to_be_hidden()
    phone_b.locator("#judge-unlock summary").click()
    phone_b.locator("#judge-pin").fill(JUDGE_PIN)
    phone_b.locator("#judge-login").click()
    expect(phone_b.locator("#viewer")).to_have_text(translate(lang, "viewer.judge"))
    expect(phone_b.locator("#judge-call")).to_be_hidden()

    # the judge takes the call at the table: the notice clears on every phone (issue 24)
    expect(phone_a.locator("#judge-answer")).to_have_count(0)  # only the judge answers
    answer = phone_b.locator('#notices [data-kind="judge_called"] #judge-answer')
    expect(answer).to_have_text(translate(lang, "judge.answer_call"))
    screenshot(phone_b, f"judge-call-answer-{size}-{lang}")
    answer.click()
    for phone in (phone_a, phone_b, watcher):
        expect(phone.locator('#notices [data-kind="judge_called"]')).to_have_count(0)
