"""Benchmark: remote play's latency, one table's action → the other table's LED frame.

A real Mosquitto runs with the config ``companion remote broker`` generates (TLS, the host and
guest accounts, their ACLs). Two tables run in this process, each a real ``Table`` (SQLite store)
with its runtime's LED driver on the simulated chain (the frames it shows are what a WS281x chain
would get) and its remote link (``TableRuntime.start_remote``: TLS client, pinned certificate),
each through its own lag proxy to the broker — each table's own internet link. The two tables
play a Dreamblade game of random legal actions, each seat from its own table, one action at a
time. Measured per action: from the call that proposes it at one table to the end of the first LED
frame the other table's driver draws once that table has applied it — on the chain if its pixels
changed (the host's action: stored, published, carried, followed by the guest; the guest's:
proposed to the host, carried, accepted and drawn on the host's LEDs).

Run twice in the same run: over links adding ``--delay`` ms each way (100: a long internet path),
and over the same proxies adding nothing (the baseline). Goals (issue 37): p95 ≤ 30 ms each way
with no delay added, ≤ 300 ms over 100 ms links (whose floor is 200 ms: a message crosses two
links, one table's to the broker and the broker's to the other table).
Run: .venv/bin/python -P bench/remote.py [--actions 60] [--delay 100] [--seed 1]
Prints figures only.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from companion import events as ev
from companion.app.runtime import TableRuntime
from companion.events import Event
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.random_play import random_action
from companion.lights.render import Rendered
from companion.remote.access import BrokerAccess
from companion.remote.broker import (
    GUEST_ACCOUNT,
    HOST_ACCOUNT,
    RemoteBroker,
    start_broker,
    stop_broker,
    write_broker,
)
from companion.remote.lag_proxy import LagProxy
from companion.settings import LightsSettings, Settings
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table

SETTLE = 60.0  # seconds for both tables to be linked and unpaused
# The map both homes have printed (our own, all its values known: a value nobody knows is agreed
# by both seats at one table, which remote play does not do)
MAP = {
    "name": "bench-remote",
    "portals": {"A": "a1", "B": "e5"},
    "value_range": [1, 5],
    "key_values": {
        "b2": 2, "c2": 3, "d2": 2, "b3": 3, "c3": 5, "d3": 3, "b4": 2, "c4": 3, "d4": 2,
    },
}  # fmt: skip


def table_settings(name: str = "table-1", folder: Path | None = None) -> Settings:
    return Settings(
        table_name=name,
        data_dir=(folder or Path(".")) / name,
        lights=LightsSettings(backend="virtual"),
        dreamblade={"map": MAP},
    )


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[max(0, round(fraction * len(ordered)) - 1)]


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# -- one table: when it applied each version, and when its LEDs showed each frame ----------------


@dataclass
class Watched:
    """A table's runtime, with the moment each version was applied and each LED frame drawn
    (when its drawing started and when it was on the chain)."""

    runtime: TableRuntime
    applied: dict[int, float] = field(default_factory=dict)
    frames: list[tuple[float, float]] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)

    @property
    def table(self) -> Table:
        return self.runtime.table

    def watch(self) -> None:
        def on_applied(event: Event) -> None:
            with self.changed:
                self.applied[int(event.data["version"])] = time.monotonic()
                self.changed.notify_all()

        driver = self.runtime.lights
        assert driver is not None
        draw = driver.tick

        def tick() -> Rendered:
            # the driver draws a frame at each tick and pushes it to the chain if its pixels
            # changed: a frame drawn after the action is the LEDs showing it, changed or not
            started = time.monotonic()
            rendered = draw()
            with self.changed:
                self.frames.append((started, time.monotonic()))
                self.changed.notify_all()
            return rendered

        # the driver's own subscription comes first: when ``on_applied`` runs, the driver's
        # view already holds the action, and any frame drawn from then on shows it
        self.table.bus.subscribe(on_applied, {ev.ACTION_APPLIED})
        driver.tick = tick  # type: ignore[method-assign]

    def frame_after(self, version: int, timeout: float = SETTLE) -> float:
        """When the first LED frame drawn after this table applied ``version`` was on the chain."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                applied = self.applied.get(version)
                if applied is not None:
                    drawn = next((end for start, end in self.frames if start >= applied), None)
                    if drawn is not None:
                        return drawn
                if not self.changed.wait(deadline - time.monotonic()):
                    raise TimeoutError(f"no frame at version {version}")


def open_table(folder: Path, name: str) -> Watched:
    settings = table_settings(name, folder)
    table = Table.start(Store(settings.store_path), starting_game(settings))
    runtime = TableRuntime(settings, table)
    runtime.start_lights()
    watched = Watched(runtime)
    watched.watch()
    return watched


# -- two linked tables over two links ---------------------------------------------------------


@contextmanager
def linked_tables(
    folder: Path, broker: RemoteBroker, secrets: object, delay_ms: float
) -> Iterator[tuple[Watched, Watched]]:
    """A host and a guest table, each through its own proxy adding ``delay_ms`` each way."""
    from companion.remote.broker import BrokerSecrets
    from companion.remote.state import RemoteState

    assert isinstance(secrets, BrokerSecrets)
    proxies = [LagProxy("127.0.0.1", broker.port, delay_ms) for _ in range(2)]
    ports = [proxy.start() for proxy in proxies]
    host, guest = open_table(folder, "host"), open_table(folder, "guest")
    try:
        access = {
            role: BrokerAccess("127.0.0.1", port, role, password, secrets.room, secrets.pin)
            for role, port, password in (
                (HOST_ACCOUNT, ports[0], secrets.host_password),
                (GUEST_ACCOUNT, ports[1], secrets.guest_password),
            )
        }
        host_state, guest_state = RemoteState(host.table.store), RemoteState(guest.table.store)
        host_state.start_host(_fields(access["host"]), _fields(access["guest"]), "B", "dreamblade")
        nonce: list[str] = []

        def code_for(new: str) -> str:
            nonce.append(new)
            return f"bench-{new}"  # a stand-in: the guest's session is written here, not joined

        host_state.new_invite(code_for)
        guest_state.start_guest(_fields(access["guest"]), "B", nonce[0], f"bench-{nonce[0]}")
        host.runtime.start_remote()
        guest.runtime.start_remote()
        deadline = time.monotonic() + SETTLE
        while not _playing(host.table, guest.table):
            if time.monotonic() > deadline:
                raise TimeoutError("the tables did not link")
            time.sleep(0.05)
        yield host, guest
    finally:
        host.runtime.stop()
        guest.runtime.stop()
        for proxy in proxies:
            proxy.close()


def _fields(access: BrokerAccess) -> dict[str, object]:
    return {
        "host": access.host, "port": access.port, "username": access.username,
        "password": access.password, "room": access.room, "pin": access.pin, "cafile": None,
    }  # fmt: skip


def _playing(host: Table, guest: Table) -> bool:
    """Both linked and unpaused, the guest at the host's version (of its own copy of the game)."""
    return (
        host.held is None
        and guest.held is None
        and host.version == guest.version
        and all((t.state()["remote"] or {}).get("partner") == "online" for t in (host, guest))
    )


# -- the game -------------------------------------------------------------------------------------


def play(host: Watched, guest: Watched, actions: int, seed: int) -> Measured:
    """``actions`` random legal actions, each from its own seat's table; per direction, seconds
    from the proposal to the other table's LED frame (the host plays seat A, the guest B)."""
    game = starting_game(table_settings())
    assert isinstance(game, DreambladeGame)
    rng = random.Random(seed)
    measured = Measured({"host → guest": [], "guest → host": []})
    for _ in range(actions):
        if game.winner() is not None:
            break
        action = random_action(game, rng)
        seat = game.seat_for(action) or "A"
        here, there = (host, guest) if seat == "A" else (guest, host)
        while guest.table.version != host.table.version:  # one action in flight at a time
            time.sleep(0.005)
        version = here.table.version
        started = time.monotonic()
        accepted = here.table.submit(seat, str(action), version=version)
        shown = there.frame_after(accepted.version)
        game.push(action)
        key = "host → guest" if here is host else "guest → host"
        measured.latencies[key].append(shown - started)
    return measured


@dataclass
class Measured:
    latencies: dict[str, list[float]]  # direction → seconds, one per action


def report(label: str, measured: Measured) -> None:
    latencies = measured.latencies
    both = sorted(t for values in latencies.values() for t in values)
    print(f"  {label}:")
    for key, values in [*latencies.items(), ("both ways", both)]:
        ordered = sorted(values)
        if not ordered:
            print(f"    {key:>13}: no actions")
            continue
        print(
            f"    {key:>13}: p50 {1000 * statistics.median(ordered):6.0f} ms   "
            f"p95 {1000 * percentile(ordered, 0.95):6.0f} ms   "
            f"max {1000 * ordered[-1]:6.0f} ms   ({len(ordered)} actions)"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--delay", type=float, default=100.0, help="ms added each way")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory(prefix="bench-remote-") as name:
        folder = Path(name)
        plan = RemoteBroker(folder / "broker", "127.0.0.1", port=free_port(), listen="127.0.0.1")
        secrets = write_broker(plan)
        broker = start_broker(plan)
        try:
            print(
                f"one table's action → the other table's LED frame, {args.actions} actions "
                f"(random legal Dreamblade, seed {args.seed}), Mosquitto with TLS"
            )
            results: dict[float, Measured] = {}
            load = [os.getloadavg()[0]]
            for delay in (0.0, args.delay):
                with linked_tables(folder / f"delay-{delay:g}", plan, secrets, delay) as tables:
                    results[delay] = play(*tables, args.actions, args.seed)
                load.append(os.getloadavg()[0])
            print(
                "  (the machine's load average, 1 min: "
                + " → ".join(f"{value:.1f}" for value in load)
                + f" on {os.cpu_count()} CPUs; a busy machine stretches the tail)"
            )
            report("baseline: the same proxies adding no delay (goal p95 ≤ 30 ms)", results[0.0])
            report(f"over links adding {args.delay:g} ms each way (goal p95 ≤ 300 ms)",
                   results[args.delay])  # fmt: skip
        finally:
            stop_broker(broker)


if __name__ == "__main__":
    main()
