"""Benchmark: many tables publishing to the tournament hub — the hub's update latency and memory.

A real Mosquitto runs with the hub's generated config (accounts, ACLs). The hub (``HubStation``
over an event journal) runs in this process. By default the hub is measured **alone**, fed by a
load generator: first a few real tables (real ``Table`` with its SQLite store and ``TableLink``,
as a table running its panel, playing random legal Dreamblade actions at ``--pace`` seconds) are
recorded for a while — every message they publish, as the broker passed it on, with its timing;
then ``--workers`` separate processes replay that recording as ``--tables`` lightweight MQTT
clients, each logged in with its own table's account, each table one recorded table's stream
renamed (and its game ids shifted on every pass through the recording), started at staggered
moments. No engine, store or view is built while measuring, so the figures are the hub's (and the
broker's), not the tables' own work on this machine. Per state message: from its publication
(the moment a real table's action was accepted and published) until the hub's view holds that
version — p50/p95/max — and the messages sent that the hub never saw ("lost"), with the hub
process's resident memory before and after. Baseline: one replayed table, in the same run. For
each count in ``--tables`` (default 64, 256, 1024).

``--real`` measures as before issue 37: every table's real engine in one second process (which
saturates this machine at a few hundred tables, so it measures that process as much as the hub),
from acceptance and from proposal.

First, Swiss pairing: the hub's pairer (a maximum-weight matching, ``companion.hub.swiss``)
timed on events of ``--players`` players (and one more, for a bye) round after round, beside the
greedy pairer it replaced (nearest-ranked opponent from the top, backtracking; vendored below,
only to be measured) on the same standings in the same run, with the pairs each crosses point
groups. ``--pairing-only`` stops there.
Run: .venv/bin/python -P bench/hub.py [--tables 64 256 1024] [--seconds 20] [--pace 0.5]
     [--workers 4] [--real] [--players 64]
"""

from __future__ import annotations

import argparse
import json
import os
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


# -- the load generator: real tables recorded once, replayed by lightweight clients ------------

TABLE_MARK = "__TABLE__"  # in a recorded state: where the replaying table's name goes
GAME_MARK = -4242424242  # and its game id


def record_tables(folder: Path, port: int, accounts: dict[str, str], args: Any) -> Path:
    """Play ``--record-tables`` real tables for ``--record-seconds`` and keep every message they
    publish (as the broker hands it to a subscriber) with its time: the replay's material."""
    import paho.mqtt.client as mqtt

    from companion.hub.connection import connect, mqtt_client

    kept: list[tuple[float, str, str, str, int, bool]] = []
    started = time.monotonic()
    client = mqtt_client(account(port, accounts, "hub"), "recorder")
    ready = threading.Event()

    def subscribed(*_args: Any) -> None:
        client.subscribe(f"{PREFIX}/+/+", qos=1)
        ready.set()

    def heard(_client: Any, _userdata: Any, message: mqtt.MQTTMessage) -> None:
        _, table, kind = message.topic.split("/")
        if table != "hub" and kind in ("state", "events"):
            payload = message.payload.decode()
            kept.append((time.monotonic() - started, table, kind, payload, 1, kind == "state"))

    client.on_connect = subscribed
    client.on_message = heard
    connect(client, account(port, accounts, "hub"))
    ready.wait(10)
    count = args.record_tables
    subprocess.run(
        [sys.executable, "-P", __file__, "--play", str(count), "--folder", str(folder),
         "--port", str(port), "--seconds", str(args.record_seconds), "--pace", str(args.pace)],
        check=True,
    )  # fmt: skip
    client.disconnect()
    client.loop_stop()
    streams: dict[str, list[tuple[float, str, str, int, bool, int, int]]] = {}
    for at, table, kind, payload, qos, retain in kept:
        game = version = 0
        if kind == "state":
            data = json.loads(payload)
            game, version = data["game_id"], data["version"]
            data["table"], data["game_id"] = TABLE_MARK, GAME_MARK
            payload = json.dumps(data, separators=(",", ":"))
        streams.setdefault(table, []).append((at, kind, payload, qos, retain, game, version))
    path = folder / "recording.json"
    path.write_text(json.dumps(list(streams.values())))
    states = sum(1 for *_, kind, _, _, _ in kept if kind == "state")
    print(
        f"recorded {count} real tables for {args.record_seconds:.0f} s: {len(kept)} messages,"
        f" {states} states, {len(kept) - states} events"
    )
    return path


def replay_worker(folder: Path, port: int, names: list[str], args: Any) -> None:
    """One load-generator process: ``names`` tables, one MQTT client each, replaying the
    recording (table ``k`` replays stream ``k`` mod the recorded tables) from ``--start`` (a
    ``time.monotonic()`` moment, the same clock in every process of this machine)."""
    import heapq

    import paho.mqtt.client as mqtt

    accounts = json.loads((folder / "broker" / "accounts.json").read_text())
    streams = json.loads((folder / "recording.json").read_text())
    span = max(at for stream in streams for at, *_ in stream) + args.pace
    clients: list[mqtt.Client] = []
    connected = threading.Semaphore(0)
    for name in names:
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=name)
        client.username_pw_set(name, accounts[name])
        client.will_set(f"{PREFIX}/{name}/status", "offline", qos=1, retain=True)
        client.on_connect = lambda c, *_a, n=name: (
            c.publish(f"{PREFIX}/{n}/status", "online", qos=1, retain=True),
            connected.release(),
        )
        client.connect_async("127.0.0.1", port, keepalive=60)
        client.loop_start()
        clients.append(client)
    for _ in names:
        if not connected.acquire(timeout=60):
            raise SystemExit("a replaying table could not connect to the broker")
    due: list[tuple[float, int, int, int]] = []  # (when, client, stream message, pass)
    for index, name in enumerate(names):
        number = int(name.rsplit("-", 1)[1])
        stream = streams[number % len(streams)]
        offset = args.start + (number * 0.618 % 1.0) * args.pace  # tables staggered
        for run in range(int(args.seconds // span) + 1):
            for position, (at, *_rest) in enumerate(stream):
                when = offset + run * span + at
                if when < args.start + args.seconds:
                    due.append((when, index, position, run))
    heapq.heapify(due)
    sent: list[tuple[str, int, int, float]] = []
    while due:
        when, index, position, run = heapq.heappop(due)
        delay = when - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        name = names[index]
        number = int(name.rsplit("-", 1)[1])
        _at, kind, payload, qos, retain, recorded_game, version = streams[number % len(streams)][
            position
        ]
        if kind == "state":
            game = args.game_base + run * 100_000 + recorded_game
            payload = payload.replace(f'"{TABLE_MARK}"', json.dumps(name), 1).replace(
                str(GAME_MARK), str(game), 1
            )
            clients[index].publish(f"{PREFIX}/{name}/{kind}", payload, qos=qos, retain=retain)
            sent.append((name, game, version, time.monotonic()))
        else:
            clients[index].publish(f"{PREFIX}/{name}/{kind}", payload, qos=qos, retain=retain)
    time.sleep(1.0)  # the last messages leave
    for client in clients:
        client.disconnect()
        client.loop_stop()
    (folder / f"sent-{args.worker}.json").write_text(json.dumps(sent))


# -- the hub's process -----------------------------------------------------------------------------

PREFIX = "companion"


def watching_hub(
    folder: Path, port: int, accounts: dict[str, str], count: int
) -> tuple[HubStation, dict[Key, float], list[int]]:
    """The hub, with every state it takes into its view timed on arrival."""
    arrivals: dict[Key, float] = {}
    sizes: list[int] = []
    lock = threading.Lock()

    def seen(table: str, summary: dict[str, Any]) -> None:
        key = (table, int(summary["game_id"]), int(summary["version"]))
        now = time.monotonic()
        with lock:
            arrivals.setdefault(key, now)
            sizes.append(len(json.dumps(summary)))

    tournament = Tournament(Journal(folder / f"hub-{count}-{time.monotonic_ns()}.sqlite3"))
    tournament.set_tables([f"table-{n}" for n in range(1, count + 1)])
    hub = HubStation(account(port, accounts, "hub"), tournament, on_update=seen)
    return hub, arrivals, sizes


def replay_phase(
    folder: Path, port: int, accounts: dict[str, str], count: int, game_base: int, args: Any
) -> None:
    """``count`` replaying tables in ``--workers`` processes; the hub alone measured."""
    hub, arrivals, sizes = watching_hub(folder, port, accounts, count)
    time.sleep(1.0)  # subscribed (and any retained states of an earlier phase read)
    names = [f"table-{n}" for n in range(1, count + 1)]
    workers = max(1, min(args.workers, count))
    before, cpu = rss_mib(), time.process_time()
    start = time.monotonic() + 3.0 + count / 200  # every client connected by then
    procs = []
    for w in range(workers):
        command = [sys.executable, "-P", __file__, "--replay", ",".join(names[w::workers])]
        command += ["--worker", str(w), "--folder", str(folder), "--port", str(port)]
        command += ["--seconds", str(args.seconds), "--pace", str(args.pace)]
        command += ["--start", str(start), "--game-base", str(game_base)]
        procs.append(subprocess.Popen(command))
    for proc in procs:
        if proc.wait() != 0:
            raise SystemExit("a load-generator process failed")
    time.sleep(1.0)
    after, cpu = rss_mib(), time.process_time() - cpu
    hub.close()
    sent = [tuple(row) for w in range(workers) for row in json.loads(
        (folder / f"sent-{w}.json").read_text())]  # fmt: skip
    late = sorted(arrivals[(n, g, v)] - at for n, g, v, at in sent if (n, g, v) in arrivals)
    lost = len(sent) - len(late)
    print(
        f"{count:5d} table(s), {workers} process(es): {len(sent):6d} states sent, {lost} lost"
        f"   hub RSS {before:6.1f} → {after:6.1f} MiB"
        f"   state message {statistics.mean(sizes) / 1024:4.1f} kB on average\n"
        f"    published → hub view   p50 {statistics.median(late) * 1000:7.2f} ms   "
        f"p95 {percentile(late, 0.95) * 1000:7.2f} ms   max {late[-1] * 1000:7.2f} ms"
        f"   hub CPU {cpu:5.1f} s ({100 * cpu / args.seconds:3.0f} % of a core)"
        f"   load average {os.getloadavg()[0]:.1f}"
    )


def real_phase(folder: Path, port: int, accounts: dict[str, str], count: int, args: Any) -> None:
    """``count`` real tables in one second process (``--real``)."""
    hub, arrivals, sizes = watching_hub(folder, port, accounts, count)
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


def raise_file_limit(wanted: int) -> None:
    """Mosquitto (started from here, inheriting it) needs a descriptor per client."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if hard != resource.RLIM_INFINITY and hard < wanted and os.geteuid() == 0:
            target = hard = wanted
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, nargs="+", default=[64, 256, 1024])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between a table's actions")
    parser.add_argument("--workers", type=int, default=4, help="load-generator processes")
    parser.add_argument("--record-tables", type=int, default=4, help="real tables recorded")
    parser.add_argument("--record-seconds", type=float, default=12.0)
    parser.add_argument("--real", action="store_true", help="real tables in one process, as before")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--replay", help=argparse.SUPPRESS)
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--start", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--game-base", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=64, help="players of the pairing bench")
    parser.add_argument("--events", type=int, default=10, help="events of the pairing bench")
    parser.add_argument("--pairing-only", action="store_true")
    args = parser.parse_args()
    if args.play:
        play_tables(args.folder, args.port, args.play, args.seconds, args.pace)
        return
    if args.replay:
        replay_worker(args.folder, args.port, args.replay.split(","), args)
        return
    print(f"load average {os.getloadavg()[0]:.1f}")
    for players in (args.players, args.players + 1):
        bench_pairing(players, args.events)
    if args.pairing_only:
        return
    most = max(args.tables)
    raise_file_limit(most * 2 + 256)
    with tempfile.TemporaryDirectory(prefix="bench-hub-") as temporary:
        folder = Path(temporary)
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        tables = tuple(f"table-{n}" for n in range(1, most + 1))
        plan = BrokerPlan(folder=folder / "broker", tables=tables, host="127.0.0.1", port=port)
        accounts = write_broker(plan)
        broker = start_broker(plan)
        try:
            if args.real:
                print(
                    f"hub update latency, proposal at a table → the hub's view ({args.pace} s pace)"
                )
                real_phase(folder, port, accounts, 1, args)  # the baseline
                for count in args.tables:
                    real_phase(folder, port, accounts, count, args)
                return
            record_tables(folder, port, accounts, args)
            print(
                f"the hub alone: replayed tables, a state every {args.pace} s each, "
                f"{args.seconds:.0f} s a phase; baseline: one table"
            )
            for phase_number, count in enumerate([1, *args.tables], start=1):
                replay_phase(folder, port, accounts, count, phase_number * 10_000_000, args)
        finally:
            broker.terminate()
            broker.wait(timeout=5)


if __name__ == "__main__":
    main()
