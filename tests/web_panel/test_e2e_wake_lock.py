"""End to end: a seated phone keeps its screen on while the game is played (Screen Wake Lock), asks
again when the page shows again, and says so in its language where the browser can't."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from tests.web_panel.browser import CHROMIUM, new_phone
from tests.web_panel.conftest import join_url
from web_panel import serve
from web_panel.addresses import lan_address
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]


def _seated(browser: Browser, app: Flask, base_url: str, language: str = "en-US") -> Page:
    phone = new_phone(browser, base_url, language)
    phone.goto(base_url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1])
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


@pytest.fixture
def lan_server(app: Flask) -> Iterator[str]:
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address besides loopback")
    running = serve(app, "0.0.0.0", 0).start_in_thread()
    yield f"http://{address}:{running.server.port}"
    running.stop()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_where_the_browser_cannot_keep_the_screen_on_the_phone_says_so(
    browser: Browser, app: Flask, lan_server: str, language: str
):
    # Plain HTTP on the LAN is no secure context: the browser offers no wake lock there.
    phone = _seated(browser, app, lan_server, language)
    expect(phone.locator("body")).to_have_attribute("data-wake", "unsupported")
    expect(phone.locator("#wake-note")).to_have_text(translate(language, "wake.unsupported"))
