"""Many tables, one room: each table publishes to an MQTT broker; the hub listens and answers.

A table publishes under ``<prefix>/<table>/`` (prefix ``companion`` by default):
- ``status``  — ``online`` / ``offline`` (retained; ``offline`` is the broker-sent last will);
- ``state``   — the table's summary as JSON (retained, so a hub that starts late sees every table),
  with, when the table runs its panel, ``view``: what a spectator's phone sees of the game;
- ``events``  — every game event as JSON (QoS 1, not retained);
- ``result``  — the result of its tournament match, ``{"match", "outcome"}`` (retained, and sent
  again on every reconnect until the hub's match message shows it recorded);
- ``judge``   — a judge call, ``{"seat", "waiting_for"}`` (the pending decision's kind);
- ``confirm`` — a player agrees with the recorded result, ``{"match", "seat"}``.
The hub publishes under ``<prefix>/hub/`` (retained): ``clock`` (the round clock) and
``tables/<table>/match`` (the table's pairing: players, warbands, the event's map, the recorded
result).

The publisher never blocks or crashes the table: with no broker it keeps the latest state and
result and sends them once the broker is reachable (paho's background loop reconnects by itself).
With an account in the settings (the hub's generated broker) the table logs in, optionally over
TLS; the table and the hub each use one connection (the broker binds a client id to its account).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt

from companion.events import Event
from companion.hub.broker import HUB_ACCOUNT
from companion.hub.connection import connect, mqtt_client
from companion.settings import HubSettings

log = logging.getLogger(__name__)
Handler = Callable[[dict[str, Any]], None]


def table_summary(
    table_name: str, state: dict[str, Any], summary: dict[str, Any]
) -> dict[str, Any]:
    """What the hub shows of one table, from ``Table.state()`` and the game's ``summary()``."""
    return {
        "table": table_name,
        "game": state["game"],
        "game_id": state["game_id"],
        "version": state["version"],
        "pending": state["pending"],
        **summary,
    }


def json_object(payload: bytes | bytearray) -> dict[str, Any]:
    """A message's JSON object; ``ValueError`` for anything else."""
    data = json.loads(payload.decode("utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data


class TablePublisher:
    """One table's link to the hub: publishes its state, events, results and judge calls, and
    hands the hub's pairing (``on_match``) and round clock (``on_clock``) to the table."""

    def __init__(
        self,
        settings: HubSettings,
        table_name: str,
        on_match: Handler | None = None,
        on_clock: Handler | None = None,
    ) -> None:
        self._base = f"{settings.topic_prefix}/{table_name}"
        self._hub = f"{settings.topic_prefix}/{HUB_ACCOUNT}"
        self._match_topic = f"{self._hub}/tables/{table_name}/match"
        self._handlers = {f"{self._hub}/clock": on_clock, self._match_topic: on_match}
        self._latest: str | None = None
        self._result: str | None = None
        self._lock = threading.Lock()
        self._client = mqtt_client(settings, f"companion-{table_name}")
        self._client.will_set(f"{self._base}/status", "offline", qos=1, retain=True)
        self._client.on_connect = self._on_connect
        self._client.on_message = self._on_message
        connect(self._client, settings)

    def _on_connect(
        self, client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        if reason.is_failure:
            log.warning("hub broker refused the table: %s", reason)
            return
        client.publish(f"{self._base}/status", "online", qos=1, retain=True)
        with self._lock:
            latest, result = self._latest, self._result
        if latest is not None:
            client.publish(f"{self._base}/state", latest, qos=1, retain=True)
        if result is not None:
            client.publish(f"{self._base}/result", result, qos=1, retain=True)
        wanted = [(topic, 1) for topic, handler in self._handlers.items() if handler is not None]
        if wanted:  # a table with no tournament link only publishes
            client.subscribe(wanted)

    def _on_message(self, _client: mqtt.Client, _userdata: Any, message: mqtt.MQTTMessage) -> None:
        handler = self._handlers.get(message.topic)
        if handler is None:
            return
        try:
            data = json_object(message.payload)
        except (UnicodeDecodeError, ValueError) as exc:
            log.warning("table: ignoring a malformed hub message on %s: %s", message.topic, exc)
            return
        try:
            handler(data)
        except Exception:  # a bad pairing must not stop the table's link
            log.exception("table: the hub's message on %s could not be applied", message.topic)

    @property
    def connected(self) -> bool:
        return bool(self._client.is_connected())

    def publish_state(self, summary: dict[str, Any]) -> None:
        payload = json.dumps(summary, sort_keys=True)
        with self._lock:
            self._latest = payload
        self._client.publish(f"{self._base}/state", payload, qos=1, retain=True)

    def publish_event(self, event: Event) -> None:
        self._client.publish(f"{self._base}/events", json.dumps(event.to_json()), qos=1)

    def publish_result(self, match_id: int, outcome: str) -> None:
        payload = json.dumps({"match": match_id, "outcome": outcome}, sort_keys=True)
        with self._lock:
            self._result = payload
        self._client.publish(f"{self._base}/result", payload, qos=1, retain=True)

    def publish_judge_call(self, seat: str | None, waiting_for: str) -> None:
        """A judge call: the game waits for ``seat``'s decision of kind ``waiting_for``."""
        payload = json.dumps({"seat": seat, "waiting_for": waiting_for})
        self._client.publish(f"{self._base}/judge", payload, qos=1)

    def publish_confirm(self, match_id: int, seat: str) -> None:
        payload = json.dumps({"match": match_id, "seat": seat})
        self._client.publish(f"{self._base}/confirm", payload, qos=1)

    def close(self) -> None:
        info = self._client.publish(f"{self._base}/status", "offline", qos=1, retain=True)
        if self._client.is_connected():
            info.wait_for_publish(timeout=2)
        self._client.disconnect()
        self._client.loop_stop()


class HubView:
    """Follows every table on the broker: ``tables`` maps table name → its latest summary,
    ``online`` → whether it is connected. Subclasses add message ``kinds`` and ``handle`` them."""

    kinds: tuple[str, ...] = ("state", "status")

    def __init__(
        self,
        settings: HubSettings,
        on_update: Callable[[str, dict[str, Any]], None] | None = None,
        role: str = "companion-hub-view",
    ) -> None:
        self._prefix = settings.topic_prefix
        self._on_update = on_update
        # called with (table, online?) on every status message
        self.on_status: Callable[[str, bool], None] | None = None
        self.tables: dict[str, dict[str, Any]] = {}
        self.online: dict[str, bool] = {}
        self._lock = threading.Lock()
        self._client = mqtt_client(settings, role)
        self._client.on_connect = self._on_connect
        self._client.on_message = self._on_message
        connect(self._client, settings)

    def _on_connect(
        self, client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        if reason.is_failure:
            log.warning("the broker refused the hub: %s", reason)
            return
        client.subscribe([(f"{self._prefix}/+/{kind}", 1) for kind in self.kinds])
        self.connected()

    def connected(self) -> None:
        """Called on every (re)connection, once subscribed."""

    def handle(self, table: str, kind: str, data: dict[str, Any]) -> None:
        """A message of one of the subclass's ``kinds`` (other than state and status)."""

    def _on_message(self, _client: mqtt.Client, _userdata: Any, message: mqtt.MQTTMessage) -> None:
        parts = message.topic.split("/")
        if len(parts) != 3 or parts[1] == HUB_ACCOUNT:
            return
        table, kind = parts[1], parts[2]
        try:
            if kind == "status":
                online = message.payload.decode("utf-8") == "online"
                with self._lock:
                    self.online[table] = online
                if self.on_status is not None:
                    self.on_status(table, online)
                return
            data = json_object(message.payload)
        except (UnicodeDecodeError, ValueError) as exc:
            log.warning("hub: ignoring a malformed %s message from %s: %s", kind, table, exc)
            return
        if kind != "state":
            self.handle(table, kind, data)
            return
        with self._lock:
            self.tables[table] = data
        if self._on_update is not None:
            self._on_update(table, data)

    def publish(self, topic: str, data: dict[str, Any]) -> None:
        """Publish ``data`` retained under the hub's own topics (``<prefix>/hub/<topic>``)."""
        payload = json.dumps(data, sort_keys=True)
        self._client.publish(f"{self._prefix}/{HUB_ACCOUNT}/{topic}", payload, qos=1, retain=True)

    def close(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()
