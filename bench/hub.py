"""Benchmark: many tables publishing to the tournament hub — the hub's update latency and memory.

A real Mosquitto runs with the hub's generated config (accounts, ACLs). The hub (``HubStation``
over an event journal) runs in this process; the tables run in a second process, each a real
``Table`` (SQLite store) with its ``TableLink`` sending, as a table running its panel does, its
spectator view with every state (the wall's boards), playing a Dreamblade game of random legal
actions (a new game when one ends) at ``--pace`` seconds between actions. Measured per action, until
the moment the hub's view holds that version: from the action's acceptance (``submit`` returned:
the action is durable and published) and from its proposal (``submit`` called: engine and store
included). Also: the hub process's resident memory after each phase. Baseline: one table, in the
same run, before the many. Prints figures only.
Run: .venv/bin/python -P bench/hub.py [--tables 64] [--seconds 20] [--pace 0.5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.hub.broker import BrokerPlan, start_broker, write_broker
from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings

Key = tuple[str, int, int]  # table, game id, version


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[max(0, round(fraction * len(ordered)) - 1)]


def account(port: int, accounts: dict[str, str], name: str) -> HubSettings:
    return HubSettings(
        mqtt_host="127.0.0.1", mqtt_port=port, username=name, password=accounts[name]
    )


# -- the tables' process ---------------------------------------------------------------------------


def play_tables(folder: Path, port: int, count: int, seconds: float, pace: float) -> None:
    """Run ``count`` tables playing for ``seconds``; write each action's submit time."""
    import logging

    from companion.games.dreamblade.random_play import random_action
    from companion.hub.table_link import TableLink
    from companion.settings import Settings
    from companion.table.setup import starting_game
    from companion.table.store import Store
    from companion.table.table import JUDGE, Table
    from web_panel.view import spectator_view

    logging.basicConfig(level=logging.ERROR)
    accounts = json.loads((folder / "broker" / "accounts.json").read_text())
    submitted: list[tuple[str, int, int, float, float]] = []
    lock = threading.Lock()
    deadline = 0.0
    links = []

    def run(name: str, table: Table, settings: Settings, seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < deadline:
            if table.read(lambda game: game.winner()) is not None:
                table.replace_game(starting_game(settings))
            action = table.read(lambda game: str(random_action(game, rng)))
            started = time.monotonic()
            accepted = table.submit(JUDGE, action)
            returned = time.monotonic()
            with lock:
                submitted.append((name, table.game_id, accepted.version, started, returned))
            time.sleep(pace)

    threads = []
    for n in range(1, count + 1):
        name = f"table-{n}"
        settings = Settings(
            table_name=name, data_dir=folder / "tables" / name, hub=account(port, accounts, name)
        )
        table = Table.start(Store(settings.store_path), starting_game(settings))
        links.append(
            TableLink(
                settings, table, lambda game, _names, t=table: t.replace_game(game),
                watch=lambda t=table, s=settings: spectator_view(t, s.seats),
            )
        )  # fmt: skip
        threads.append(threading.Thread(target=run, args=(name, table, settings, n), daemon=True))
    time.sleep(1.0)  # every link connected
    deadline = time.monotonic() + seconds
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    time.sleep(1.0)  # the last messages reach the hub
    for link in links:
        link.close()
    (folder / f"submitted-{count}.json").write_text(json.dumps(submitted))


# -- the hub's process -----------------------------------------------------------------------------


def phase(folder: Path, port: int, accounts: dict[str, str], count: int, args: Any) -> None:
    arrivals: dict[Key, float] = {}
    sizes: list[int] = []
    lock = threading.Lock()

    def seen(table: str, summary: dict[str, Any]) -> None:
        key = (table, int(summary["game_id"]), int(summary["version"]))
        now = time.monotonic()
        with lock:
            arrivals.setdefault(key, now)
            sizes.append(len(json.dumps(summary)))

    tournament = Tournament(Journal(folder / f"hub-{count}.sqlite3"))
    tournament.set_tables([f"table-{n}" for n in range(1, count + 1)])
    hub = HubStation(account(port, accounts, "hub"), tournament, on_update=seen)
    before = rss_mib()
    subprocess.run(
        [sys.executable, "-P", __file__, "--play", str(count), "--folder", str(folder),
         "--port", str(port), "--seconds", str(args.seconds), "--pace", str(args.pace)],
        check=True,
    )  # fmt: skip
    after = rss_mib()
    hub.close()
    submitted = json.loads((folder / f"submitted-{count}.json").read_text())
    found = [
        (arrivals[(name, game, version)], started, returned)
        for name, game, version, started, returned in submitted
        if (name, game, version) in arrivals
    ]
    accepted = sorted(seen_at - returned for seen_at, _, returned in found)
    proposed = sorted(seen_at - started for seen_at, started, _ in found)
    print(
        f"{count:3d} table(s): {len(submitted):5d} actions, {len(submitted) - len(found)} not seen"
        f"   hub RSS {before:6.1f} → {after:6.1f} MiB"
        f"   state message {statistics.mean(sizes) / 1024:4.1f} kB on average\n"
        f"    accepted → hub view   p50 {statistics.median(accepted) * 1000:7.2f} ms   "
        f"p95 {percentile(accepted, 0.95) * 1000:7.2f} ms   max {accepted[-1] * 1000:7.2f} ms\n"
        f"    proposed → hub view   p50 {statistics.median(proposed) * 1000:7.2f} ms   "
        f"p95 {percentile(proposed, 0.95) * 1000:7.2f} ms   max {proposed[-1] * 1000:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between a table's actions")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play_tables(args.folder, args.port, args.play, args.seconds, args.pace)
        return
    with tempfile.TemporaryDirectory(prefix="bench-hub-") as temporary:
        folder = Path(temporary)
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        tables = tuple(f"table-{n}" for n in range(1, args.tables + 1))
        plan = BrokerPlan(folder=folder / "broker", tables=tables, host="127.0.0.1", port=port)
        accounts = write_broker(plan)
        broker = start_broker(plan)
        try:
            print(f"hub update latency, proposal at a table → the hub's view ({args.pace} s pace)")
            phase(folder, port, accounts, 1, args)  # the baseline
            phase(folder, port, accounts, args.tables, args)
        finally:
            broker.terminate()
            broker.wait(timeout=5)


if __name__ == "__main__":
    main()
