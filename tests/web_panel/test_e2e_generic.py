"""End to end in headless Chromium at a phone's size, with the minimal protocol game: joining by
QR code, acting, a wrong-seat refusal, undo with confirmation, a reconnect that catches up, the
Japanese toggle, the judge."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, Response, expect

from companion.table.table import Table
from tests.web_panel.browser import (
    SERVER_GONE,
    new_phone,
    scan_join_code,
    screenshot,
    tolerate,
    wait_for_version,
)
from tests.web_panel.conftest import JUDGE_PIN
from web_panel import create_app, serve
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


def _join(browser: Browser, server: PanelServer, seat: str, language: str = "en-US") -> Page:
    table_page = new_phone(browser, server.url, at=server.url + "/table")
    path = scan_join_code(table_page, seat)
    table_page.context.close()
    phone = new_phone(browser, server.url, language, at=server.url + path)
    expect(phone.locator("#viewer")).to_contain_text(
        f"Seat {seat}" if language == "en-US" else seat
    )
    return phone


def test_two_phones_join_play_and_a_wrong_seat_is_refused(
    browser: Browser, server: PanelServer, table: Table
):
    phone_a = _join(browser, server, "A")
    phone_b = _join(browser, server, "B")
    expect(phone_a.locator(".status .waiting")).to_have_text("Your decision")
    expect(phone_b.locator(".not-yours")).to_be_visible()
    screenshot(phone_a, "generic-seat-a-decision")

    phone_a.locator('button[data-action="add 2"]').click()
    wait_for_version(phone_b, 1)
    expect(phone_b.locator(".status .waiting")).to_have_text("Your decision")
    expect(phone_b.locator("#log li").first).to_have_text("Player A: add 2")

    # seat A's page, up to date (state 1: its proposal is not stale), tries to act all the same:
    # the server refuses the wrong seat
    wait_for_version(phone_a, 1)
    expect(phone_a.locator(".not-yours")).to_be_visible()
    phone_a.evaluate("Panel.propose({verb: 'add', args: {n: 1}})")
    expect(phone_a.locator("#toast")).to_contain_text("not your decision")
    assert table.version == 1
    screenshot(phone_a, "generic-wrong-seat-refused")


def test_undo_needs_confirmation_and_updates_every_phone(
    browser: Browser, server: PanelServer, table: Table
):
    phone_a = _join(browser, server, "A")
    spectator = new_phone(browser, server.url)
    phone_a.locator('button[data-action="add 3"]').click()
    wait_for_version(spectator, 1)
    phone_a.locator("#undo").click()
    expect(phone_a.locator("#confirm")).to_be_visible()
    screenshot(phone_a, "generic-undo-confirm")
    phone_a.locator("#confirm-no").click()
    assert table.version == 1
    phone_a.locator("#undo").click()
    phone_a.locator("#confirm-yes").click()
    wait_for_version(spectator, 2)
    assert table.store.record(table.game_id)["actions"] == []
    # the log says which action was taken back, and marks it taken back
    expect(spectator.locator("#log li").first).to_have_text("Player A took back their “add 3”")
    expect(spectator.locator("#log li.log-undone")).to_have_text("Player A: add 3 (taken back)")


def test_a_phone_that_lost_the_connection_catches_up_without_a_reload(
    browser: Browser, app: Flask, table: Table, settings
):
    first = serve(app, "127.0.0.1", 0).start_in_thread()
    port = first.server.port
    phone = new_phone(browser, first.url)
    wait_for_version(phone, 0)
    phone.evaluate("window.notReloaded = true")
    tolerate(SERVER_GONE)  # the page sees the server go away, as intended
    first.stop()  # the table restarts (or the Wi-Fi drops): the stream breaks
    expect(phone.locator("#conn")).to_have_text("Reconnecting…")
    table.submit("A", "add 1")
    table.submit("B", "add 2")
    second = serve(create_app(table, settings, secret_key="test-secret"), "127.0.0.1", port)
    second.start_in_thread()
    try:
        wait_for_version(phone, 2)
        expect(phone.locator("#conn")).to_have_text("Live")
        assert phone.evaluate("window.notReloaded") is True
        expect(phone.locator("#log li").first).to_have_text("Player B: add 2")
    finally:
        second.stop()


def test_the_japanese_toggle_and_accept_language(browser: Browser, server: PanelServer):
    japanese = new_phone(browser, server.url, language="ja-JP")
    expect(japanese.locator("html")).to_have_attribute("lang", "ja")
    expect(japanese.locator("#viewer")).to_have_text("観戦")
    wait_for_version(japanese, 0)
    screenshot(japanese, "generic-spectator-ja")
    japanese.locator("#lang-toggle").click()
    expect(japanese.locator("html")).to_have_attribute("lang", "en")
    expect(japanese.locator("#viewer")).to_have_text("Spectator")
    japanese.locator("#lang-toggle").click()
    expect(japanese.locator("#viewer")).to_have_text("観戦")


def test_the_judge_unlocks_corrections_with_the_pin(
    browser: Browser, server: PanelServer, table: Table
):
    judge = new_phone(browser, server.url)
    judge.locator("#judge-pin").fill("0000")
    judge.locator("#judge-login").click()
    expect(judge.locator("#toast")).to_contain_text("Wrong PIN")
    judge.locator("#judge-pin").fill(JUDGE_PIN)
    judge.locator("#judge-login").click()
    expect(judge.locator("#viewer")).to_have_text("Judge")
    judge.locator("#judge-action").fill("add 3")
    judge.locator("#judge-send").click()
    wait_for_version(judge, 1)
    assert table.store.log(table.game_id)[-1]["by"] == "judge"
    # the round clock: every phone shows it, with the warning once the last minutes begin
    spectator = new_phone(browser, server.url)
    judge.locator("#clock-minutes").fill("1")
    judge.get_by_role("button", name="Set", exact=True).click()
    judge.get_by_role("button", name="Start").click()
    expect(spectator.locator("#clock")).to_be_visible()
    expect(spectator.locator("#clock")).to_have_class("clock warning")
    expect(spectator.locator("#clock")).to_contain_text("1 min left")
    screenshot(judge, "generic-judge")


def test_the_table_page_shows_each_seats_join_link_as_a_code_and_as_text(
    browser: Browser, server: PanelServer
):
    page = new_phone(browser, server.url, laptop=True, at=server.url + "/table")
    expect(page.locator("figure.join")).to_have_count(2)
    for seat in ("A", "B"):
        scanned = scan_join_code(page, seat)
        assert scanned.startswith(f"/join/1.{seat}.")
        link = page.locator(f'figure.join[data-seat="{seat}"] .join-link code').inner_text()
        assert urlsplit(link).path == scanned  # the text is the link the code carries
    screenshot(page, "generic-table-page")


def test_every_page_loads_without_javascript_errors(browser: Browser, server: PanelServer):
    """On a phone in English and a laptop in Japanese, both at once."""
    # the harness fails the test on any console or page error on these pages
    pages = {
        language: new_phone(browser, server.url, language, laptop=laptop)
        for language, laptop in (("en-US", False), ("ja", True))
    }

    def goto(path: str) -> dict[str, Response | None]:
        return {language: page.goto(server.url + path) for language, page in pages.items()}

    for page in pages.values():
        expect(page.locator("body")).to_have_attribute("data-live", "yes")
    goto("/table")
    for page in pages.values():
        expect(page.locator("figure.join")).to_have_count(2)
    goto("/setup")
    for page in pages.values():
        expect(page.locator("#setup-start, #setup-refused").first).to_be_visible()
    for language, response in goto("/join/1.A.not0a0valid0code").items():
        assert response is not None and response.status == 403
        expect(pages[language].locator(".error-text")).to_be_visible()
    for path in ("/join/a/b", "/no-such-page"):  # our own page, in the phone's language
        for language, response in goto(path).items():
            assert response is not None and response.status == 404
            expect(pages[language].locator(".error-text")).to_have_text(
                translate("ja" if language == "ja" else "en", "error.not_found")
            )
    goto("/lang/en?next=/")
    for page in pages.values():
        expect(page.locator("html")).to_have_attribute("lang", "en")
