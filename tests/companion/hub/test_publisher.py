"""The hub against a real Mosquitto broker on a loopback port."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.events import Event
from companion.hub.publisher import HubView, TablePublisher, table_summary
from companion.settings import HubSettings
from tests.companion.hub.mqtt import free_port, open_broker, wait_for


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[int]:
    port = free_port()
    process = open_broker(port, tmp_path)
    yield port
    process.terminate()
    process.wait(timeout=5)


def summary(version: int, tally: dict[str, int]) -> dict:
    state = {"game": "dreamblade", "game_id": 1, "version": version, "pending": {"seat": "A"}}
    return table_summary("table-7", state, {"tally": tally, "winner": None})


@pytest.mark.process
def test_the_hub_sees_each_table_state(broker: int):
    settings = HubSettings(mqtt_host="127.0.0.1", mqtt_port=broker)
    updates: list[str] = []
    hub = HubView(settings, on_update=lambda table, _s: updates.append(table))
    publisher = TablePublisher(settings, "table-7")
    try:
        publisher.publish_state(summary(3, {"A": 5, "B": 2}))
        assert wait_for(lambda: hub.tables.get("table-7", {}).get("version") == 3)
        assert hub.tables["table-7"]["tally"] == {"A": 5, "B": 2}
        assert wait_for(lambda: hub.online.get("table-7") is True)
        publisher.publish_event(Event("turn_won", {"seat": "A"}))
        publisher.publish_state(summary(4, {"A": 6, "B": 2}))
        assert wait_for(lambda: hub.tables["table-7"]["version"] == 4)
        assert updates.count("table-7") >= 2
    finally:
        publisher.close()
        assert wait_for(lambda: hub.online.get("table-7") is False)
        hub.close()


@pytest.mark.process
def test_a_late_hub_gets_the_retained_state(broker: int):
    settings = HubSettings(mqtt_host="127.0.0.1", mqtt_port=broker)
    publisher = TablePublisher(settings, "table-7")
    publisher.publish_state(summary(9, {"A": 1, "B": 1}))
    assert wait_for(lambda: publisher.connected)
    time.sleep(0.2)
    hub = HubView(settings)
    try:
        assert wait_for(lambda: hub.tables.get("table-7", {}).get("version") == 9)
    finally:
        publisher.close()
        hub.close()


@pytest.mark.process
def test_a_table_without_broker_keeps_playing_and_catches_up(tmp_path: Path):
    port = free_port()
    settings = HubSettings(mqtt_host="127.0.0.1", mqtt_port=port)
    publisher = TablePublisher(settings, "table-7")  # no broker yet: must not raise
    publisher.publish_state(summary(5, {"A": 0, "B": 3}))
    broker = open_broker(port, tmp_path)
    hub = HubView(settings)
    try:
        assert wait_for(lambda: hub.tables.get("table-7", {}).get("version") == 5, seconds=20)
    finally:
        publisher.close()
        hub.close()
        broker.terminate()
        broker.wait(timeout=5)


UNREADABLE_STATES = [
    b"\xff{not json",  # not UTF-8, not JSON
    b"[" * 100_000 + b"]" * 100_000,  # nested 100,000 deep (a RecursionError once)
    b'{"table": "bad", "game": "dreamblade", "game_id": "1", "version": 1}',  # "1" for 1
    b'{"pad": "' + b"x" * (600 * 1024) + b'"}',  # larger than a state may be
    b'["a list, not an object"]',
]


@pytest.mark.process
def test_unreadable_messages_are_counted_dropped_and_cleared_when_retained(broker: int):
    import paho.mqtt.publish as single

    settings = HubSettings(mqtt_host="127.0.0.1", mqtt_port=broker)
    for payload in UNREADABLE_STATES[:2]:  # left on the broker before the hub starts
        single.single(
            "companion/bad/state", payload, retain=True, hostname="127.0.0.1", port=broker
        )
    hub = HubView(settings)
    try:
        assert wait_for(lambda: hub.unreadable.get("bad") == 1)  # only the last one is retained
        for payload in UNREADABLE_STATES[2:]:  # live, not retained
            single.single("companion/bad/state", payload, hostname="127.0.0.1", port=broker)
        single.single("companion/bad/status", b"maybe", hostname="127.0.0.1", port=broker)
        good = TablePublisher(settings, "good")
        good.publish_state(summary(1, {"A": 0, "B": 0}))
        assert wait_for(lambda: "good" in hub.tables)
        assert wait_for(lambda: hub.unreadable.get("bad") == 1 + len(UNREADABLE_STATES[2:]) + 1)
        assert "bad" not in hub.tables and "bad" not in hub.online
        assert "good" not in hub.unreadable
        good.close()
    finally:
        hub.close()
    # the retained garbage was cleared: a restarted hub reads nothing unreadable
    again = HubView(settings)
    try:
        assert wait_for(lambda: again.tables.get("good", {}).get("version") == 1)
        time.sleep(0.3)
        assert again.unreadable == {}
    finally:
        again.close()


@pytest.mark.process
def test_a_table_drops_an_unreadable_pairing_and_applies_the_next(broker: int):
    import paho.mqtt.publish as single

    settings = HubSettings(mqtt_host="127.0.0.1", mqtt_port=broker)
    pairings: list[dict] = []
    publisher = TablePublisher(settings, "table-7", on_match=pairings.append)
    topic = "companion/hub/tables/table-7/match"
    try:
        assert wait_for(lambda: publisher.connected)
        time.sleep(0.2)
        for garbage in (b"[" * 50_000, b'{"id": [7]}', b'{"id": 7, "a": {"id": "1"}}'):
            single.single(topic, garbage, hostname="127.0.0.1", port=broker)
        single.single(topic, b'{"id": null}', hostname="127.0.0.1", port=broker)
        assert wait_for(lambda: len(pairings) == 1)
        assert pairings[0]["id"] is None and publisher.unreadable == 3
    finally:
        publisher.close()
