"""The Done-when of the tournament hub, end to end: a real Mosquitto (the generated config), the
hub (`companion hub run`) and 8 tables (`companion run`) as separate processes; 16 players, 3
Swiss rounds whose games are played through the tables' own APIs; one drop after round 1 (so
rounds 2 and 3 have a bye); the hub and one table killed mid-round 2 and restarted; pairings and
standings checked against an independent computation here."""

from __future__ import annotations

import http.cookiejar
import json
import os
import random
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.games.dreamblade.random_play import random_action
from companion.hub.broker import BrokerPlan, start_broker, write_broker
from companion.settings import Settings
from companion.table.setup import starting_game
from tests.companion.hub.mqtt import free_port, wait_for

pytestmark = pytest.mark.slow

TABLES = tuple(f"table-{n}" for n in range(1, 9))
PLAYERS = [f"Player {n:02d}" for n in range(1, 17)]
PIN = "246813"
SCRIPTS = 10  # distinct short games, reused across tables and rounds


class Client:
    """A browser-like HTTP client: cookies and the page's CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.csrf = ""

    def get(self, path: str) -> Any:
        with self.opener.open(self.base + path, timeout=20) as response:
            body = response.read().decode()
        return json.loads(body) if body.lstrip().startswith(("{", "[")) else body

    def post(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body or {}).encode(),
            headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf},
            method="POST",
        )
        try:
            with self.opener.open(request, timeout=20) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def short_scripts() -> list[list[str]]:
    """Whole Dreamblade games from a table's starting position, the shortest of a few seeds."""
    games = []
    for seed in range(3 * SCRIPTS):
        game = starting_game(Settings())
        rng = random.Random(seed)
        actions: list[str] = []
        while game.winner() is None and len(actions) < 400:
            action = random_action(game, rng)  # type: ignore[arg-type]
            game.push(action)
            actions.append(str(action))
        if game.winner() is not None:
            games.append(actions)
    return sorted(games, key=len)[:SCRIPTS]


class Room:
    """The processes of the event, in ``folder``."""

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
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1"}

    def _spawn(self, key: str, args: list[str]) -> None:
        log = (self.folder / f"{key}.log").open("ab")
        self.processes[key] = subprocess.Popen(
            [sys.executable, "-m", "companion", *args],
            stdout=log,
            stderr=log,
            env=self.env,
        )

    def start_hub(self) -> None:
        self._spawn("hub", [
            "hub", "run", "--tables", "8", "--data", str(self.folder / "hub"),
            "--host", "127.0.0.1", "--port", str(self.hub_port),
            "--broker", f"127.0.0.1:{self.plan.port}",
            "--username", "hub", "--password", self.accounts["hub"],
        ])  # fmt: skip

    def start_table(self, name: str) -> None:
        config = self.folder / f"{name}.yaml"
        if not config.exists():
            section = yaml.safe_load((self.plan.folder / "tables" / f"{name}.yaml").read_text())
            settings = {
                "table_name": name,
                "game": "dreamblade",
                "data_dir": str(self.folder / name),
                "lights": {"backend": "virtual"},
                "camera": {"source": "auto"},
                "panel": {"host": "127.0.0.1", "port": self.table_ports[name], "judge_pin": PIN},
                **section,
            }
            config.write_text(yaml.safe_dump(settings))
        self._spawn(name, ["run", "--config", str(config)])

    def kill(self, key: str) -> None:
        process = self.processes.pop(key)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def stop(self) -> None:
        for process in self.processes.values():
            process.terminate()
        for process in self.processes.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.broker.terminate()
        self.broker.wait(timeout=5)


def up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except (OSError, urllib.error.URLError):
        return False


def page_token(client: Client) -> str:
    """The CSRF token of the client's session, from the organizer page's boot data."""
    return str(client.get("/").split('"csrf": "', 1)[1].split('"', 1)[0])


def organizer(base: str) -> Client:
    """The hub's own screen (this test runs on the hub's machine: loopback)."""
    client = Client(base)
    client.csrf = page_token(client)
    return client


class Judge(Client):
    """The judge at one table: plays a script through the table's API."""

    def __init__(self, base: str) -> None:
        super().__init__(base)
        self.csrf = self.get("/api/me")["csrf"]
        status, _ = self.post("/api/judge/login", {"pin": PIN})
        assert status == 200

    def seats(self) -> dict[str, str]:
        return {s["seat"]: s["name"] for s in self.get("/api/state")["seats"]}

    def play(self, script: list[str], stop_after: int | None = None) -> str | None:
        """Submit the script's actions from where the table is; the winner's seat at the end."""
        state = self.get("/api/state")
        for played, action in enumerate(script[state["version"] :]):
            if stop_after is not None and played == stop_after:
                return None
            body = {"action": action, "version": state["version"], "game_id": state["game_id"]}
            status, reply = self.post("/api/actions", body)
            assert status == 200, reply
            state = {**state, "version": reply["version"]}
        final = self.get("/api/state")
        assert final["winner"] is not None
        return str(final["winner"])


def mtr_standings(order: list[int], results: list[tuple[int, int | None, str | None]]) -> list:
    """An independent computation: (player, points, OMW%) best first, from (a, b, outcome)."""
    points = dict.fromkeys(order, 0)
    played = dict.fromkeys(order, 0)
    opponents: dict[int, list[int]] = {p: [] for p in order}
    for a, b, outcome in results:
        if b is None:
            points[a] += 3
            played[a] += 1
            continue
        played[a] += 1
        played[b] += 1
        opponents[a].append(b)
        opponents[b].append(a)
        points[a] += {"a": 3, "draw": 1, "b": 0}[outcome or ""]
        points[b] += {"b": 3, "draw": 1, "a": 0}[outcome or ""]

    def mw(p: int) -> Fraction:  # a match is one game: also the game-win percentage
        floor = Fraction(33, 100)
        return max(floor, Fraction(points[p], 3 * played[p])) if played[p] else floor

    def omw(p: int) -> Fraction:
        met = opponents[p]
        return sum((mw(o) for o in met), Fraction(0)) / len(met) if met else Fraction(0)

    # points, OMW%, GW% (= MW%), OGW% (= OMW%), check-in order
    ranked = sorted(order, key=lambda p: (-points[p], -omw(p), -mw(p), -omw(p), order.index(p)))
    return [(p, points[p], round(float(omw(p)), 4)) for p in ranked]


@pytest.mark.process
def test_an_event_of_16_players_on_8_tables_survives_the_hub_and_a_table_dying(tmp_path: Path):
    scripts = short_scripts()
    room = Room(tmp_path)
    try:
        room.start_hub()
        for name in TABLES:
            room.start_table(name)
        base = f"http://127.0.0.1:{room.hub_port}"
        assert wait_for(lambda: up(base + "/api/event"), seconds=60)
        hub = organizer(base)
        for name in TABLES:
            url = f"http://127.0.0.1:{room.table_ports[name]}/api/state"
            assert wait_for(lambda u=url: up(u), seconds=60), name
        assert wait_for(
            lambda: all(t["online"] for t in hub.get("/api/event")["tables"]), seconds=30
        )
        for name in PLAYERS:
            assert hub.post("/api/players", {"name": name})[0] == 201
        assert hub.post("/api/players", {"name": PLAYERS[0].upper()})[0] == 409
        judges = {n: Judge(f"http://127.0.0.1:{room.table_ports[n]}") for n in TABLES}
        results: list[tuple[int, int | None, str | None]] = []
        pairs_seen: set[frozenset[int]] = set()
        byes: list[int] = []
        order = list(range(1, 17))

        def script_of(match: dict) -> list[str]:
            return scripts[match["id"] % len(scripts)]

        def play_round(number: int, interrupt: Callable[[list[dict]], None] | None = None) -> None:
            before = mtr_standings(order, results)
            status, reply = hub.post("/api/rounds")
            assert status == 201 and reply["round"] == number, reply
            matches = hub.get("/api/event")["round"]["matches"]
            active = [p["id"] for p in hub.get("/api/event")["players"] if not p["dropped"]]
            seated = sorted(
                p for m in matches for p in (m["a"]["id"], (m["b"] or {}).get("id")) if p
            )
            assert seated == sorted(active)
            for match in matches:
                if match["b"] is None:  # the bye: the lowest-ranked active player without one
                    eligible = [p for p, _, _ in before if p in active and p not in byes]
                    assert match["a"]["id"] == eligible[-1]
                    byes.append(match["a"]["id"])
                    continue
                pair = frozenset((match["a"]["id"], match["b"]["id"]))
                assert pair not in pairs_seen, "a rematch"
                pairs_seen.add(pair)
                judge = judges[match["table"]]
                names = {"A": match["a"]["name"], "B": match["b"]["name"]}
                assert wait_for(lambda j=judge, n=names: j.seats() == n, seconds=30)
            games = [m for m in matches if m["b"] is not None]
            if interrupt is not None:
                interrupt(games)
            with ThreadPoolExecutor(max_workers=8) as pool:
                winners = list(
                    pool.map(
                        lambda m: judges[m["table"]].play(script_of(m)),
                        games,
                    )
                )
            for match, winner in zip(games, winners, strict=True):
                outcome = "a" if winner == "A" else "b"
                results.append((match["a"]["id"], match["b"]["id"], outcome))
            for match in matches:
                if match["b"] is None:
                    results.append((match["a"]["id"], None, None))

            def recorded() -> bool:
                shown = hub.get("/api/event")["round"]["matches"]
                return all(m["outcome"] is not None for m in shown)

            assert wait_for(recorded, seconds=60)
            shown = {m["id"]: m["outcome"] for m in hub.get("/api/event")["round"]["matches"]}
            for match, winner in zip(games, winners, strict=True):
                assert shown[match["id"]] == ("a" if winner == "A" else "b")

        play_round(1)
        assert hub.post("/api/players/16/drop")[0] == 200  # 15 players: a bye from now on

        def hub_and_a_table_die(games: list[dict]) -> None:
            victim = games[2]["table"]
            judge = judges[victim]
            judge.play(script_of(games[2]), stop_after=15)
            room.kill("hub")
            room.kill(victim)
            # the other tables play on while the hub is away; then everyone comes back
            others = [g for g in games if g["table"] != victim]
            with ThreadPoolExecutor(max_workers=8) as pool:
                list(
                    pool.map(
                        lambda m: judges[m["table"]].play(
                            scripts[m["id"] % len(scripts)], stop_after=30
                        ),
                        others,
                    )
                )
            room.start_table(victim)
            url = f"http://127.0.0.1:{room.table_ports[victim]}/api/state"
            assert wait_for(lambda: up(url), seconds=60)
            assert judge.get("/api/state")["version"] == 15  # nothing acknowledged was lost
            judges[victim] = Judge(judge.base)
            room.start_hub()
            assert wait_for(lambda: up(base + "/api/event"), seconds=60)
            hub.csrf = page_token(hub)  # the page reloaded after the restart

        play_round(2, hub_and_a_table_die)
        play_round(3)

        exported = hub.get("/export.json")
        expected = mtr_standings(order, results)
        got = [(r["player"], r["points"], r["omw"]) for r in exported["standings"]]
        assert got == expected
        assert len(byes) == 2 and len(set(byes)) == 2
        assert sum(len(r["matches"]) for r in exported["rounds"]) == 8 + 8 + 8
    finally:
        room.stop()
