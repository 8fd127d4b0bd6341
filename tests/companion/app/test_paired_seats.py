"""Across the rooms (a real Mosquitto, the hub's messages, the table's link, its panel): a hub
pairing of new players at a table unseats every phone of the previous pairing — its actions and
its confirmations are refused (403) — while the new pairing's phones join with its codes."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app.runtime import TableRuntime
from companion.hub.messages import Pairing
from companion.hub.publisher import HubView
from companion.settings import HubSettings, Settings
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port, open_broker, wait_for
from tests.web_panel.conftest import Phone, seated
from web_panel import create_app


def pairing(match_id: int, a: tuple[int, str], b: tuple[int, str], outcome: str | None) -> dict:
    return {
        "id": match_id,
        "a": {"id": a[0], "name": a[1], "warband": None},
        "b": {"id": b[0], "name": b[1], "warband": None},
        "outcome": outcome,
        "confirmed": [],
    }


@pytest.fixture
def paired_table(tmp_path: Path) -> Iterator[tuple[Any, HubView, Table]]:
    port = free_port()
    broker = open_broker(port, tmp_path)
    hub_settings = HubSettings(mqtt_host="127.0.0.1", mqtt_port=port)
    settings = Settings(table_name="table-4", data_dir=tmp_path / "table", hub=hub_settings)
    table = Table.start(Store(settings.store_path), starting_game(settings))
    runtime = TableRuntime(settings, table)
    app = create_app(table, settings, secret_key="test", testing=True)
    runtime.panel = app.extensions["panel"]
    runtime.start_hub()
    hub = HubView(hub_settings, role="test-hub")
    try:
        yield app, hub, table
    finally:
        hub.close()
        runtime.stop()
        broker.terminate()
        broker.wait(timeout=5)


def _pair(hub: HubView, table: Table, view: dict, *, new_game: bool) -> None:
    before = table.game_id
    hub.publish("tables/table-4/match", Pairing.model_validate(view))
    if new_game:
        assert wait_for(lambda: table.game_id != before)


@pytest.mark.process
def test_a_pairing_of_new_players_unseats_the_previous_pairings_phones(paired_table):
    app, hub, table = paired_table
    _pair(hub, table, pairing(1, (1, "Aiko"), (2, "Ben"), None), new_game=True)
    aiko = seated(app, "A")
    assert aiko.get("/api/me").get_json()["seat"] == "A"
    _pair(hub, table, pairing(1, (1, "Aiko"), (2, "Ben"), "a"), new_game=False)  # recorded
    panel = app.extensions["panel"]
    assert wait_for(lambda: panel.tournament.result_view() is not None)
    assert aiko.post("/api/tournament/confirm").status_code == 200

    # round 2: Carol and Dan are paired at this table
    _pair(hub, table, pairing(2, (3, "Carol"), (4, "Dan"), None), new_game=True)
    assert [s["name"] for s in aiko.state()["seats"]] == ["Carol", "Dan"]
    assert aiko.get("/api/me").get_json()["seat"] is None
    refused = aiko.act("init 6 5")
    assert refused.status_code == 403 and refused.get_json()["error"] == "spectator"
    _pair(hub, table, pairing(2, (3, "Carol"), (4, "Dan"), "b"), new_game=False)
    assert wait_for(lambda: (panel.tournament.result_view() or {}).get("match") == 2)
    assert aiko.post("/api/tournament/confirm").status_code == 403
    carol = seated(app, "A")  # the new pairing's phones join with its codes
    assert carol.post("/api/tournament/confirm").status_code == 200
    assert Phone(aiko.client).get("/api/me").get_json()["seat"] is None


@pytest.mark.process
def test_a_stale_phones_refused_action_and_confirmation_are_logged_with_it_and_the_match(
    paired_table, caplog: pytest.LogCaptureFixture
):
    app, hub, table = paired_table
    _pair(hub, table, pairing(7, (1, "Aiko"), (2, "Ben"), None), new_game=True)
    aiko = seated(app, "A")
    with aiko.client.session_transaction() as session:
        phone_id = session["phone"]
    _pair(hub, table, pairing(8, (3, "Carol"), (4, "Dan"), "a"), new_game=True)
    panel = app.extensions["panel"]
    assert wait_for(lambda: (panel.tournament.result_view() or {}).get("match") == 8)
    with caplog.at_level(logging.WARNING, logger="web_panel.api"):
        assert aiko.act("init 6 5").status_code == 403
        assert aiko.post("/api/tournament/confirm").status_code == 403
    refused = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert refused == [
        f"tournament: an action refused: phone {phone_id[:6]} holds no seat in game "
        f"{table.game_id} (match 8)",
        f"tournament: a confirmation refused: phone {phone_id[:6]} holds no seat in game "
        f"{table.game_id} (match 8)",
    ]


@pytest.mark.process
def test_the_same_pairing_again_keeps_its_phones(paired_table):
    """A reconnection resends the same pairing: no new game, nobody unseated."""
    app, hub, table = paired_table
    _pair(hub, table, pairing(5, (1, "Aiko"), (2, "Ben"), None), new_game=True)
    aiko = seated(app, "A")
    game = table.game_id
    panel = app.extensions["panel"]
    first = panel.tournament.hub_match
    _pair(hub, table, pairing(5, (1, "Aiko"), (2, "Ben"), None), new_game=False)
    assert wait_for(lambda: panel.tournament.hub_match is not first)  # it arrived
    assert table.game_id == game
    assert aiko.get("/api/me").get_json()["seat"] == "A"
