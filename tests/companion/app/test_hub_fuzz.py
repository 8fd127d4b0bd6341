"""Issue 24's "a hub nothing can silence", end to end: a real Mosquitto with the generated
accounts and ACLs, the hub (`companion hub run`) as a separate process, three honest tables and
one hostile table account that writes malformed, oversized, deeply nested and wrongly typed
messages — retained and not — on its own topics. The hub keeps hearing every other table, its
pages stay current and count the hostile table's messages, and a restarted hub is not deaf."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from companion.hub import messages as msg
from companion.hub.broker import BrokerPlan, start_broker, write_broker
from companion.hub.publisher import TablePublisher, table_summary
from tests.companion.app.test_hub_event import organizer, up
from tests.companion.hub.mqtt import account, free_port, raw_client, wait_for

pytestmark = pytest.mark.slow

TABLES = ("table-1", "table-2", "table-3", "table-4")
HONEST, HOSTILE = TABLES[:3], TABLES[3]
TOPICS = ("state", "result", "judge", "confirm", "status")


def hostile_payloads(kind: str, rng: random.Random) -> list[bytes]:
    """Messages a table account can write on its own ``kind`` topic that no schema reads."""
    deep = b"[" * 100_000 + b"]" * 100_000  # a RecursionError in the hub once
    payloads = [
        deep,
        b'{"a": ' * 20_000 + b"1" + b"}" * 20_000,
        b"\xff\xfe\x00garbage",
        bytes(rng.randrange(256) for _ in range(64)),
        b"null",
        b"[1, 2, 3]",
        b'"a string"',
        b'{"match": NaN}',
        json.dumps({"pad": "x" * (msg.MAX_BYTES.get(kind, 1024) + 1)}).encode(),  # oversized
    ]
    wrongly_typed = {
        "state": [
            {"table": HOSTILE, "game": "dreamblade", "game_id": "1", "version": 1},
            {"table": HOSTILE, "game": ["dreamblade"], "game_id": 1, "version": 1},
            {"table": HOSTILE, "game": "d", "game_id": 1, "version": 1, "score": {"A": "9"}},
            {"table": HOSTILE, "game": "d", "game_id": 1, "version": 1, "view": [1]},
        ],
        "result": [
            {"match": [1], "outcome": "a"},  # a TypeError in the hub once
            {"match": {"id": 1}, "outcome": "a"},
            {"match": True, "outcome": "a"},
            {"match": 1, "outcome": ["a"]},
            {"match": 1, "outcome": "a", "schema_version": 99},
        ],
        "judge": [{"seat": "C", "waiting_for": "x"}, {"seat": 1}, {"waiting_for": {"k": 1}}],
        "confirm": [{"match": "1", "seat": "A"}, {"match": 1, "seat": ["A"]}, {"match": 1}],
        "status": [],
    }[kind]
    payloads += [json.dumps(data).encode() for data in wrongly_typed]
    if kind == "status":  # bare text: anything but the two words
        payloads = [b"maybe", b"online\x00", b"ONLINE", deep[:5000]]
    for payload in payloads:  # each really is unreadable (else the count below means nothing)
        with pytest.raises(msg.Unreadable):
            if kind == "status":
                msg.read_status(payload)
            else:
                msg.read_kind(kind, payload, msg.TABLE_MESSAGES)
    return payloads


class Hub:
    """``companion hub run`` on the generated broker, as a separate process."""

    def __init__(self, folder: Path, plan: BrokerPlan, accounts: dict[str, str]) -> None:
        self.folder, self.plan, self.accounts = folder, plan, accounts
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = (self.folder / "hub.log").open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "companion", "hub", "run", "--tables", str(len(TABLES)),
                "--data", str(self.folder / "hub"), "--host", "127.0.0.1",
                "--port", str(self.port), "--broker", f"127.0.0.1:{self.plan.port}",
                "--username", "hub", "--password", self.accounts["hub"], "--no-mdns",
            ],
            stdout=log, stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        assert wait_for(lambda: up(self.base + "/api/event"), seconds=60)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def event(self) -> dict[str, Any]:
        with urllib.request.urlopen(self.base + "/api/event", timeout=10) as answer:
            return dict(json.loads(answer.read()))

    def table(self, name: str) -> dict[str, Any]:
        return next(t for t in self.event()["tables"] if t["name"] == name)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def state(name: str, turn: int) -> dict[str, Any]:
    table = {"game": "dreamblade", "game_id": 1, "version": turn, "pending": None}
    return table_summary(name, table, {"winner": None, "turn": turn, "score": {"A": turn, "B": 0}})


def retained_on(port: int, password: str, topic: str) -> list[bytes]:
    """What the broker keeps retained under ``topic`` (a table account reads only the hub's
    topics, so the hub's own account looks)."""
    seen: list[bytes] = []
    client, _ = raw_client(port, "hub", "hub", password)
    client.on_message = lambda _c, _u, m: seen.append(m.payload) if m.retain else None
    client.subscribe(topic, qos=1)
    time.sleep(1.0)
    client.disconnect()
    client.loop_stop()
    return seen


@pytest.mark.process
def test_a_hostile_table_account_can_not_silence_the_hub(tmp_path: Path):
    rng = random.Random(24)
    plan = BrokerPlan(
        folder=tmp_path / "broker", tables=TABLES, host="127.0.0.1", port=free_port(),
        public_host="127.0.0.1",
    )  # fmt: skip
    accounts = write_broker(plan)
    broker = start_broker(plan)
    hub = Hub(tmp_path, plan, accounts)
    tables = {name: TablePublisher(account(plan, accounts, name), name) for name in HONEST}
    hostile, reasons = raw_client(plan.port, HOSTILE, HOSTILE, accounts[HOSTILE])
    prefix = f"{plan.prefix}/{HOSTILE}"

    def send(kind: str, payload: bytes, retain: bool) -> None:
        hostile.publish(f"{prefix}/{kind}", payload, qos=1, retain=retain).wait_for_publish(10)

    try:
        assert wait_for(lambda: bool(reasons)) and not reasons[0].is_failure
        # garbage left retained on every topic before the hub starts (the last one per topic)
        for kind in TOPICS:
            send(kind, hostile_payloads(kind, rng)[0], retain=True)
        for name, table in tables.items():
            table.publish_state(state(name, 1))
        hub.start()
        assert wait_for(lambda: hub.table(HOSTILE)["unreadable"] == len(TOPICS), seconds=20)
        assert wait_for(lambda: all(hub.table(n)["turn"] == 1 for n in HONEST), seconds=20)

        # a round: the honest tables' pairings go out and their results come in
        screen = organizer(hub.base)
        for player in ("Ann", "Ben", "Cho", "Dai"):
            assert screen.post("/api/players", {"name": player})[0] == 201
        assert screen.post("/api/rounds")[0] == 201
        matches = {m["table"]: m for m in hub.event()["round"]["matches"]}

        sent = len(TOPICS)
        for turn in range(2, 6):  # the hostile table writes while the others play
            for kind in TOPICS:
                for payload in hostile_payloads(kind, rng):
                    send(kind, payload, retain=rng.random() < 0.5)
                    sent += 1
            for name, table in tables.items():
                table.publish_state(state(name, turn))
            assert wait_for(lambda t=turn: all(hub.table(n)["turn"] == t for n in HONEST), 20)
        table, match = next((n, m) for n, m in matches.items() if n in HONEST)
        tables[table].publish_result(match["id"], "a")

        def recorded() -> bool:
            shown = {m["id"]: m["outcome"] for m in hub.event()["round"]["matches"]}
            return shown[match["id"]] == "a"

        assert wait_for(recorded, seconds=20)
        assert wait_for(lambda: hub.table(HOSTILE)["unreadable"] == sent, seconds=30)
        assert all(hub.table(n)["unreadable"] == 0 for n in HONEST)
        assert hub.process is not None and hub.process.poll() is None

        # the hub dies; more retained garbage waits for it; it comes back and is not deaf
        hub.kill()
        for kind in TOPICS:
            send(kind, hostile_payloads(kind, rng)[1], retain=True)
        hub.start()
        for name, table in tables.items():
            table.publish_state(state(name, 9))
        assert wait_for(lambda: all(hub.table(n)["turn"] == 9 for n in HONEST), seconds=20)
        assert wait_for(lambda: hub.table(HOSTILE)["unreadable"] == len(TOPICS), seconds=20)
        shown = {m["id"]: m["outcome"] for m in hub.event()["round"]["matches"]}
        assert shown[match["id"]] == "a"  # the journal kept the result
        assert hub.table(HOSTILE)["online"] is None  # no status it could read
        # the hub cleared what it could not read: nothing of the hostile table is retained
        # (looked at with the hub's account, once the hub is gone: one connection per account)
        hub.stop()
        assert retained_on(plan.port, accounts["hub"], f"{prefix}/#") == []
    finally:
        hostile.disconnect()
        hostile.loop_stop()
        for table in tables.values():
            table.close()
        hub.stop()
        broker.terminate()
        broker.wait(timeout=5)
