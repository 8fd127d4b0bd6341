from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Browser, expect, sync_playwright

from companion.games import KITS, fixed_maps, register_kit
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.games.dungeon_command.game import DungeonCommand
from companion.lights.virtual import VirtualLights
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from firmware_config.layout import load_layout
from tests.companion.counter_game import COUNTER_KIT
from tests.companion.games.dungeon_command.conftest import make_setup
from tests.web_panel.browser import CHROMIUM, CHROMIUM_ARGS, close_browsers, failure_screenshots
from web_panel import create_app, serve
from web_panel.app import PanelServer

JUDGE_PIN = "246813"

# How long an ``expect`` waits for what it checks to come true (Playwright's default is 5 s): the
# suite runs two workers, each with its browser and servers, on a 2-core machine, where a page
# can take longer than that to answer. A check that holds passes as soon as it holds.
expect.set_options(timeout=15_000)


@pytest.fixture
def counter_game_registered() -> Iterator[None]:
    register_kit(COUNTER_KIT)
    yield
    KITS.pop(COUNTER_KIT.name, None)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings.model_validate(
        {"data_dir": str(tmp_path), "game": "test-counter", "panel": {"judge_pin": JUDGE_PIN}}
    )


@pytest.fixture
def table(counter_game_registered: None, tmp_path: Path) -> Table:
    return Table.new_game(Store(tmp_path / "t.sqlite3"), "test-counter", {"version": 1, "start": 0})


@pytest.fixture
def app(table: Table, settings: Settings) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


class Phone:
    """A test client that behaves like the panel page: it knows its CSRF token."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.csrf = client.get("/api/me").get_json()["csrf"]

    def get(self, url: str, **kwargs: Any) -> Any:
        return self.client.get(url, **kwargs)

    def post(self, url: str, body: dict[str, Any] | None = None) -> Any:
        return self.client.post(url, json=body or {}, headers={"X-CSRF-Token": self.csrf})

    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = self.client.get("/api/state").get_json()
        return data

    def act(self, action: str | dict[str, Any], **override: Any) -> Any:
        """Propose ``action``: notation typed in, or an offer of the view (sent as the page
        sends it: its verb and arguments)."""
        view = self.state()
        sent = action if isinstance(action, str) else {k: action[k] for k in ("verb", "args")}
        body = {"action": sent, "version": view["version"], "game_id": view["game_id"]}
        return self.post("/api/actions", {**body, **override})

    def undo(self) -> Any:
        view = self.state()
        return self.post("/api/undo", {"version": view["version"], "game_id": view["game_id"]})


def join_url(app: Flask, seat: str) -> str:
    """A seat's join link (shown as text and as a QR code), as the table's own screen gets it."""
    response = app.test_client().get(f"/api/join/{seat}")
    assert response.status_code == 200
    url: str = response.get_json()["url"]
    return url


def seated(app: Flask, seat: str) -> Phone:
    client = app.test_client()
    path = "/join/" + join_url(app, seat).rsplit("/join/", 1)[1]
    assert client.get(path).status_code == 303
    return Phone(client)


def dreamblade_table(tmp_path: Path, actions: int) -> Table:
    """A Dreamblade table set up as the demo game, its first ``actions`` demo actions played."""
    setup = demo_game().record()
    setup.pop("actions")
    table = Table.new_game(Store(tmp_path / "db.sqlite3"), "dreamblade", setup)
    for text in DEMO_ACTIONS[:actions]:
        table.submit(JUDGE, text)
    return table


@pytest.fixture
def spectator(app: Flask) -> Phone:
    return Phone(app.test_client())


@pytest.fixture
def judge(app: Flask) -> Phone:
    """A phone logged in as the judge."""
    phone = Phone(app.test_client())
    assert phone.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    return phone


@pytest.fixture
def phone_a(app: Flask) -> Phone:
    return seated(app, "A")


@pytest.fixture
def phone_b(app: Flask) -> Phone:
    return seated(app, "B")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Any JavaScript error on a page the test opened fails that test. The test's browsers are
    closed as soon as it ends, before its fixtures stop the server; one the test opened and left
    open fails it too (its page would go on asking a server that is gone, at the cost of every
    later test on the worker)."""
    browser: Browser | None = getattr(item, "funcargs", {}).get("browser")
    before = set(browser.contexts) if browser is not None else set()
    close_browsers()
    try:
        outcome = yield
    except BaseException:
        failure_screenshots(item.nodeid)
        raise
    finally:
        errors = close_browsers()
        left = [c for c in browser.contexts if c not in before] if browser is not None else []
        for context in left:
            context.close()
    assert not errors, "JavaScript errors:\n" + "\n".join(errors)
    assert not left, f"{len(left)} browser(s) left open: open them with open_context or new_phone"
    return outcome


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():  # a browser test is never skipped for want of its browser
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium-headless-shell")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def server(app: Flask) -> Iterator[PanelServer]:
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


@pytest.fixture
def lit_server(tmp_path: Path, settings: Settings) -> Iterator[tuple[str, VirtualLights]]:
    """The panel served for a Dungeon Command table whose lights are a virtual 6×4 square layout
    (the mirror's source): its address and the lights."""
    table = Table.start(Store(tmp_path / "dc.sqlite3"), DungeonCommand(make_setup()))
    lights = VirtualLights(load_layout("example_squares_6x4", fixed_maps()))
    app = create_app(table, settings, secret_key="test-secret", testing=True, lights=lights)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running.url, lights
    running.stop()
    app.extensions["panel"].close()
