"""Each player's phone follows them (a real Mosquitto, the hub, two tables with their panels): a
player's own page on the hub names their table, seat and opponent each round, its join link seats
their phone for that match only, a new pairing unseats the last one's phones, and the judge frees
a seat from the hub."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.app.runtime import TableRuntime
from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings, Settings
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port, open_broker, wait_for
from tests.web_panel.browser import HUB_REFRESH_MS
from tests.web_panel.conftest import Phone
from tests.web_panel.hub.conftest import Organizer
from web_panel import create_app
from web_panel.hub.app import create_hub_app

TABLES = ("table-1", "table-2")
PLAYERS = ("Aiko", "Ben", "Carol", "Dan")


class Event:
    def __init__(self, hub: Flask, tournament: Tournament, tables: dict[str, Any]) -> None:
        self.hub = hub
        self.tournament = tournament
        self.tables = tables  # name → the table's panel app
        self.organizer = Organizer(hub)
        self.pages: dict[str, str] = {}

    def page(self, name: str) -> dict[str, Any]:
        token = self.pages[name].rsplit("/p/", 1)[1]
        data: dict[str, Any] = self.hub.test_client().get(f"/api/p/{token}").get_json()
        return data

    def linked_page(self, name: str, match: int, not_link: str | None = None) -> dict[str, Any]:
        """The player's page once it carries the join link of ``match`` (other than the last)."""

        def ready() -> bool:
            view = self.page(name)
            return view.get("match") == match and view.get("join") not in (None, not_link)

        assert wait_for(ready), self.page(name)
        return self.page(name)

    def follow(self, view: dict[str, Any]) -> Phone:
        """A phone opening the page's join link at its table."""
        client = self.tables[view["table"]].test_client()
        assert client.get(view["join"].removeprefix("http://localhost")).status_code == 303
        phone = Phone(client)
        assert phone.get("/api/me").get_json()["seat"] == view["seat"]
        return phone


@pytest.fixture
def event(tmp_path: Path) -> Iterator[Event]:
    port = free_port()
    broker = open_broker(port, tmp_path)
    settings = HubSettings(mqtt_host="127.0.0.1", mqtt_port=port)
    tournament = Tournament(Journal(tmp_path / "hub.sqlite3"))
    tournament.set_tables(list(TABLES))
    station = HubStation(settings, tournament)
    hub = create_hub_app(
        tournament,
        station,
        secret_key="hub",
        data_dir=tmp_path,
        testing=True,
        refresh_ms=HUB_REFRESH_MS,
    )
    runtimes, apps = [], {}
    for name in TABLES:
        config = Settings(table_name=name, data_dir=tmp_path / name, hub=settings)
        table = Table.start(Store(config.store_path), starting_game(config))
        runtime = TableRuntime(config, table)
        app = create_app(table, config, secret_key=name, testing=True)
        runtime.panel = app.extensions["panel"]
        runtime.panel_url = "http://localhost"  # where the test's phones open the panel
        runtime.start_hub()
        runtimes.append(runtime)
        apps[name] = app
    try:
        yield Event(hub, tournament, apps)
    finally:
        for runtime in runtimes:
            runtime.stop()
        station.close()
        tournament.journal.close()
        broker.terminate()
        broker.wait(timeout=5)


@pytest.mark.process
def test_each_players_phone_follows_them_from_table_to_table(event: Event):
    for name in PLAYERS:
        response = event.organizer.post("/api/players", {"name": name})
        assert response.status_code == 201
        event.pages[name] = response.get_json()["page"]
    assert event.page("Aiko") == {"name": "Aiko", "status": "waiting", "round": None}
    assert event.organizer.post("/api/rounds").status_code in (200, 201)

    phones: dict[str, Phone] = {}
    views: dict[str, dict[str, Any]] = {}
    for match in event.tournament.state.round_matches(1):
        for player_id, seat in ((match.a, "A"), (match.b, "B")):
            assert player_id is not None
            name = event.tournament.state.players[player_id].name
            view = event.linked_page(name, match.id)
            other = match.b if seat == "A" else match.a
            assert view["table"] == match.table and view["seat"] == seat
            assert view["opponent"] == event.tournament.state.players[other].name  # type: ignore[index]
            phones[name], views[name] = event.follow(view), view
    # each page shows its own player's seat only: the two links of a match differ
    aiko, rival = (
        views["Aiko"],
        next(v for n, v in views.items() if n != "Aiko" and v["match"] == views["Aiko"]["match"]),
    )
    assert aiko["join"] != rival["join"] and aiko["seat"] != rival["seat"]

    # the judge frees Aiko's seat from the hub (her phone died): her page gets a new link
    table, seat = aiko["table"], aiko["seat"]
    released = event.organizer.post(f"/api/tables/{table}/release", {"seat": seat})
    assert released.status_code == 200
    assert wait_for(lambda: phones["Aiko"].get("/api/me").get_json()["seat"] is None)
    fresh = event.linked_page("Aiko", aiko["match"], not_link=aiko["join"])
    phones["Aiko"] = event.follow(fresh)  # her spare phone
    assert (
        event.tables[table]
        .test_client()
        .get(aiko["join"].removeprefix("http://localhost"))
        .status_code
        == 403
    )  # the old link seats nobody again

    # round 2: every result in, a new pairing; the last round's phones are refused
    for match in event.tournament.state.round_matches(1):
        assert (
            event.organizer.post(f"/api/matches/{match.id}/result", {"outcome": "a"}).status_code
            == 200
        )
    assert event.organizer.post("/api/rounds").status_code in (200, 201)
    for match in event.tournament.state.round_matches(2):
        for player_id in (match.a, match.b):
            assert player_id is not None
            name = event.tournament.state.players[player_id].name
            old = phones[name]
            assert wait_for(lambda old=old: old.get("/api/me").get_json()["seat"] is None)
            refused = old.post("/api/tournament/confirm")
            assert refused.status_code == 403
            view = event.linked_page(name, match.id)
            phones[name] = event.follow(view)


@pytest.mark.process
def test_the_organizer_hands_out_player_pages_and_nobody_else_sees_them(event: Event):
    response = event.organizer.post("/api/players", {"name": "Aiko"})
    player = response.get_json()
    card = event.organizer.get(f"/players/{player['id']}/card")
    assert card.status_code == 200
    text = card.get_data(as_text=True)
    assert player["page"] in text and "<svg" in text.replace("%3Csvg", "<svg")
    stranger = event.hub.test_client()
    stranger_card = stranger.get(
        f"/players/{player['id']}/card", environ_base={"REMOTE_ADDR": "192.168.1.50"}
    )
    assert stranger_card.status_code == 403
    assert stranger.get("/p/0000000000000000").status_code == 404
    page = stranger.get(
        player["page"].removeprefix("http://localhost"), headers={"Accept-Language": "ja"}
    )
    assert page.status_code == 200 and "まだ対戦が組まれていません" in page.get_data(as_text=True)
