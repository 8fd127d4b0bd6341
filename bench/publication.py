"""Benchmark: what one accepted action costs a tournament table's publication path.

A Dreamblade table with its panel and its hub link (the broker away: messages are counted where
the link hands them to the publisher) plays the demo game's actions. Per action it counts the
hub state messages built, ``action_applied`` events on the bus, reads of the whole log from the
store and ``Table.state()`` builds, and times the submit (publication included, synchronous).
Run it against this tree and against another (the baseline) in the same session, e.g.:
  PYTHONPATH=/work/main .venv/bin/python -P bench/publication.py     (baseline)
  PYTHONPATH=$PWD     .venv/bin/python -P bench/publication.py     (this tree)
Prints figures only; the wall-clock times include the store's fsync and are noisy on a shared
machine, the counts and the CPU time are not.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.hub.publisher import TablePublisher
from companion.hub.table_link import TableLink
from companion.settings import HubSettings, Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from web_panel import create_app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=len(DEMO_ACTIONS))
    actions = DEMO_ACTIONS[: parser.parse_args().actions]
    counts = {"states": 0, "applied": 0, "log_reads": 0, "state_builds": 0}

    def count(key: str, original: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            counts[key] += 1
            return original(*args, **kwargs)

        return counted

    TablePublisher.publish_state = count("states", TablePublisher.publish_state)  # type: ignore[method-assign]
    Store.log = count("log_reads", Store.log)  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory(prefix="bench-publication-") as folder:
        hub = HubSettings(mqtt_host="127.0.0.1", mqtt_port=9)  # nobody listens: nothing sent
        settings = Settings(table_name="table-1", data_dir=Path(folder), hub=hub)
        table = Table.start(Store(settings.store_path), demo_game())
        table.state = count("state_builds", table.state)  # type: ignore[method-assign]
        app = create_app(table, settings, secret_key="bench", testing=True)
        panel = app.extensions["panel"]
        link = TableLink(settings, table, watch=panel.spectator_view)
        table.bus.subscribe(
            lambda _e: counts.__setitem__("applied", counts["applied"] + 1), {"action_applied"}
        )
        for key in counts:
            counts[key] = 0
        times, cpu = [], []
        for action in actions:
            start, start_cpu = time.perf_counter(), time.process_time()
            table.submit(JUDGE, action)
            panel.feed.current()  # the phones' view of the new version, as the stream builds it
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        link.close()
        panel.close()
    n = len(actions)
    print(f"{n} actions")
    for key, value in counts.items():
        print(f"  {key:>12}: {value / n:.2f} per action")
    print(
        f"  CPU (this process) per action: median {statistics.median(cpu) * 1000:.2f} ms, "
        f"total {sum(cpu):.2f} s"
    )
    print(
        f"  submit + views: median {statistics.median(times) * 1000:.2f} ms, "
        f"p95 {sorted(times)[int(0.95 * (n - 1))] * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
