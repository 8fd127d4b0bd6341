"""Benchmark: how long until every phone has an update. With N stream clients connected to the
panel over loopback (the real threaded server and the SSE endpoint), time from submitting an
action to the table (the engine applies it and the store writes it durably) until the last client
has received the new state. Baseline measured in the same run: one client. The game is the
Dreamblade engine's demo script. Prints figures only.
Run: .venv/bin/python bench/panel.py"""

from __future__ import annotations

import http.client
import logging
import statistics
import tempfile
import threading
import time
from pathlib import Path

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import JUDGE, Table
from web_panel import create_app, serve

ACTIONS = 60


class Client(threading.Thread):
    """One phone's event stream: records when each state version arrived."""

    def __init__(self, port: int, arrivals: dict[int, list[float]], lock: threading.Condition):
        super().__init__(daemon=True)
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self._arrivals = arrivals
        self._lock = lock
        self.ready = threading.Event()

    def run(self) -> None:
        self._connection.request("GET", "/api/stream")
        response = self._connection.getresponse()
        for raw in response:
            line = raw.decode("utf-8").rstrip("\n")
            if not line.startswith("id: "):
                continue
            version = int(line[4:].split(".")[1])
            with self._lock:
                self._arrivals.setdefault(version, []).append(time.perf_counter())
                self._lock.notify_all()
            self.ready.set()

    def close(self) -> None:
        self._connection.close()


def measure(clients: int) -> list[float]:
    """Seconds from submit to the last of ``clients`` having the update, per action."""
    with tempfile.TemporaryDirectory() as folder:
        setup = demo_game().record()
        setup.pop("actions")
        table = Table.new_game(Store(Path(folder) / "bench.sqlite3"), "dreamblade", setup)
        app = create_app(table, Settings(data_dir=Path(folder)), secret_key="bench")
        server = serve(app, "127.0.0.1", 0).start_in_thread()
        arrivals: dict[int, list[float]] = {}
        lock = threading.Condition()
        phones = [Client(server.server.port, arrivals, lock) for _ in range(clients)]
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.ready.wait(timeout=30)
        latencies = []
        for text in DEMO_ACTIONS[:ACTIONS]:
            started = time.perf_counter()
            accepted = table.submit(JUDGE, text)
            with lock:
                lock.wait_for(lambda v=accepted.version: len(arrivals.get(v, [])) == clients, 30)
                latencies.append(max(arrivals[accepted.version]) - started)
        for phone in phones:
            phone.close()
        server.stop()
        table.store.close()
        return latencies


def _summary(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms"


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no access log per stream
    print(f"panel stream: submit → every client has the update ({ACTIONS} actions, loopback)")
    baseline = measure(1)
    print(f"   1 client  (baseline): {_summary(baseline)}")
    crowd = measure(30)
    print(f"  30 clients           : {_summary(crowd)}")


if __name__ == "__main__":
    main()
