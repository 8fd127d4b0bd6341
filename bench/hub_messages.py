"""Benchmark: what checking a table's message costs the hub (issue 24's "validated before use").
A real table (SQLite store) plays the Dreamblade demo into its third turn; its state message is
built as a table running its panel builds it (summary and spectator view). Timed per message:
the hub's read — size, depth on the raw bytes, then the strict schema (``messages.read_kind``)
— beside the baseline measured in the same run, the ``json.loads`` the hub did before (which a
message nested 100,000 deep stopped with a ``RecursionError``). Also timed: refusing that deep
message and a wrongly typed result. Prints figures only.
Run: .venv/bin/python -P bench/hub_messages.py [--repeats 2000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.hub import messages as msg
from companion.hub.publisher import table_summary
from companion.json_limits import json_depth
from companion.settings import SeatSettings
from companion.table.store import Store
from companion.table.table import JUDGE, Table
from web_panel.view import spectator_view

PLAYED = DEMO_ACTIONS.index("move A:pearlthorn-gargoyle#1 a4")  # well into the third turn


def per_call(repeats: int, work: Callable[[], object]) -> float:
    """Median microseconds of ``work`` over 5 batches of ``repeats`` calls."""
    batches = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(repeats):
            work()
        batches.append((time.perf_counter() - started) / repeats)
    return statistics.median(batches) * 1e6


def refused(payload: bytes, kind: str) -> Callable[[], None]:
    def work() -> None:
        try:
            msg.read_kind(kind, payload, msg.TABLE_MESSAGES)
        except msg.Unreadable:
            return
        raise AssertionError("read an unreadable message")

    return work


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=2000)
    repeats = parser.parse_args().repeats
    with tempfile.TemporaryDirectory() as folder:
        table = Table.start(Store(Path(folder) / "t.sqlite3"), demo_game())
        for text in DEMO_ACTIONS[:PLAYED]:
            table.submit(JUDGE, text)
        seats = {
            "A": SeatSettings(name="Ann", colour="#0072B2"),
            "B": SeatSettings(name="Ben", colour="#E69F00"),
        }
        summary = table_summary("table-1", table.state(), table.read(lambda g: g.summary()))
        summary["view"] = spectator_view(table, seats)
        payload = msg.TableState.model_validate(summary, strict=False).payload().encode()
        table.store.close()
    print(f"a table's state message: {len(payload) / 1024:.1f} kB, nested "
          f"{json_depth(payload)} deep")  # fmt: skip
    baseline = per_call(repeats, lambda: json.loads(payload.decode("utf-8")))
    checked = per_call(repeats, lambda: msg.read_kind("state", payload, msg.TABLE_MESSAGES))
    print(f"baseline, json.loads (no checks):        {baseline:8.1f} µs per message")
    print(f"read: size, depth, strict schema:        {checked:8.1f} µs per message")
    deep = b"[" * 100_000 + b"]" * 100_000
    wrong = b'{"match": [1], "outcome": "a"}'
    print(
        f"refused, nested 100,000 deep (200 kB):   {per_call(20, refused(deep, 'state')):8.1f} µs"
    )
    listed = per_call(repeats, refused(wrong, "result"))
    print(f"refused, a result whose match is a list: {listed:8.1f} µs")


if __name__ == "__main__":
    main()
