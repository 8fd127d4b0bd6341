"""The event's map, end to end: a real Mosquitto, the hub (`companion hub run`) and two tables
(`companion run`) as separate processes. The organizer types the map's values once on the hub;
every pairing carries them to its table; each table's games — two rounds, four games — are built
on them and played to the end without a single map value asked for, and every game record the
tables keep holds the organizer's values."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.games.dreamblade.actions import CellValue
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.random_play import random_action
from companion.hub.broker import BrokerPlan, start_broker, write_broker
from companion.hub.table_link import game_for_match
from companion.settings import Settings
from companion.table.store import Store
from tests.companion.app.test_hub_event import PIN, Judge, organizer, up
from tests.companion.hub.mqtt import free_port, wait_for

pytestmark = pytest.mark.slow

TABLES = ("table-1", "table-2")
PLAYERS = ("Ann", "Bob", "Carol", "Dan")
# what the organizer reads off the event's printed map for the cells the default map leaves unknown
PRINTED = {"b2": 1, "c2": 2, "d2": 1, "b3": 3, "d3": 3, "b4": 1, "c4": 2, "d4": 1}


def script_on(event_map: dict[str, Any], seed: int) -> list[str]:
    """A whole game as the table will start it for a pairing on the event's map (the players
    registered no warbands: the table's ready-made ones), by a random player."""
    for attempt in range(seed, seed + 50):
        game = game_for_match({"map": event_map}, Settings())
        assert isinstance(game, DreambladeGame)
        rng = random.Random(attempt)
        actions = []
        while game.winner() is None and len(actions) < 300:
            action = random_action(game, rng)
            assert not isinstance(action, CellValue), "the random player was asked for a value"
            game.push(action)
            actions.append(str(action))
        if game.winner() is not None:
            return actions
    raise AssertionError("no short game")


class Room:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.plan = BrokerPlan(
            folder=folder / "broker", tables=TABLES, host="127.0.0.1", port=free_port(),
            public_host="127.0.0.1",
        )  # fmt: skip
        self.accounts = write_broker(self.plan)
        self.broker = start_broker(self.plan)
        self.hub_port = free_port()
        self.table_ports = {name: free_port() for name in TABLES}
        self.processes: list[subprocess.Popen[bytes]] = []

    def spawn(self, key: str, args: list[str]) -> None:
        log = (self.folder / f"{key}.log").open("ab")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", *args], stdout=log, stderr=log, env=env
        )
        self.processes.append(process)

    def start(self) -> None:
        self.spawn("hub", [
            "hub", "run", "--tables", str(len(TABLES)), "--data", str(self.folder / "hub"),
            "--host", "127.0.0.1", "--port", str(self.hub_port),
            "--broker", f"127.0.0.1:{self.plan.port}",
            "--username", "hub", "--password", self.accounts["hub"],
        ])  # fmt: skip
        for name in TABLES:
            section = yaml.safe_load((self.plan.folder / "tables" / f"{name}.yaml").read_text())
            config = self.folder / f"{name}.yaml"
            config.write_text(yaml.safe_dump({
                "table_name": name, "game": "dreamblade", "data_dir": str(self.folder / name),
                "lights": {"backend": "virtual"}, "camera": {"source": "auto"},
                "panel": {"host": "127.0.0.1", "port": self.table_ports[name], "judge_pin": PIN},
                **section,
            }))  # fmt: skip
            self.spawn(name, ["run", "--config", str(config)])

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.broker.terminate()
        self.broker.wait(timeout=5)

    def records(self, name: str) -> list[dict[str, Any]]:
        store = Store(Settings(table_name=name, data_dir=self.folder / name).store_path)
        try:
            return [store.record(game.id) | {"status": game.status} for game in store.games()]
        finally:
            store.close()


@pytest.mark.process
def test_every_game_of_the_event_plays_on_the_organizers_map_and_never_waits(tmp_path: Path):
    room = Room(tmp_path)
    try:
        room.start()
        base = f"http://127.0.0.1:{room.hub_port}"
        assert wait_for(lambda: up(base + "/api/event"), seconds=60)
        for name in TABLES:
            url = f"http://127.0.0.1:{room.table_ports[name]}/api/state"
            assert wait_for(lambda u=url: up(u), seconds=60), name
        hub = organizer(base)
        assert wait_for(lambda: all(t["online"] for t in hub.get("/api/event")["tables"]), 30)

        # a slip is refused and changes nothing; then the printed values, once
        status, reply = hub.post("/api/map", {"base": "default", "values": {**PRINTED, "b2": 7}})
        assert status == 400 and reply["error"] == "map_range", reply
        assert hub.get("/api/event")["settings"]["map"] is None
        status, reply = hub.post(
            "/api/map", {"base": "default", "values": PRINTED, "name": "Store night"}
        )
        assert status == 200, reply
        event_map = reply["map"]
        expected = {**PRINTED, "c3": 5}
        assert event_map["key_values"] == expected
        assert "Store night" in hub.get("/api/maps")["maps"]  # saved for the next event

        for name in PLAYERS:
            assert hub.post("/api/players", {"name": name})[0] == 201
        judges = {n: Judge(f"http://127.0.0.1:{room.table_ports[n]}") for n in TABLES}
        for number in (1, 2):
            status, _ = hub.post("/api/rounds")
            assert status == 201
            matches = hub.get("/api/event")["round"]["matches"]
            assert all(m["map"] == event_map for m in matches)  # the pairing carries the map
            for match in matches:
                judge = judges[match["table"]]
                names = {"A": match["a"]["name"], "B": match["b"]["name"]}
                assert wait_for(lambda j=judge, n=names: j.seats() == n, seconds=30)
                judge.play(script_on(event_map, 10 * number + match["id"]))

            def recorded() -> bool:
                return all(m["outcome"] for m in hub.get("/api/event")["round"]["matches"])

            assert wait_for(recorded, seconds=30)

        games = [r for name in TABLES for r in room.records(name)]
        event_games = [r for r in games if r["status"] == "finished"]
        assert len(event_games) == 4  # two rounds at two tables
        for record in event_games:
            assert record["setup"]["map"]["key_values"] == expected
            assert not [a for a in record["actions"] if a.startswith("value ")]
    finally:
        room.stop()
