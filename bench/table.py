"""Benchmark: from a committed BoardChange to the LEDs and to the phones, beside the vision frame.

A table runs as ``companion run`` wires it (virtual LEDs driven by the lights thread at its frame
rate, the phone panel on loopback with one stream client). Each round, the camera commits a
board on which a creature moved one cell during a shift; the reconciler turns it into a ``move``,
the engine applies it and the store writes it durably. Measured per round: until the LED chain
was sent a new frame, and until the phone received the new state. The judge then takes the move
back so the next round repeats it. In the same run: the vision pipeline's time for one settled
frame of the simulated table (what the camera costs per frame). Prints figures only.
Run: .venv/bin/python -P bench/table.py [--rounds N]   (-P: bench/vision.py must not shadow vision)
"""

from __future__ import annotations

import argparse
import http.client
import logging
import statistics
import tempfile
import threading
import time
from pathlib import Path

from companion.app.runtime import TableRuntime
from companion.camera.loop import CameraLoop
from companion.camera.reconciler import default_registry
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.settings import LightsSettings, Settings
from companion.simulation.simulated_table import SimulatedTable
from companion.table.store import Store
from companion.table.table import JUDGE, Table
from vision.board_change import BoardChange
from vision.camera import ResilientCamera, SynthSource
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.tags import make_reader

MOVE = "move A:sir-glorious#1 b1"


def stats(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms"


def stream_arrivals(port: int, arrivals: dict[int, float], cond: threading.Condition) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/api/stream")
    for raw in connection.getresponse():
        line = raw.decode("utf-8")
        if line.startswith("id: "):
            with cond:
                arrivals[int(line[4:].split(".")[1])] = time.perf_counter()
                cond.notify_all()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40)
    rounds = parser.parse_args().rounds
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    folder = Path(tempfile.mkdtemp(prefix="bench-table-"))
    settings = Settings(data_dir=folder, lights=LightsSettings(backend="virtual"))
    table = Table.start(Store(settings.store_path), demo_game())
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index(MOVE)]:
        table.submit(table.read(lambda g: g.pending().seat) or JUDGE, text)

    runtime = TableRuntime(settings, table)
    driver = runtime.start_lights()
    shown: list[float] = []
    driver.lights.subscribe(lambda _frame: shown.append(time.perf_counter()))  # type: ignore[attr-defined]
    url = runtime.start_panel(host="127.0.0.1", port=0)
    arrivals: dict[int, float] = {}
    cond = threading.Condition()
    port = int(url.rsplit(":", 1)[1])
    threading.Thread(target=stream_arrivals, args=(port, arrivals, cond), daemon=True).start()

    registry = default_registry(table.read(lambda g: list(g.setup.pieces)))
    tag_of = {piece: tag for tag, piece in registry.items()}
    sim = SimulatedTable(registry)
    loop = CameraLoop(
        table,
        ResilientCamera(SynthSource(frames=[])),
        make_reader("zxing"),
        registry,
        FIVE_BY_FIVE_MAP,
    )
    frames = list(sim.put("A:sir-glorious#1", "a1"))
    vision_ms = []
    for frame in frames:
        started = time.perf_counter()
        loop.process(frame)
        vision_ms.append(time.perf_counter() - started)

    moved = BoardChange(board={tag_of["A:sir-glorious#1"]: "b1"})
    to_leds, to_phone = [], []
    time.sleep(0.5)
    for _ in range(rounds):
        before_frames = len(shown)
        started = time.perf_counter()
        loop.apply(moved)
        version = table.version
        with cond:
            cond.wait_for(lambda v=version: v in arrivals, 10)
        to_phone.append(arrivals[version] - started)
        deadline = time.perf_counter() + 2
        while len(shown) == before_frames and time.perf_counter() < deadline:
            time.sleep(0.0005)
        to_leds.append(shown[before_frames] - started)
        table.undo(JUDGE)
        time.sleep(0.1)
    runtime.stop()

    print(f"table latency over {rounds} camera-committed moves (loopback, virtual LEDs)")
    print(f"  BoardChange → LED frame sent : {stats(to_leds)} (lights woken by the event)")
    print(f"  BoardChange → phone updated  : {stats(to_phone)}")
    print(f"  baseline: vision pipeline per frame (1300×1300 simulated table): {stats(vision_ms)}")


if __name__ == "__main__":
    main()
