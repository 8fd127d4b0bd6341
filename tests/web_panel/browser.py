"""Helpers for the end-to-end tests: Debian's Chromium driven by Playwright at a phone's size,
against the panel served on loopback by its real threaded server."""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import urlsplit

import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "web_panel"


def new_phone(
    browser: Browser, base_url: str, language: str = "en-US", viewport: dict[str, int] = PHONE
) -> Page:
    context = browser.new_context(
        viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True, locale=language
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(base_url + "/")
    return page


def console_errors(page: Page) -> list[str]:
    """A list that fills with the page's console errors and uncaught exceptions from now on."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"{page.url}: {message.text} ({message.location.get('url', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error} {error.stack}"))
    return errors


def screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def scan_join_code(table_page: Page, seat: str) -> str:
    """Read a seat's QR code off the table page like a phone camera would; returns its path."""
    code = table_page.locator(f'figure.join[data-seat="{seat}"] img')
    expect(code).to_have_js_property("complete", True)
    expect(code).not_to_have_js_property("naturalWidth", 0)
    image = Image.open(io.BytesIO(code.screenshot()))
    results = zxingcpp.read_barcodes(image)
    assert len(results) == 1, "the join code did not scan"
    return urlsplit(results[0].text).path


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
