from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings
from tests.companion.hub.mqtt import free_port
from tests.web_panel.browser import HUB_REFRESH_MS
from web_panel.hub.app import create_hub_app

TABLES = ["table-1", "table-2", "table-3", "table-4"]


@pytest.fixture
def tournament(tmp_path: Path) -> Iterator[Tournament]:
    event = Tournament(Journal(tmp_path / "hub.sqlite3"))
    event.set_tables(TABLES)
    yield event
    event.journal.close()


@pytest.fixture
def hub_app(tournament: Tournament, tmp_path: Path) -> Flask:
    return create_hub_app(
        tournament,
        None,
        secret_key="test-secret",
        data_dir=tmp_path,
        testing=True,
        refresh_ms=HUB_REFRESH_MS,
    )


class Organizer:
    """The hub's own screen: a loopback client that knows its CSRF token."""

    def __init__(self, app: Flask, remote: str = "127.0.0.1", language: str = "en") -> None:
        self.client = app.test_client()
        self.environ = {"REMOTE_ADDR": remote}
        self.headers = {"Accept-Language": language}
        page = self.client.get("/", environ_base=self.environ, headers=self.headers)
        text = page.get_data(as_text=True)
        self.csrf = text.split('"csrf": "', 1)[1].split('"', 1)[0]

    def get(self, url: str) -> Any:
        return self.client.get(url, environ_base=self.environ, headers=self.headers)

    def post(self, url: str, body: dict[str, Any] | None = None, csrf: bool = True) -> Any:
        headers = {**self.headers, **({"X-CSRF-Token": self.csrf} if csrf else {})}
        return self.client.post(url, json=body or {}, environ_base=self.environ, headers=headers)


@pytest.fixture
def organizer(hub_app: Flask) -> Organizer:
    return Organizer(hub_app)


@pytest.fixture
def station(tournament: Tournament) -> Iterator[HubStation]:
    """A hub station whose broker is away (nobody listens on its port): what it knows of the
    tables is set by the test, as their messages would set it."""
    away = HubSettings(mqtt_host="127.0.0.1", mqtt_port=free_port())
    station = HubStation(away, tournament)
    yield station
    station.close()
