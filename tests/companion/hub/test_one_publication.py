"""One publication per version, against a real Mosquitto: a table in a tournament sends the hub one
state message per version (an action, an undo, a new game) and one ``action_applied`` event per
accepted action, however many events the action caused."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest

from companion.games.dreamblade.demo_game import demo_game
from companion.hub.connection import connect, mqtt_client
from companion.hub.table_link import TableLink
from companion.settings import HubSettings, Settings
from companion.table.proposers import JUDGE
from companion.table.start_request import StartRequest
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port, open_broker, wait_for


class Listener:
    """Everything the table sends on its state and events topics, in order."""

    def __init__(self, settings: HubSettings) -> None:
        self.states: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.ready = threading.Event()
        self._client = mqtt_client(settings, "test-listener")
        self._client.on_connect = self._on_connect
        self._client.on_message = self._on_message
        connect(self._client, settings)

    def _on_connect(self, client: mqtt.Client, *_args: Any) -> None:
        client.subscribe([("companion/table-4/state", 1), ("companion/table-4/events", 1)])
        self.ready.set()

    def _on_message(self, _client: mqtt.Client, _userdata: Any, message: Any) -> None:
        data = json.loads(message.payload)
        (self.states if message.topic.endswith("/state") else self.events).append(data)

    def close(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()


@pytest.fixture
def linked(tmp_path: Path) -> Iterator[tuple[Table, TableLink, Listener]]:
    port = free_port()
    broker = open_broker(port, tmp_path)
    hub = HubSettings(mqtt_host="127.0.0.1", mqtt_port=port)
    settings = Settings(table_name="table-4", data_dir=tmp_path / "table", hub=hub)
    listener = Listener(hub)
    assert listener.ready.wait(10)
    table = Table.start(Store(settings.store_path), demo_game())
    link = TableLink(settings, table)
    try:
        assert wait_for(lambda: len(listener.states) == 1)  # the state when it joins
        yield table, link, listener
    finally:
        link.close()
        listener.close()
        broker.terminate()
        broker.wait(timeout=5)


@pytest.mark.process
def test_one_state_message_per_version_and_one_action_applied_per_action(linked):
    table, _link, listener = linked
    events_before = 0
    actions = ["init 6 5", "spawn A:sir-glorious#1 a1"]
    for action in actions:
        accepted = table.submit(JUDGE, action)
        events_before += len(accepted.events)
    table.undo(JUDGE)
    table.flag("illegal_move", ["a1"])  # a notice: an event, but no new version
    expected_events = events_before + 2  # the undo and the flag
    assert events_before > len(actions)  # the actions caused more than one event each
    assert wait_for(lambda: len(listener.events) == expected_events)
    assert wait_for(lambda: len(listener.states) == 1 + len(actions) + 1)
    versions = [(s["game_id"], s["version"]) for s in listener.states]
    assert versions == [(table.game_id, v) for v in range(0, len(actions) + 2)]
    applied = [e for e in listener.events if e["kind"] == "action_applied"]
    assert [e["data"]["action"] for e in applied] == actions
    assert [e["data"]["version"] for e in applied] == [1, 2]

    table.start_game(StartRequest(demo_game()))  # a new game: one more state, version 0 of it
    assert wait_for(lambda: len(listener.states) == 1 + len(actions) + 2)
    assert (listener.states[-1]["game_id"], listener.states[-1]["version"]) == (table.game_id, 0)


def test_an_accepted_action_is_published_once_on_the_tables_bus(tmp_path: Path):
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    heard: list[str] = []
    table.bus.subscribe(lambda event: heard.append(event.kind))
    accepted = table.submit(JUDGE, "init 6 5")
    assert heard.count("action_applied") == 1
    assert [e.kind for e in accepted.events].count("action_applied") == 1
