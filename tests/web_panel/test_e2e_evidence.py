"""End to end (issue 17, evidence for disputes): the camera commits a move; on the judge's phone
the log entry it proposed opens the before/after pictures of its cell. Phone size, no console
error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from flask import Flask
from playwright.sync_api import Browser, ConsoleMessage, expect

from companion.games.dreamblade.demo_game import demo_game
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import screenshot, wait_for_version
from tests.web_panel.conftest import JUDGE_PIN
from tests.web_panel.fake_camera import watched_by_camera
from web_panel import create_app

pytestmark = [
    pytest.mark.browser,
]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A game whose first spawn the camera saw: seat A's Sir Glorious put on its portal."""
    table = Table.start(Store(tmp_path / "db.sqlite3"), demo_game())
    loop, sim = watched_by_camera(table)
    frames: list[np.ndarray] = list(sim.settled())
    for frame in frames:
        loop.process(frame)
    table.submit(JUDGE, "init 6 5")
    for frame in sim.put("A:sir-glorious#1", "a1"):
        loop.process(frame)
    assert str(table.snapshot().actions[-1]) == "spawn A:sir-glorious#1 a1"
    return table


@pytest.fixture
def app(table: Table, settings: Settings) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def test_the_judge_opens_the_camera_s_pictures_from_its_log_entry(
    browser: Browser, server, table: Table
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, locale="en-US"
    )
    context.set_default_timeout(15_000)
    phone = context.new_page()
    problems: list[str] = []
    phone.on("console", lambda m: _note(problems, m))
    phone.on("pageerror", lambda error: problems.append(str(error)))
    phone.goto(server.url + "/")
    wait_for_version(phone, table.version)
    expect(phone.locator("#log .log-pictures")).to_have_count(0)  # not for a spectator

    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    entry = phone.locator("#log li", has=phone.locator(".log-pictures"))
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Sir Glorious")
    entry.locator(".log-pictures").click()
    figure = phone.locator('#pictures figure.pictures[data-cell="a1"]')
    expect(figure).to_be_visible()
    for image in (figure.locator("img.before"), figure.locator("img.after")):
        expect(image).not_to_have_js_property("naturalWidth", 0)
    screenshot(phone, "judge-evidence")
    phone.locator("#pictures-close").click()
    expect(phone.locator("#pictures")).to_be_hidden()
    assert problems == []
    context.close()


def _note(problems: list[str], message: ConsoleMessage) -> None:
    if message.type == "error":
        problems.append(f"{message.text} ({message.location.get('url', '')})")
