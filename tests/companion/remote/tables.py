"""Running tables for remote play tests: the broker ``companion remote broker`` writes (real
Mosquitto, TLS, the generated accounts) and ``TableRuntime``s with their panel and remote link,
started as ``companion run`` starts them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.app.runtime import TableRuntime
from companion.remote.broker import RemoteBroker, host_section, start_broker, stop_broker
from companion.remote.broker import write_broker as write_remote_broker
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port


@contextmanager
def remote_broker_section(folder: Path) -> Iterator[dict[str, Any]]:
    """A running broker; yields the host table's ``remote:`` settings for it."""
    plan = RemoteBroker(folder / "broker", "127.0.0.1", port=free_port(), listen="127.0.0.1")
    found = write_remote_broker(plan)
    process = start_broker(plan)
    try:
        yield host_section(plan, found)
    finally:
        stop_broker(process)


def running_table(folder: Path, remote: dict[str, Any] | None, start: int = 0) -> TableRuntime:
    """A counter-game table (its store's game, else a new one from ``start``) with its panel on a
    free loopback port and its remote session started."""
    settings = Settings.model_validate(
        {"data_dir": str(folder), "game": "test-counter", **({"remote": remote} if remote else {})}
    )
    store = Store(settings.store_path)
    table = Table.resume(store) or Table.new_game(
        store, "test-counter", {"version": 1, "start": start}
    )
    runtime = TableRuntime(settings, table)
    runtime.start_panel(host="127.0.0.1", port=0)
    runtime.start_remote()
    return runtime


def stop_table(runtime: TableRuntime) -> None:
    runtime.stop()
    runtime.table.store.close()
