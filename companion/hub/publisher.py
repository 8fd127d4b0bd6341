"""Many tables, one room: each table publishes its state to an MQTT broker; a hub view listens.

Topics, under ``<prefix>/<table>/`` (prefix ``companion`` by default):
- ``status``  — ``online`` / ``offline`` (retained; ``offline`` is the broker-sent last will);
- ``state``   — the table's summary as JSON (retained, so a hub that starts late sees every table);
- ``events``  — every game event as JSON (QoS 1, not retained).
The publisher never blocks or crashes the table: with no broker it keeps the latest state and
sends it once the broker is reachable (paho's background loop reconnects by itself). With an
account in the settings (the hub's generated broker) the table logs in, optionally over TLS.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt

from companion.events import Event
from companion.hub.connection import connect, mqtt_client
from companion.settings import HubSettings

log = logging.getLogger(__name__)


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


class TablePublisher:
    """Publishes one table's state and events to the broker named in the hub settings."""

    def __init__(self, settings: HubSettings, table_name: str) -> None:
        self._base = f"{settings.topic_prefix}/{table_name}"
        self._latest: str | None = None
        self._lock = threading.Lock()
        self._client = mqtt_client(settings, f"companion-{table_name}")
        self._client.will_set(f"{self._base}/status", "offline", qos=1, retain=True)
        self._client.on_connect = self._on_connect
        connect(self._client, settings)

    def _on_connect(
        self, client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        if reason.is_failure:
            log.warning("hub broker refused the table: %s", reason)
            return
        client.publish(f"{self._base}/status", "online", qos=1, retain=True)
        with self._lock:
            latest = self._latest
        if latest is not None:
            client.publish(f"{self._base}/state", latest, qos=1, retain=True)

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

    def close(self) -> None:
        info = self._client.publish(f"{self._base}/status", "offline", qos=1, retain=True)
        if self._client.is_connected():
            info.wait_for_publish(timeout=2)
        self._client.disconnect()
        self._client.loop_stop()


class HubView:
    """Follows every table on the broker: ``tables`` maps table name → its latest summary."""

    def __init__(
        self,
        settings: HubSettings,
        on_update: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self._prefix = settings.topic_prefix
        self._on_update = on_update
        # called with (table, online?) on every status message
        self.on_status: Callable[[str, bool], None] | None = None
        self.tables: dict[str, dict[str, Any]] = {}
        self.online: dict[str, bool] = {}
        self._lock = threading.Lock()
        self._client = mqtt_client(settings, "companion-hub-view")
        self._client.on_connect = self._on_connect
        self._client.on_message = self._on_message
        connect(self._client, settings)

    def _on_connect(
        self, client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        if not reason.is_failure:
            client.subscribe([(f"{self._prefix}/+/state", 1), (f"{self._prefix}/+/status", 1)])

    def _on_message(self, _client: mqtt.Client, _userdata: Any, message: mqtt.MQTTMessage) -> None:
        parts = message.topic.split("/")
        if len(parts) != 3:
            return
        table, kind = parts[1], parts[2]
        try:
            text = message.payload.decode("utf-8")
            if kind == "status":
                with self._lock:
                    self.online[table] = text == "online"
                if self.on_status is not None:
                    self.on_status(table, text == "online")
                return
            summary = json.loads(text)
            if not isinstance(summary, dict):
                raise ValueError("not a JSON object")
        except (UnicodeDecodeError, ValueError) as exc:
            log.warning("hub: ignoring a malformed %s message from %s: %s", kind, table, exc)
            return
        with self._lock:
            self.tables[table] = summary
        if self._on_update is not None:
            self._on_update(table, summary)

    def close(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()
