"""Helpers for the end-to-end tests: Debian's Chromium (its headless shell) driven by Playwright
at a phone's size (390×844) or a laptop's, against the panel served by its real threaded server.

Every page opened here records its JavaScript errors (uncaught exceptions and console errors);
``tests/web_panel/conftest.py`` fails the test that caused any. A refused request (HTTP 4xx) is
the panel's ordinary answer to bad input, shown to the player: Chromium logs it as a failed resource
load, which is not an error of the page's own code and is not counted.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect
from playwright.sync_api import Error as PlaywrightError

# Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs for
# headless Chromium): Blink and V8 as in the browser, without the browser's own windows, which
# cost the suite half its browser time
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "web_panel"
# the hub's pages ask for news this often in these tests (2 s in use): a test waits for the
# page to show what changed, never for the clock
HUB_REFRESH_MS = 250
SCREENSHOTS_WANTED = os.environ.get("COMPANION_SCREENSHOTS") == "1"
REFUSED_LOAD = re.compile(r"^Failed to load resource: the server responded with a status of 4\d\d")
# Something on the machine changed its network (a veth pair, an address): Chromium drops its open
# requests, as a phone does that changes Wi-Fi, and the page asks again; the browser's log of the
# dropped request is no error of the page's own code. The suite's own network namespaces make no
# such change while browsers run: they are made inside their namespaces, or once before the run's
# workers start (tests/companion/app/homes.py).
NETWORK_CHANGED = re.compile(r"^Failed to load resource: net::ERR_NETWORK_CHANGED")

# The JavaScript errors of every page opened since the current test began, and its browsers.
JS_ERRORS: list[str] = []
OPEN_CONTEXTS: list[BrowserContext] = []
# Console errors the current test causes on purpose (e.g. a server it stops): see ``tolerate``.
TOLERATED: list[re.Pattern[str]] = []
SERVER_GONE = re.compile(
    r"^Failed to load resource: net::(ERR_CONNECTION_REFUSED|ERR_INCOMPLETE_CHUNKED_ENCODING"
    r"|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE)"
)


def tolerate(pattern: re.Pattern[str]) -> None:
    """Console errors matching ``pattern`` are expected for the rest of the current test."""
    TOLERATED.append(pattern)


def _console(message: ConsoleMessage) -> None:
    if message.type != "error" or any(
        p.match(message.text) for p in (REFUSED_LOAD, NETWORK_CHANGED)
    ):
        return
    if not any(pattern.match(message.text) for pattern in TOLERATED):
        JS_ERRORS.append(f"console error: {message.text} ({message.location.get('url', '')})")


def watch_errors(page: Page) -> Page:
    """Record ``page``'s uncaught exceptions and console errors in ``JS_ERRORS``."""
    page.on("console", _console)
    page.on("pageerror", lambda error: JS_ERRORS.append(f"page error: {error.stack or error}"))
    return page


def open_context(browser: Browser, **options: Any) -> BrowserContext:
    """A new browser (its own cookies) with ``options`` (Playwright's ``new_context``), closed
    with the test's other browsers when it ends, before its servers stop: one left open keeps
    asking a server that is gone, at the cost of every later test on the worker."""
    context = browser.new_context(**options)
    context.set_default_timeout(10_000)
    OPEN_CONTEXTS.append(context)
    return context


def new_phone(
    browser: Browser,
    base_url: str,
    language: str = "en-US",
    *,
    laptop: bool = False,
    at: str | None = None,
) -> Page:
    """A new browser (its own cookies) at a phone's size, or a laptop's, on ``base_url``'s panel:
    its home page, or the whole address ``at`` (a join link, the table screen…) opened first."""
    mobile = not laptop
    context = open_context(
        browser,
        viewport=LAPTOP if laptop else PHONE,
        device_scale_factor=2 if mobile else 1,
        is_mobile=mobile,
        has_touch=mobile,
        locale=language,
        # a phone's browser lets a page it shows keep the screen on; the headless shell asks
        permissions=["screen-wake-lock"],
    )
    page = watch_errors(context.new_page())
    page.goto(at or base_url + "/")
    return page


# Each language at each size: a page that only shows what happens is opened at all four at once
# (``every_screen``), so one game is played once for them all
SCREENS = (("en", "phone"), ("en", "laptop"), ("ja", "phone"), ("ja", "laptop"))
LOCALES = {"en": "en-US", "ja": "ja-JP"}


def every_screen(browser: Browser, base_url: str, *, at: str | None = None) -> dict[str, Page]:
    """A browser of each of ``SCREENS`` on ``base_url``'s panel (or the whole address ``at``),
    named ``"<language>-<size>"``, e.g. ``"ja-phone"``."""
    return {
        f"{language}-{size}": new_phone(
            browser, base_url, LOCALES[language], laptop=size == "laptop", at=at
        )
        for language, size in SCREENS
    }


def close_pages() -> None:
    """Close every browser the test opened, keeping their JavaScript errors for the test's end
    (``close_browsers``). A test that stops a server of its own calls it first: a page's timer
    (the camera chip's refresh…) must not ask a server that is going away."""
    for context in OPEN_CONTEXTS:
        context.close()
    OPEN_CONTEXTS.clear()


def close_browsers() -> list[str]:
    """Close every browser the test opened (before its server stops, so a closed connection is
    no error of the page) and return the JavaScript errors they had."""
    close_pages()
    TOLERATED.clear()
    errors = list(JS_ERRORS)
    JS_ERRORS.clear()
    return errors


def screenshot(page: Page, name: str) -> None:
    """Keep what ``page`` shows as ``test-output/web_panel/<name>.png`` for a person to look at,
    when asked to (``make screenshots``, or ``COMPANION_SCREENSHOTS=1``): encoding a whole page
    is a tenth of a browser test's time, spent on pictures nobody opens in an ordinary run. A
    failing test's pages are kept whatever is asked (``failure_screenshots``)."""
    if SCREENSHOTS_WANTED:
        _save(page, name)


def _save(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def failure_screenshots(test: str) -> None:
    """Keep every page the failing ``test`` still has open, to see what its player saw."""
    name = re.sub(r"[^\w.-]+", "_", test)[-120:]
    pages = [page for context in OPEN_CONTEXTS for page in context.pages]
    for index, page in enumerate(pages):
        try:
            _save(page, f"failed-{name}-{index}")
        except PlaywrightError:  # a page that died with the test has nothing to show
            continue


def scan_join_code(table_page: Page, seat: str) -> str:
    """Read a seat's QR code off the table page like a phone camera would; returns its path."""
    code = table_page.locator(f'figure.join[data-seat="{seat}"] img')
    for attempt in range(3):  # the table screen draws its codes anew as the game goes on
        expect(code).to_have_js_property("complete", True)
        expect(code).not_to_have_js_property("naturalWidth", 0)
        try:
            picture = code.screenshot()
            break
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == 2:
                raise
    image = Image.open(io.BytesIO(picture))
    results = zxingcpp.read_barcodes(image)
    assert len(results) == 1, "the join code did not scan"
    return urlsplit(results[0].text).path


def held_until(page: Page, done: Callable[[], bool], what: str) -> None:
    """Let ``page``'s browser run (its routes' handlers among it) until ``done()``."""
    for _ in range(500):
        if done():
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"{what} never happened")


def wait_for_version(page: Page, version: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-version", str(version))


def fill_army_card(page: Page, seat: str, index: int, values: dict[str, str]) -> None:
    """Type an Arena army card into the set-up form: its name first (a name the table knows fills
    in the rest), then the other ``values`` (``kind`` picked, numbers typed)."""
    card = page.locator(f'fieldset.og-army[data-seat="{seat}"] .og-card').nth(index)
    if "name" in values:
        card.locator(".og-card-name").fill(values["name"])
        card.locator(".og-card-name").dispatch_event("change")
        card = page.locator(f'fieldset.og-army[data-seat="{seat}"] .og-card').nth(index)
    for key, value in values.items():
        if key == "kind":
            card.locator(".og-card-kind").select_option(value)
        elif key != "name":
            card.locator(f".og-card-{key}").fill(value)
