"""End to end at a phone's and a laptop's size, in English and Japanese, on a tournament table:
once a player's phone holds a seat the table screen shows no code for it (a photo of the screen
takes nobody's seat), and the judge frees the seat of a dead phone from the table screen."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from tests.web_panel.browser import (
    LOCALES,
    SCREENS,
    close_pages,
    new_phone,
    scan_join_code,
    screenshot,
)
from tests.web_panel.conftest import JUDGE_PIN
from tests.web_panel.test_tournament_confirm import attach
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

LOG_IN = """async (pin) => {
  const me = await (await fetch("/api/me")).json();
  const response = await fetch("/api/judge/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": me.csrf },
    body: JSON.stringify({ pin }),
  });
  return response.status;
}"""


def test_a_held_seat_shows_no_code_and_the_judge_frees_it(
    browser: Browser, app: Flask, server: PanelServer
):
    """On a phone and a laptop, in English and Japanese, one screen after another at the same
    table: each screen's player takes seat A, and its judge frees it for the next."""
    attach(app, None)  # the table plays in an event
    for language, size in SCREENS:
        _hold_and_free(browser, app, server, language, size)
        close_pages()  # this screen's table screen and phone


def _hold_and_free(
    browser: Browser, app: Flask, server: PanelServer, language: str, size: str
) -> None:
    locale = LOCALES[language]
    laptop = size == "laptop"
    screen = new_phone(browser, server.url, locale, laptop=laptop, at=server.url + "/table")
    seat_a = screen.locator('figure.join[data-seat="A"]')
    seat_b = screen.locator('figure.join[data-seat="B"]')
    expect(seat_a.locator("img")).to_be_visible()
    path = scan_join_code(screen, "A")

    player = new_phone(browser, server.url, locale)  # the player's phone scans it
    player.goto(server.url + path)
    expect(player.locator("#viewer")).to_contain_text(translate(language, "viewer.seat", seat="A"))

    name = app.extensions["panel"].seats["A"].name_in(language)
    expect(seat_a).to_contain_text(translate(language, "join.held", name=name))
    expect(seat_a.locator("img")).to_have_count(0)  # no code to photograph
    expect(seat_b.locator("img")).to_be_visible()  # B still waits for its player
    assert_no_internal_ids(screen)
    screenshot(screen, f"table-screen-seat-held-{size}-{language}")

    # the player's phone died: the judge, signed in on the table screen, frees the seat
    assert screen.evaluate(LOG_IN, JUDGE_PIN) == 200
    screen.reload()
    release = seat_a.locator("button.release")
    expect(release).to_have_text(translate(language, "join.release"))
    release.click()
    expect(screen.locator("#toast")).to_have_text(translate(language, "join.released"))
    expect(seat_a.locator("button.release")).to_have_count(0)
    expect(seat_a.locator("img")).to_be_visible()
    expect(player.locator("#viewer")).to_have_text(translate(language, "viewer.spectator"))
    screenshot(screen, f"table-screen-seat-freed-{size}-{language}")
