"""End to end, at a phone's size and a laptop's, in English and Japanese: the first judge PIN is
set on the table's own screen, the judge logs in with it, and a join code that was used is
replaced on the table's screen. Any console error fails the test."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.browser import open_context, scan_join_code, screenshot
from web_panel import create_app, serve
from web_panel.app import PanelServer
from web_panel.i18n import translate
from web_panel.judge import FIRST_WAIT_SECONDS, FREE_TRIES, JudgeAccess

pytestmark = [
    pytest.mark.browser,
]

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
LOCALES = {"en": "en-US", "ja": "ja-JP"}


@pytest.fixture
def pinless_server(table: Table, tmp_path: Path) -> Iterator[PanelServer]:
    app = create_app(table, Settings(data_dir=tmp_path), secret_key="e2e")
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


@pytest.fixture
def held_clock(app: Flask, settings: Settings) -> None:
    """The judge PIN's guard reads a clock that stands still: the wait it sets after the last
    free try still holds when the phone tries again, however slowly a loaded machine clicks."""
    app.extensions["panel"].judge = JudgeAccess(
        settings.panel.judge_pin, settings.data_dir, clock=lambda: 1000.0
    )


def open_page(browser: Browser, url: str, size: str, language: str, errors: list[str]) -> Page:
    context = open_context(
        browser, viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone",
        locale=LOCALES[language],
    )  # fmt: skip
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page


def first_shown(page: Page) -> str:
    """The id of the first element of the page's main part that is shown (takes up room)."""
    shown: str = page.evaluate(
        """() => [...document.querySelector("main").children]
            .find((node) => node.getClientRects().length > 0).id"""
    )
    return shown


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LOCALES)
def test_the_first_pin_is_set_on_the_tables_screen(
    browser: Browser, pinless_server: PanelServer, size: str, language: str
):
    errors: list[str] = []
    screen = open_page(browser, pinless_server.url + "/table", size, language, errors)
    section = screen.locator("#pin-setup")
    expect(section).to_be_visible()
    expect(section).to_contain_text(translate(language, "judge.first_pin"))
    # the table screen asks for the PIN first (README): the first thing shown, without scrolling
    assert first_shown(screen) == "pin-setup"
    expect(section).to_be_in_viewport()
    screenshot(screen, f"judge-pin-first-{size}-{language}")
    screen.locator("#first-pin").fill("1234")
    screen.locator("#first-pin-set").click()
    expect(screen.locator("#toast")).to_have_text(translate(language, "error.weak_pin"))
    screen.locator("#first-pin").fill("135790")
    screen.locator("#first-pin-set").click()
    expect(section).to_be_hidden()
    assert first_shown(screen) != "pin-setup"
    screenshot(screen, f"judge-pin-set-{size}-{language}")

    judge = open_page(browser, pinless_server.url + "/", size, language, errors)
    judge.locator("#judge-pin").fill("135790")
    judge.locator("#judge-login").click()
    expect(judge.locator("#viewer")).to_have_text(translate(language, "viewer.judge"))
    expect(judge.locator("#change-pin")).to_be_visible()
    # the one refusal asked for (the short PIN) is the only error the browser reports
    assert errors == [
        "Failed to load resource: the server responded with a status of 400 (BAD REQUEST)"
    ]


def test_a_used_join_code_is_replaced_on_the_tables_screen(browser: Browser, server: PanelServer):
    errors: list[str] = []
    screen = open_page(browser, server.url + "/table", "laptop", "en", errors)
    first = scan_join_code(screen, "A")
    phone = open_page(browser, server.url + first, "phone", "en", errors)
    expect(phone.locator("#viewer")).to_contain_text("Player A")
    expect(screen.locator('figure.join[data-seat="A"] img')).not_to_have_attribute(
        "src", "/api/join/A.svg?round=1.0"
    )
    second = scan_join_code(screen, "A")
    assert second != first
    stranger = open_page(browser, server.url + first, "phone", "en", errors)
    expect(stranger.locator("body")).to_contain_text("another phone")
    # the one refusal asked for (the used code) is the only error the browser reports
    assert errors == [
        "Failed to load resource: the server responded with a status of 403 (FORBIDDEN)"
    ]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LOCALES)
def test_a_locked_phone_is_told_how_long_to_wait(
    browser: Browser, held_clock: None, server: PanelServer, size: str, language: str
):
    errors: list[str] = []
    phone = open_page(browser, server.url + "/", size, language, errors)
    for _ in range(FREE_TRIES + 1):  # each try answered before the next (a click meanwhile is lost)
        phone.locator("#judge-pin").fill("000000")
        with phone.expect_response(lambda r: r.url.endswith("/api/judge/login")):
            phone.locator("#judge-login").click()
    # the clock stood still since the last free try: the whole first wait is left
    said = translate(language, "error.judge_locked_wait", wait=math.ceil(FIRST_WAIT_SECONDS))
    expect(phone.locator("#toast")).to_have_text(said)
    screenshot(phone, f"judge-pin-locked-{size}-{language}")
    assert set(errors) == {
        "Failed to load resource: the server responded with a status of 403 (FORBIDDEN)"
    }
