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

First, Swiss pairing: the hub's pairer (a maximum-weight matching, ``companion.hub.swiss``)
timed on events of ``--players`` players (and one more, for a bye) round after round, beside the
greedy pairer it replaced (nearest-ranked opponent from the top, backtracking; vendored below,
only to be measured) on the same standings in the same run, with the pairs each crosses point
groups. ``--pairing-only`` stops there.
Run: .venv/bin/python -P bench/hub.py [--tables 64] [--seconds 20] [--pace 0.5] [--players 64]
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
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from companion.hub import swiss
from companion.hub.broker import BrokerPlan, start_broker, write_broker
from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings
from companion.table.start_request import StartRequest

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
                table.start_game(StartRequest(starting_game(settings)))
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
                settings, table,
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


# -- Swiss pairing: the hub's pairer beside the greedy one it replaced ----------------------------


def _greedy_pair_in_order(order: list[int], met: Mapping[int, set[int]]) -> list[tuple[int, int]]:
    """The replaced pairer (companion/hub/swiss.py before issue 29): pair ``order`` top-down,
    each with the nearest-ranked player not met; backtracks when the rest cannot be paired."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, partner in enumerate(rest):
        if partner in met.get(first, set()):
            continue
        tail = _greedy_pair_in_order(rest[:i] + rest[i + 1 :], met)
        if len(tail) * 2 == len(rest) - 1:
            return [(first, partner), *tail]
    return []


def greedy_pairing(ranked: Sequence[int], matches: Sequence[swiss.Match]) -> list[tuple[int, int]]:
    """The replaced pairer's round after round 1: the bye to the lowest-ranked player without one
    whose bye leaves the rest pairable, the rest paired greedily."""
    met = swiss.met(matches)
    had_bye = {m.a for m in matches if m.b is None}
    byes: list[int | None] = [p for p in reversed(ranked) if p not in had_bye]
    for bye in byes if len(ranked) % 2 else [None]:
        rest = [p for p in ranked if p != bye]
        pairs = _greedy_pair_in_order(rest, met)
        if len(pairs) * 2 == len(rest):
            return pairs
    raise swiss.PairingError("rematch_only", "no pairing")


def timed(call: Any) -> tuple[Any, float, float]:
    """``call()``'s value, wall seconds and this process's CPU seconds (the CPU time leaves out
    the other work of a loaded machine)."""
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def bench_pairing(players: int, events: int) -> None:
    """Events of ``players`` played round after round (random results; the hub's pairer pairs
    them); at every round from 2 on both pairers pair the same standings, timed."""
    print(f"Swiss pairing, {players} players, rounds 2–7 of {events} events")
    times: dict[str, list[tuple[float, float]]] = {"new": [], "old": []}
    across = {"new": 0, "old": 0}
    for seed in range(events):
        rng = random.Random(seed)
        everyone = list(range(1, players + 1))
        matches: list[swiss.Match] = []
        for number in range(1, 8):
            ranked = [s.player for s in swiss.standings(everyone, matches)]
            points = {p: r.points for p, r in swiss.records(everyone, matches).items()}
            pair = partial(swiss.pair_swiss, ranked, matches, round_number=number, seed=seed)
            pairing, wall, cpu = timed(pair)
            if number > 1:
                times["new"].append((wall, cpu))
                across["new"] += pairing.across
                old, wall, cpu = timed(partial(greedy_pairing, ranked, matches))
                times["old"].append((wall, cpu))
                across["old"] += sum(1 for a, b in old if points[a] != points[b])
            for a, b in pairing.pairs:
                outcome = rng.choice(["a", "b", "a", "b", "draw"])
                matches.append(swiss.Match(number, a, b, outcome))  # type: ignore[arg-type]
            if pairing.bye is not None:
                matches.append(swiss.Match(number, pairing.bye, None))
    print(f"  {'':34} {'wall p50':>9} {'max':>8} {'CPU p50':>9} {'max':>8}  pairs across groups")
    for key, name in (
        ("new", "maximum-weight matching (the hub)"),
        ("old", "greedy, backtracking (before)"),
    ):
        walls = sorted(t[0] * 1000 for t in times[key])
        cpus = sorted(t[1] * 1000 for t in times[key])
        print(
            f"  {name:34} {statistics.median(walls):6.1f} ms {walls[-1]:5.1f} ms"
            f" {statistics.median(cpus):6.1f} ms {cpus[-1]:5.1f} ms"
            f"  {across[key]} in {len(walls)} rounds"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between a table's actions")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=64, help="players of the pairing bench")
    parser.add_argument("--events", type=int, default=10, help="events of the pairing bench")
    parser.add_argument("--pairing-only", action="store_true")
    args = parser.parse_args()
    if args.play:
        play_tables(args.folder, args.port, args.play, args.seconds, args.pace)
        return
    import os

    print(f"load average {os.getloadavg()[0]:.1f}")
    for players in (args.players, args.players + 1):
        bench_pairing(players, args.events)
    if args.pairing_only:
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
