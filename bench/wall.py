"""Benchmark: what the spectator wall downloads per poll (``/api/event?boards=1``, every 2 s) for
a 32-table event. Each table is a real ``Table`` (SQLite store) that played the Dreamblade demo
into its third turn, its spectator view built as a table running its panel builds it; the hub's
event has 64 players in round 1. Baseline, measured in the same run: the whole answer with every
table's view (what a wall pulled on every poll before views were tagged, and what a new wall
still pulls once). Then the answers of a wall that sends the tags it holds, with 0, 1, 4 and
32 tables having moved since its last poll: first the boards' tags only (the event — round,
standings, players — sent again on every poll, as before the event was tagged; the baseline of
the event's tag, same run), then the boards' tags and the event's. Prints figures only.
Run: .venv/bin/python -P bench/wall.py [--tables 32]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings, SeatSettings
from companion.table.store import Store
from companion.table.table import JUDGE, Table
from web_panel.hub.app import create_hub_app
from web_panel.view import spectator_view

PLAYED = DEMO_ACTIONS.index("move A:pearlthorn-gargoyle#1 a4")  # well into the third turn


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--polls", type=int, default=20, help="polls timed per case")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        run(Path(folder), args.tables, args.polls)


def run(folder: Path, count: int, polls: int) -> None:
    names = [f"table-{n}" for n in range(1, count + 1)]
    tournament = Tournament(Journal(folder / "hub.sqlite3"))
    tournament.set_tables(names)
    for n in range(2 * count):
        tournament.check_in(f"Player {n + 1:02d} Montgomery-Fairweather")
    tournament.start_round()
    away = HubSettings(mqtt_host="127.0.0.1", mqtt_port=9)  # no broker: the test sets the views
    station = HubStation(away, tournament)
    tables: dict[str, Table] = {}
    seated: dict[str, dict[str, SeatSettings]] = {}
    for index, name in enumerate(names):
        table = Table.start(Store(folder / f"{name}.sqlite3"), demo_game())
        for text in DEMO_ACTIONS[:PLAYED]:
            table.submit(JUDGE, text)
        tables[name] = table
        seats = seated[name] = {
            "A": SeatSettings(name=f"Player {2 * index + 1:02d}", colour="#0072B2"),
            "B": SeatSettings(name=f"Player {2 * index + 2:02d}", colour="#E69F00"),
        }
        station.tables[name] = {"table": name, "view": spectator_view(table, seats)}
    app = create_hub_app(tournament, station, secret_key="bench", data_dir=folder, testing=True)
    client = app.test_client()

    def poll(
        seen: dict[str, str] | None, event_tag: str | None = None
    ) -> tuple[int, float, dict[str, Any]]:
        url = "/api/event?boards=1"
        if seen:
            url += "&seen=" + quote(",".join(f"{n}:{t}" for n, t in seen.items()))
        if event_tag:
            url += f"&event_seen={event_tag}"
        started = time.perf_counter()
        answer = client.get(url)
        return len(answer.data), time.perf_counter() - started, answer.get_json()

    def timed(seen: dict[str, str] | None, event_tag: str | None = None) -> tuple[int, float]:
        sizes, times = [], []
        for _ in range(polls):
            size, took, _ = poll(seen, event_tag)
            sizes.append(size)
            times.append(took)
        return sizes[-1], statistics.median(times) * 1000

    view_bytes = statistics.median(
        len(client.application.json.dumps(s["view"])) for s in station.tables.values()
    )
    print(f"{count} tables, 64 players, round 1; one spectator view ≈ {view_bytes / 1024:.1f} kB")
    full, full_ms = timed(None)
    print(f"baseline, every view on every poll: {full / 1024:7.1f} kB per poll  ({full_ms:.1f} ms)")
    _, _, first = poll(None)
    held = {t["name"]: t["view_tag"] for t in first["tables"]}
    event_tag = first["event_tag"]
    event_part = len(client.application.json.dumps(
        {k: v for k, v in first.items() if k not in ("clock", "tables")}
    ))  # fmt: skip
    print(f"the event's tagged part (round, standings, players…): {event_part / 1024:.1f} kB")
    quiet = (0, 0)
    for moved in (0, 1, 4, count):
        for name in names[:moved]:  # these tables take their next action since the wall's poll
            table = tables[name]
            table.submit(JUDGE, DEMO_ACTIONS[len(table.snapshot().actions)])
            station.tables[name] = {"table": name, "view": spectator_view(table, seated[name])}
        before, before_ms = timed(held)
        size, took = timed(held, event_tag)
        print(f"{moved:2d} tables moved: board tags only {before / 1024:6.1f} kB "
              f"({before_ms:.1f} ms, {100 * before / full:.0f} % of every view); "
              f"board and event tags {size / 1024:6.1f} kB "
              f"({took:.1f} ms, {100 * size / full:.0f} %)")  # fmt: skip
        _, _, answer = poll(held, event_tag)
        assert answer.get("event_unchanged"), "the event did not change between these polls"
        held = {t["name"]: t["view_tag"] for t in answer["tables"]}
        if moved == 0:
            quiet = (before, size)
    mb_minute = 30 * full / 1e6
    print(f"one wall, a 2 s poll: every view {mb_minute:.1f} MB per minute; while nothing moves, "
          f"board tags only {30 * quiet[0] / 1e3:.0f} kB, board and event tags "
          f"{30 * quiet[1] / 1e3:.0f} kB per minute")  # fmt: skip
    station.close()
    for table in tables.values():
        table.store.close()
    tournament.journal.close()


if __name__ == "__main__":
    main()
