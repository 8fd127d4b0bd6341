"""Many tables, one room: each table publishes to an MQTT broker; the hub listens and answers.

A table publishes under ``<prefix>/<table>/`` (prefix ``companion`` by default):
- ``status``  — ``online`` / ``offline`` (retained; ``offline`` is the broker-sent last will);
- ``state``   — the table's summary as JSON (retained, so a hub that starts late sees every table),
  with, when the table runs its panel, ``view``: what a spectator's phone sees of the game;
- ``events``  — every game event as JSON (QoS 1, not retained);
- ``result``  — the result of its tournament match, ``{"match", "outcome"}`` (retained, and sent
  again on every reconnect until the hub's match message shows it recorded);
- ``judge``   — a judge call, ``{"seat", "waiting_for"}`` (the pending decision's kind);
- ``judge_answered`` — the judge at the table took its judge calls;
- ``confirm`` — a player agrees with the recorded result, ``{"match", "seat"}``;
- ``seats``   — the join links of the table's pairing, ``{"match", "game_id", "join": {seat: url}}``
  (retained): the hub shows each player only their own, on their player page.
The hub publishes under ``<prefix>/hub/`` (retained): ``clock`` (the round clock),
``tables/<table>/match`` (the table's pairing: players, warbands, the event's map, the recorded
result) and ``tables/<table>/judge_calls`` (how many of the table's judge calls are still open);
and, not retained, ``tables/<table>/release`` (``{"match", "seat"}``: the judge frees a seat).

The publisher never blocks or crashes the table: with no broker it keeps the latest state and
result and sends them once the broker is reachable (paho's background loop reconnects by itself).
With an account in the settings (the hub's generated broker) the table logs in, optionally over
TLS; the table and the hub each use one connection (the broker binds a client id to its account).

Every message is one of the schemas of ``companion.hub.messages``, and is read only through them:
a message that does not validate (too large, nested too deep, wrongly typed, not JSON) is logged,
counted and dropped, and neither loop ever stops on one. The hub counts them per table
(``HubView.unreadable``, shown to the organizer) and clears a retained one (an empty retained
payload on its topic; the hub reads with MQTT 5's retain-as-published, so it clears only what the
broker keeps), so garbage left on the broker can't deafen a restarted hub.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.subscribeoptions import SubscribeOptions
from pydantic import ValidationError

from companion.events import Event
from companion.hub import messages as msg
from companion.hub.broker import HUB_ACCOUNT
from companion.hub.connection import connect, mqtt_client
from companion.mosquitto import stop_network_loop
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


UNREADABLE_TABLES_KEPT = 256  # table names whose unreadable messages are counted


def _payload(model: type[msg.Message], data: dict[str, Any]) -> str | None:
    """``data`` as a ``model`` message, or ``None`` (logged) when the table built something its
    schema refuses: the table plays on, the hub keeps the previous one."""
    try:
        return model.model_validate(data, strict=False).payload()
    except (ValidationError, ValueError):
        log.exception("table: not sending a %s that breaks its schema", model.__name__)
        return None


class TablePublisher:
    """One table's link to the hub: publishes its state, events, results and judge calls, and
    hands the hub's pairing (``on_match``) and round clock (``on_clock``) to the table."""

    def __init__(
        self,
        settings: HubSettings,
        table_name: str,
        on_match: Handler | None = None,
        on_clock: Handler | None = None,
        on_judge_calls: Handler | None = None,
        on_release: Handler | None = None,
    ) -> None:
        self._base = f"{settings.topic_prefix}/{table_name}"
        self._hub = f"{settings.topic_prefix}/{HUB_ACCOUNT}"
        self._match_topic = f"{self._hub}/tables/{table_name}/match"
        calls_topic = f"{self._hub}/tables/{table_name}/judge_calls"
        release_topic = f"{self._hub}/tables/{table_name}/release"
        self._handlers = {
            f"{self._hub}/clock": on_clock,
            self._match_topic: on_match,
            calls_topic: on_judge_calls,
            release_topic: on_release,
        }
        self._kinds = {f"{self._hub}/clock": "clock", self._match_topic: "match"}
        self._kinds[calls_topic] = "judge_calls"
        self._kinds[release_topic] = "release"
        # unreadable messages from the hub, counted (a broken or foreign hub: logged, ignored)
        self.unreadable = 0
        self._latest: str | None = None
        self._result: str | None = None
        self._seats: str | None = None
        self._online = False  # connected: a state goes out now, else once on (re)connecting
        self._lock = threading.Lock()
        self._client = mqtt_client(settings, f"companion-{table_name}")
        self._client.will_set(f"{self._base}/status", "offline", qos=1, retain=True)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
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
            self._online = True
            latest, result, seats = self._latest, self._result, self._seats
        if latest is not None:
            client.publish(f"{self._base}/state", latest, qos=1, retain=True)
        if seats is not None:
            client.publish(f"{self._base}/seats", seats, qos=1, retain=True)
        if result is not None:
            client.publish(f"{self._base}/result", result, qos=1, retain=True)
        wanted = [(topic, 1) for topic, handler in self._handlers.items() if handler is not None]
        if wanted:  # a table with no tournament link only publishes
            client.subscribe(wanted)

    def _on_disconnect(self, *_args: Any) -> None:
        with self._lock:
            self._online = False

    def _on_message(self, _client: mqtt.Client, _userdata: Any, message: mqtt.MQTTMessage) -> None:
        handler = self._handlers.get(message.topic)
        if handler is None or not message.payload:  # empty: a retained message cleared
            return
        try:
            read = msg.read_kind(self._kinds[message.topic], message.payload, msg.HUB_MESSAGES)
        except msg.Unreadable as problem:
            self.unreadable += 1
            log.warning(
                "table: ignoring an unreadable hub message on %s: %s", message.topic, problem
            )
            return
        try:
            handler(read.model_dump())
        except Exception:  # a bad pairing must not stop the table's link
            log.exception("table: the hub's message on %s could not be applied", message.topic)

    @property
    def connected(self) -> bool:
        return bool(self._client.is_connected())

    def publish_state(self, summary: dict[str, Any]) -> None:
        """Send the table's state once: now when connected, else on connecting (the latest)."""
        payload = _payload(msg.TableState, summary)
        if payload is None:
            return
        with self._lock:
            self._latest = payload
            online = self._online
        if online:
            self._client.publish(f"{self._base}/state", payload, qos=1, retain=True)

    def publish_event(self, event: Event) -> None:
        payload = _payload(msg.GameEvent, event.to_json())
        if payload is not None:
            self._client.publish(f"{self._base}/events", payload, qos=1)

    def publish_result(self, match_id: int, outcome: str) -> None:
        payload = msg.MatchResult(match=match_id, outcome=outcome).payload()
        with self._lock:
            self._result = payload
        self._client.publish(f"{self._base}/result", payload, qos=1, retain=True)

    def publish_record(self, match_id: int, export: dict[str, Any]) -> None:
        """The game of the table's match, once it ended, for the hub's replay viewer (retained:
        a hub that was away gets it when it comes back)."""
        payload = _payload(msg.GameRecord, {"match": match_id, "export": export})
        if payload is not None:
            self._client.publish(f"{self._base}/record", payload, qos=1, retain=True)

    def publish_seats(self, links: dict[str, Any]) -> None:
        """The join links of the table's pairing, for the hub's player pages (retained)."""
        payload = _payload(msg.SeatLinks, links)
        if payload is None:
            return
        with self._lock:
            self._seats = payload
            online = self._online
        if online:
            self._client.publish(f"{self._base}/seats", payload, qos=1, retain=True)

    def publish_judge_call(self, seat: str | None, waiting_for: str) -> None:
        """A judge call: the game waits for ``seat``'s decision of kind ``waiting_for``."""
        seated: msg.Seat | None = (
            "A" if seat == "A" else "B" if seat == "B" else None
        )  # else: no one seat
        payload = msg.JudgeCall(seat=seated, waiting_for=waiting_for[: msg.NAME_LIMIT]).payload()
        self._client.publish(f"{self._base}/judge", payload, qos=1)

    def publish_judge_answered(self) -> None:
        """The judge at the table took its calls: the hub's list clears them."""
        payload = msg.JudgeAnswered().payload()
        self._client.publish(f"{self._base}/judge_answered", payload, qos=1)

    def publish_confirm(self, match_id: int, seat: str) -> None:
        payload = msg.ResultConfirmed.model_validate({"match": match_id, "seat": seat}).payload()
        self._client.publish(f"{self._base}/confirm", payload, qos=1)

    def close(self) -> None:
        info = self._client.publish(f"{self._base}/status", "offline", qos=1, retain=True)
        if self._client.is_connected():
            info.wait_for_publish(timeout=2)
        self._client.disconnect()
        stop_network_loop(self._client)


class HubView:
    """Follows every table on the broker: ``tables`` maps table name → its latest summary,
    ``online`` → whether it is connected, ``unreadable`` → how many of its messages could not be
    read (each dropped, and cleared from the broker when retained). Subclasses add message
    ``kinds`` and ``handle`` them."""

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
        self.unreadable: dict[str, int] = {}
        self._lock = threading.Lock()
        # MQTT 5: a message keeps its retain flag as published, so only what the broker keeps
        # is cleared
        self._client = mqtt_client(settings, role, protocol=mqtt.MQTTv5)
        self._client.on_connect = self._on_connect
        self._client.on_message = self._on_message
        connect(self._client, settings)

    def _on_connect(
        self, client: mqtt.Client, _userdata: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        if reason.is_failure:
            log.warning("the broker refused the hub: %s", reason)
            return
        options = SubscribeOptions(qos=1, retainAsPublished=True)
        client.subscribe([(f"{self._prefix}/+/{kind}", options) for kind in self.kinds])
        self.connected()

    def connected(self) -> None:
        """Called on every (re)connection, once subscribed."""

    def state_received(self, table: str, summary: dict[str, Any]) -> None:
        """A subclass's own use of each state a table sends (``summary``, as read)."""

    def handle(self, table: str, kind: str, message: msg.Message) -> None:
        """A message of one of the subclass's ``kinds`` (other than state and status)."""

    def _on_message(self, _client: mqtt.Client, _userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            self._receive(message)
        except Exception:  # a bug in handling one message must not stop the hub's loop either
            log.exception("hub: the message on %s could not be handled", message.topic)

    def _receive(self, message: mqtt.MQTTMessage) -> None:
        parts = message.topic.split("/")
        if len(parts) != 3 or parts[1] == HUB_ACCOUNT or parts[2] not in self.kinds:
            return
        table, kind = parts[1], parts[2]
        if not message.payload:
            return  # a retained message cleared
        try:
            if kind == "status":
                online = msg.read_status(message.payload)
            else:
                read = msg.read_kind(kind, message.payload, msg.TABLE_MESSAGES)
        except msg.Unreadable as problem:
            self._unreadable(table, message, str(problem))
            return
        if kind == "status":
            with self._lock:
                self.online[table] = online
            if self.on_status is not None:
                self.on_status(table, online)
        elif kind == "state":
            data = read.model_dump()
            with self._lock:
                self.tables[table] = data
            self.state_received(table, data)
            if self._on_update is not None:
                self._on_update(table, data)
        else:
            self.handle(table, kind, read)

    def _unreadable(self, table: str, message: mqtt.MQTTMessage, problem: str) -> None:
        """Count, log and drop a message that is not what its topic promises; clear it from the
        broker if it is retained (or every restarted hub would read it again)."""
        with self._lock:
            if table in self.unreadable or len(self.unreadable) < UNREADABLE_TABLES_KEPT:
                self.unreadable[table] = self.unreadable.get(table, 0) + 1
        retained = bool(message.retain)
        log.warning(
            "hub: dropped an unreadable %smessage from %s on %s: %s",
            "retained " if retained else "", table, message.topic, problem,
        )  # fmt: skip
        if retained:
            self._client.publish(message.topic, b"", qos=1, retain=True)

    def publish(self, topic: str, message: msg.Message, *, retain: bool = True) -> None:
        """Publish ``message`` (retained unless told) under the hub's own topics
        (``<prefix>/hub/<topic>``)."""
        payload = message.payload()
        self._client.publish(f"{self._prefix}/{HUB_ACCOUNT}/{topic}", payload, qos=1, retain=retain)

    def close(self) -> None:
        self._client.disconnect()
        stop_network_loop(self._client)
