"""Benchmark: how long until every phone has an update, and what the phones cost the server.

The panel runs in its own process (the real threaded server and the SSE endpoint, as on the
table); N stream clients connect over loopback from this one. Timed: from the judge's POST of an
action (the engine applies it, the store writes it durably) until the last client has received the
new state. Reported beside each case: the server process's resident memory and thread count with
the N clients connected (read from /proc). Cases measured in the same run: 1 client (the
baseline), 30 clients and 200 clients. The game is the Dreamblade engine's demo script. Prints
figures only. Target (issue 15): p95 with 200 clients ≤ 100 ms.
Run: .venv/bin/python bench/panel.py"""

from __future__ import annotations

import http.client
import json
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from companion.games.dreamblade.demo_game import DEMO_ACTIONS

ACTIONS = 60
PIN = "918273"

# The panel process: a table with the demo game, served on a free port (printed), until stdin ends.
SERVER = """
import logging, sys
from pathlib import Path
from companion.games.dreamblade.demo_game import demo_game
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from web_panel import create_app, serve

logging.getLogger("werkzeug").setLevel(logging.WARNING)
folder = Path(sys.argv[1])
setup = demo_game().record()
setup.pop("actions")
table = Table.new_game(Store(folder / "bench.sqlite3"), "dreamblade", setup)
settings = Settings(data_dir=folder, panel={"judge_pin": sys.argv[2]})
server = serve(create_app(table, settings), "127.0.0.1", 0).start_in_thread()
print(server.server.port, flush=True)
sys.stdin.read()
server.stop()
"""


class Phones(threading.Thread):
    """N phones' event streams, read by one thread over non-blocking sockets (so the bench's own
    threads don't compete with the server's): records when each state version reached each."""

    def __init__(self, port: int, count: int, arrivals: dict[int, list[float]]):
        super().__init__(daemon=True)
        self._arrivals = arrivals
        self.lock = threading.Condition()
        self._selector = selectors.DefaultSelector()
        self._buffers: dict[socket.socket, bytes] = {}
        self._done = threading.Event()
        self.connected = threading.Event()
        self._waiting = count
        request = b"GET /api/stream HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"
        for _ in range(count):
            phone = socket.create_connection(("127.0.0.1", port))
            phone.sendall(request)
            phone.setblocking(False)
            self._selector.register(phone, selectors.EVENT_READ)
            self._buffers[phone] = b""

    def run(self) -> None:
        while not self._done.is_set():
            for key, _ in self._selector.select(timeout=0.2):
                phone = key.fileobj
                assert isinstance(phone, socket.socket)
                chunk = phone.recv(65536)
                arrived = time.perf_counter()
                lines = (self._buffers[phone] + chunk).split(b"\n")
                self._buffers[phone] = lines.pop()
                for line in lines:
                    if line.startswith(b"id: "):  # the view itself is not read: only its arrival
                        self._arrived(int(line[4:].split(b".")[1]), arrived)

    def _arrived(self, version: int, at: float) -> None:
        with self.lock:
            seen = self._arrivals.setdefault(version, [])
            seen.append(at)
            if version == 0 and len(seen) == self._waiting:
                self.connected.set()
            self.lock.notify_all()

    def close(self) -> None:
        self._done.set()
        self.join()
        for phone in self._buffers:
            self._selector.unregister(phone)
            phone.close()


class Judge:
    """The judge's phone: logged in, proposing actions through the API."""

    def __init__(self, port: int) -> None:
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        me = self._call("GET", "/api/me")
        self._csrf = me["csrf"]
        self._call("POST", "/api/judge/login", {"pin": PIN})
        state = self._call("GET", "/api/state")
        self.game_id, self.version = state["game_id"], state["version"]

    def _call(self, method: str, path: str, body: dict | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if hasattr(self, "_cookie"):
            headers["Cookie"] = self._cookie
        if hasattr(self, "_csrf"):
            headers["X-CSRF-Token"] = self._csrf
        data = json.dumps(body) if body is not None else None
        self._connection.request(method, path, body=data, headers=headers)
        response = self._connection.getresponse()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self._cookie = cookie.split(";", 1)[0]
        answer: dict = json.loads(response.read())
        if response.status != 200:
            raise RuntimeError(f"{path}: {answer}")
        return answer

    def act(self, text: str) -> int:
        body = {"action": text, "version": self.version, "game_id": self.game_id}
        self.version = self._call("POST", "/api/actions", body)["version"]
        return self.version


def server_figures(pid: int) -> tuple[float, int]:
    """The server process's resident memory (MiB) and thread count."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["Threads"])


def measure(clients: int) -> tuple[list[float], tuple[float, int], tuple[float, int]]:
    """Seconds from submit to the last of ``clients`` having the update, per action; and the
    server's (memory, threads) before the clients came and with them connected."""
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, folder, PIN],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert server.stdout is not None and server.stdin is not None
        port = int(server.stdout.readline())
        idle = server_figures(server.pid)
        arrivals: dict[int, list[float]] = {}
        phones = Phones(port, clients, arrivals)
        phones.start()
        phones.connected.wait(timeout=60)
        lock = phones.lock
        judge = Judge(port)
        latencies = []
        for text in DEMO_ACTIONS[:ACTIONS]:
            started = time.perf_counter()
            version = judge.act(text)
            with lock:
                lock.wait_for(lambda v=version: len(arrivals.get(v, [])) == clients, 30)
                latencies.append(max(arrivals[version]) - started)
        loaded = server_figures(server.pid)
        phones.close()
        server.stdin.close()
        server.wait(timeout=30)
        return latencies, idle, loaded


def _summary(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms"


def main() -> None:
    print(f"panel stream: submit → every client has the update ({ACTIONS} actions, loopback)")
    print("                          latency                           server RSS     threads")
    for clients, label in ((1, "(baseline)"), (30, ""), (200, "")):
        latencies, (idle_mib, idle_threads), (mib, threads) = measure(clients)
        print(
            f"  {clients:3d} client{'s' if clients > 1 else ' '} {label:10s}: {_summary(latencies)}"
            f"   {mib:6.1f} MiB    {threads:4d}   (idle: {idle_mib:.1f} MiB, {idle_threads})"
        )


if __name__ == "__main__":
    main()
