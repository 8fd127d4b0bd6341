"""End to end: a customer's phone on a scripted demo (phone size in English, laptop size in
Japanese) says it is watching and offers "Play from here"; a tap on it stops the script, and the
phone then plays on (its decision's controls appear). A customer at the table's own screen (no
judge PIN set, as ``companion demo`` runs) is told why no new game can be set up before any form
is shown, on the New game button and on the set-up page."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from companion.games.dreamblade.demo_game import DEMO_GAME
from companion.settings import Settings
from companion.simulation.demo_run import DemoRun
from companion.table.proposers import JUDGE
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


DemoTable = tuple[Table, Flask, str, DemoRun]


@pytest.fixture
def demo_table(tmp_path: Path, settings: Settings) -> Iterator[DemoTable]:
    yield from serve_demo(tmp_path, settings)


@pytest.fixture
def pinless_demo(tmp_path: Path) -> Iterator[DemoTable]:
    """The demo as ``companion demo`` runs it: no judge PIN set."""
    yield from serve_demo(tmp_path, Settings(data_dir=tmp_path))


def serve_demo(tmp_path: Path, settings: Settings) -> Iterator[DemoTable]:
    table = dreamblade_table(tmp_path, 0)
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    panel = app.extensions["panel"]
    demo = DemoRun(report=lambda line: None)
    panel.demo = demo
    demo.on_change(panel.feed.panel_changed)

    def script(stop: threading.Event) -> None:
        for text in DEMO_GAME:
            if stop.wait(0.4):
                return
            table.submit(JUDGE, text)

    thread = threading.Thread(target=demo.play, args=(script,), daemon=True)
    thread.start()
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield table, app, running.url, demo
    demo.stop.set()
    thread.join(5)
    running.stop()


@pytest.mark.parametrize(("locale", "laptop"), [("en-US", False), ("ja-JP", True)])
def test_a_phone_on_the_demo_watches_then_plays_from_here(
    browser: Browser, demo_table: DemoTable, locale: str, laptop: bool
):
    table, app, url, demo = demo_table
    lang = locale[:2]
    phone = new_phone(
        browser,
        url,
        language=locale,
        laptop=laptop,
        at=url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1],
    )
    note = phone.locator("#pending .demo-note")
    expect(note).to_have_text(translate(lang, "demo.watching"))
    expect(phone.locator("#pending .controls")).to_have_count(0)  # nothing to tap but take over
    seen = table.version
    expect(phone.locator("body")).not_to_have_attribute("data-version", str(seen), timeout=5000)
    screenshot(phone, f"demo-watching-{lang}")
    assert_no_internal_ids(phone)

    phone.locator("#demo-take-over").click()
    expect(note).to_have_text(translate(lang, "demo.taken_over"))
    assert not demo.scripted() and demo.taken_over
    stopped = table.version
    phone.wait_for_timeout(1200)  # three paces: the script would have acted by now
    # only the computer, given the empty seat B at the take-over, may have played since
    since = [entry for entry in table.log() if entry["seq"] > stopped]
    assert all(entry["seat"] == "B" and entry.get("reason") for entry in since), since
    if table.read(lambda game: game.pending().seat) in ("A", None):
        expect(phone.locator("#pending .controls")).to_be_visible()
    screenshot(phone, f"demo-taken-over-{lang}")
    assert_no_internal_ids(phone)


@pytest.mark.parametrize("laptop", [False, True], ids=["phone", "laptop"])
@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_a_customer_is_told_before_the_form_that_the_demo_sets_up_no_game(
    browser: Browser, pinless_demo: DemoTable, locale: str, laptop: bool
):
    _, _, url, demo = pinless_demo
    lang = locale[:2]
    why = translate(lang, "setup.demo_watching")
    screen = new_phone(browser, url, language=locale, laptop=laptop, at=url + "/table")
    link = screen.locator("#setup-link")
    expect(link).to_have_attribute("aria-disabled", "true")
    expect(screen.locator("#setup-why")).to_have_text(why)
    link.click()  # a button that says why, and leads to no form
    expect(screen).to_have_url(url + "/table")
    screenshot(screen, f"demo-no-setup-{lang}-{'laptop' if laptop else 'phone'}")
    assert_no_internal_ids(screen)

    screen.goto(url + "/setup?from=table")  # typed in: the page says why instead of its form
    expect(screen.locator("#setup-refused")).to_have_text(why)
    expect(screen.locator("#setup-start")).to_have_count(0)
    expect(screen.locator("#setup-game")).to_have_count(0)
    screen.locator("#setup-refused + a").click()
    expect(screen).to_have_url(url + "/table")

    demo.take_over()  # the phones play on: the table's screen (no PIN yet) may set up again
    expect(link).to_have_attribute("aria-disabled", "false")
    expect(screen.locator("#setup-why")).to_be_hidden()
    link.click()
    expect(screen.locator("#setup-start")).to_be_visible()
