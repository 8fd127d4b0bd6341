"""Remote play meets a map value nobody gave: at a conquest on the shipped default map (most key
cells' printed values unknown), each player reads the value off their own printed map and says it
on their own table's phone. The seats' numbers meet at the host's panel (the guest's through the
link), as two phones at one table would: the same number is pushed once and both tables follow;
two different numbers push nothing. Two tables run as ``companion run`` runs them, with the broker
``companion remote broker`` writes (real Mosquitto, TLS, the generated accounts)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.app.runtime import TableRuntime
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.app.remote_tables import Phone
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.tables import remote_broker_section, stop_table
from tests.web_panel.map_agreement_table import table_waiting_for_a_value


def _host_at_a_conquest(folder: Path, remote: dict[str, Any]) -> TableRuntime:
    """A host table on the default map whose game waits for an unknown key cell's value."""
    scratch = table_waiting_for_a_value(folder / "scratch")
    record = scratch.store.record(scratch.game_id)
    scratch.store.close()
    actions = record.pop("actions")
    settings = Settings.model_validate(
        {"data_dir": str(folder / "host"), "game": "dreamblade", "remote": remote}
    )
    settings.data_dir.mkdir(parents=True)
    table = Table.new_game(Store(settings.store_path), "dreamblade", record)
    for text in actions:
        table.submit(JUDGE, text)
    runtime = TableRuntime(settings, table)
    runtime.start_panel(host="127.0.0.1", port=0)
    return runtime


def _guest(folder: Path) -> TableRuntime:
    settings = Settings.model_validate({"data_dir": str(folder), "game": "dreamblade"})
    folder.mkdir(parents=True)
    table = Table.start(Store(settings.store_path), starting_game(settings))
    runtime = TableRuntime(settings, table)
    runtime.start_panel(host="127.0.0.1", port=0)
    return runtime


@pytest.mark.process
def test_the_seats_map_values_meet_at_the_host_across_two_tables(tmp_path: Path):
    with remote_broker_section(tmp_path) as remote:
        host = _host_at_a_conquest(tmp_path, remote)
        guest = _guest(tmp_path / "guest")
        try:
            code = host.start_remote().invite()
            guest.start_remote().join(code)
            tables = (host.table, guest.table)
            assert wait_for(lambda: all(t.held is None for t in tables), seconds=20)
            assert wait_for(lambda: guest.table.version == host.table.version)
            assert host.panel_url is not None and guest.panel_url is not None
            at_host, at_guest = Phone(host.panel_url, "A"), Phone(guest.panel_url, "B")
            state = at_guest.get("/api/state")
            details = state["pending"]["details"]
            cell, (low, high) = details["unknown_values"][0], details["value_range"]
            before = host.table.version

            # different numbers: nothing is pushed at either table
            said = at_guest.post("/api/map_value", {"cell": cell, "value": low})
            assert said == (200, {"cell": cell, "outcome": "waiting"})
            said = at_host.post("/api/map_value", {"cell": cell, "value": high})
            assert said == (200, {"cell": cell, "outcome": "disagreed"})
            assert host.table.version == guest.table.version == before

            # the guest's player reads again and says the host's number: pushed once, followed
            said = at_guest.post("/api/map_value", {"cell": cell, "value": high})
            assert said == (200, {"cell": cell, "outcome": "agreed"})
            assert host.table.version == before + 1
            assert wait_for(lambda: guest.table.version == before + 1)
            pushed = f"value {cell} {high}"
            assert host.table.log()[-1]["action"] == guest.table.log()[-1]["action"] == pushed
            # a value outside the printed range is refused at the guest, nothing sent
            status, refused = at_guest.post("/api/map_value", {"cell": cell, "value": high + 99})
            assert status in (400, 409), refused
            assert host.table.version == before + 1
        finally:
            stop_table(guest)
            stop_table(host)
