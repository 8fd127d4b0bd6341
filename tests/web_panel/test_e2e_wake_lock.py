"""End to end: a seated phone keeps its screen on while the game is played (Screen Wake Lock), asks
again when the page shows again, and says so in its language where the browser can't."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.table.proposers import JUDGE
from companion.table.table import Table
from tests.web_panel.browser import CHROMIUM, CHROMIUM_ARGS, close_browsers, new_phone
from tests.web_panel.conftest import join_url
from web_panel import serve
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


def _seated(browser: Browser, app: Flask, base_url: str, language: str = "en-US") -> Page:
    phone = new_phone(
        browser,
        base_url,
        language,
        at=base_url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1],
    )
    expect(phone.locator("#viewer")).to_contain_text("A")
    return phone


# Headless Chromium never hides a page, so the test plays the browser's part: it keeps each lock
# the page is given, lets one go as a browser does when the page is hidden, then says the page
# is visible again.
KEEP_LOCKS = """
window.locksGiven = [];
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = async (type) => {
    const lock = await request(type);
    window.locksGiven.push(lock);
    return lock;
  };
}
"""


def test_a_seated_phone_keeps_its_screen_on_and_asks_again_when_shown(
    browser: Browser, server: PanelServer, app: Flask
):
    spectator = new_phone(browser, server.url)
    expect(spectator.locator("body")).to_have_attribute("data-wake", "off")
    phone = new_phone(browser, server.url)  # loopback: a secure context, with the API
    phone.context.add_init_script(KEEP_LOCKS)
    phone.goto(server.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1])
    expect(phone.locator("body")).to_have_attribute("data-wake", "on")
    expect(phone.locator("#wake-note")).to_be_hidden()
    phone.evaluate("window.locksGiven[0].release()")  # the page was hidden
    expect(phone.locator("body")).to_have_attribute("data-wake", "off")
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # and shown again
    expect(phone.locator("body")).to_have_attribute("data-wake", "on")
    assert phone.evaluate("window.locksGiven.length") == 2


# Plain HTTP on the table's network is no secure context: the browser offers no wake lock there.
# A name of our own (never this machine's interface address) reaches the panel over plain HTTP:
# Chromium resolves it to the loopback address but treats the page as any site on the LAN.
PLAIN_HTTP_HOST = "why-table.test"


@pytest.fixture
def plain_http(browser: Browser, app: Flask) -> Iterator[tuple[Browser, str]]:
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    rules = f"--host-resolver-rules=MAP {PLAIN_HTTP_HOST} 127.0.0.1"
    own = browser.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, rules])
    try:
        yield own, f"http://{PLAIN_HTTP_HOST}:{running.server.port}"
    finally:
        close_browsers()
        own.close()
        running.stop()


def _video(phone: Page) -> dict[str, Any] | None:
    return phone.evaluate(
        "(() => { const v = document.getElementById('keep-awake');"
        " return v ? {paused: v.paused, muted: v.muted, loop: v.loop, time: v.currentTime}"
        " : null; })()"
    )


def _until(phone: Page, check: Callable[[dict[str, Any]], bool], what: str) -> None:
    """Wait until the keep-awake video's state passes ``check`` (the page's CSP forbids
    Playwright's string predicates)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        video = _video(phone)
        if video is not None and check(video):
            return
        phone.wait_for_timeout(100)
    pytest.fail(f"the keep-awake video never {what}: {_video(phone)}")


HIDE = """(hidden) => {
  const state = hidden ? "hidden" : "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.mark.parametrize("language", ["en", "ja"])
def test_over_plain_http_the_screen_stays_on_from_the_first_tap_until_the_game_ends(
    plain_http: tuple[Browser, str], app: Flask, table: Table, language: str
):
    browser, base_url = plain_http
    phone = _seated(browser, app, base_url, language)
    assert phone.evaluate("window.isSecureContext") is False
    assert phone.evaluate("'wakeLock' in navigator") is False
    # before any tap: no video plays yet, and the phone asks for one tap
    expect(phone.locator("body")).to_have_attribute("data-wake", "tap")
    expect(phone.locator("#wake-note")).to_have_text(translate(language, "wake.tap"))
    assert _video(phone) is None
    below = phone.locator("#notices")  # what follows the note: it must not move when the note goes
    where = below.bounding_box()
    assert where is not None
    phone.locator("#status").click()  # the player's first tap, anywhere
    expect(phone.locator("body")).to_have_attribute("data-wake", "video")
    expect(phone.locator("#wake-note")).to_be_hidden()
    assert below.bounding_box() == where, "the page moved under the player's thumb"
    playing = _video(phone)
    assert playing is not None and playing["paused"] is False
    assert playing["muted"] is True and playing["loop"] is True
    _until(phone, lambda v: v["time"] > 0.2, "played on")  # it really plays
    # hidden: the video stops; shown again: it plays again, with no new tap
    phone.evaluate(HIDE, True)
    _until(phone, lambda v: v["paused"], "stopped")
    phone.evaluate(HIDE, False)
    _until(phone, lambda v: not v["paused"], "played again")
    expect(phone.locator("body")).to_have_attribute("data-wake", "video")
    # the game ends: the screen may sleep again
    for _ in range(4):
        table.submit(JUDGE, "add 3")
    expect(phone.locator("body")).to_have_attribute("data-wake", "off")
    assert _video(phone)["paused"] is True  # type: ignore[index]
