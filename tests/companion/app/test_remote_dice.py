"""Remote play's shared virtual dice across every room: two tables run as ``companion run`` runs
them (``TableRuntime``: store, panel served over HTTP, remote link), the broker ``companion remote
broker`` writes (real Mosquitto, TLS, the generated accounts). The guest's seated phone taps "Roll
for me" (``POST /api/roll`` over HTTP): the guest proposes a roll, the host's kit rolls, and both
tables log the same dice as that seat's; a roll when nothing is to be rolled changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from tests.companion.app.remote_tables import Phone, dreamblade_runtime
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.tables import remote_broker_section, stop_table

STRIKE_DICE = DEMO_ACTIONS.index("dice 2,3,3,blade")  # seat B's attack dice in turn 3


@pytest.mark.process
def test_a_guest_phones_roll_is_rolled_by_the_host_and_both_tables_log_it(tmp_path: Path):
    with remote_broker_section(tmp_path) as remote:
        host = dreamblade_runtime(tmp_path / "host", remote, STRIKE_DICE)
        guest = dreamblade_runtime(tmp_path / "guest", None, 0)
        try:
            code = host.start_remote().invite()
            guest.start_remote().join(code)
            tables = (host.table, guest.table)
            assert wait_for(lambda: all(t.held is None for t in tables), seconds=20)
            assert wait_for(lambda: guest.table.version == host.table.version)
            assert guest.table.state()["remote"]["seat"] == "B"
            assert host.panel_url is not None and guest.panel_url is not None
            phone = Phone(guest.panel_url, "B")
            before = host.table.version
            status, rolled = phone.roll()
            assert status == 200, rolled
            assert rolled["version"] == before + 1 and rolled["action"].startswith("dice ")
            assert len(rolled["action"].split()[1].split(",")) == 4
            at_host, at_guest = host.table.log()[-1], guest.table.log()[-1]
            assert at_host["action"] == at_guest["action"] == rolled["action"]
            assert at_host["seat"] == at_guest["seat"] == "B"
            assert phone.get("/api/state")["log"][-1]["action"] == rolled["action"]
            status, refused = phone.roll()  # B now splits the damage: nothing to roll
            assert (status, refused["error"]) == (409, "nothing_to_roll")
            assert host.table.version == guest.table.version == before + 1
        finally:
            stop_table(guest)
            stop_table(host)
