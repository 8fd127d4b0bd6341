"""The opponent's move on a remote table's LEDs, across every room: two tables run as
``companion run`` runs them, linked through the broker ``companion remote broker`` writes (real
Mosquitto, TLS, the generated accounts). The host's player (seat A) moves; at the guest (seat B)
seat A's miniatures are not on the map, so the guest's LEDs play the move from cell to cell and
then light the cell in A's colour."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.lights.base import ShownFrame
from companion.lights.colours import Palette, scaled
from companion.lights.scenes import absent_level
from tests.companion.app.remote_tables import dreamblade_runtime
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.tables import remote_broker_section, stop_table

MOVE = DEMO_ACTIONS.index("move A:sir-glorious#1 b1")  # seat A's first shift, from its portal


def _near(shown: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    """The mirror's colour is the frame's give or take 8-bit rounding of gamma and brightness."""
    return all(abs(a - b) <= 8 for a, b in zip(shown, wanted, strict=True))


@pytest.mark.process
def test_the_hosts_move_plays_on_the_guests_leds(tmp_path: Path):
    blue = Palette().seat("A")
    lights = {"backend": "virtual"}
    with remote_broker_section(tmp_path) as remote:
        host = dreamblade_runtime(tmp_path / "host", remote, MOVE, lights=lights)
        guest = dreamblade_runtime(tmp_path / "guest", None, 0, lights=lights)
        try:
            code = host.start_remote().invite()
            guest.start_remote().join(code)
            assert wait_for(lambda: guest.table.version == host.table.version == MOVE, 20)
            assert wait_for(lambda: host.table.held is None and guest.table.held is None)
            chain = guest.start_lights().lights
            lifted, landed = threading.Event(), threading.Event()

            def seen(frame: ShownFrame) -> None:
                a1, b1 = frame.cells["a1"], frame.cells["b1"]
                if _near(a1, blue) and b1 == (0, 0, 0):  # the from-cell at full, b1 dark
                    lifted.set()
                if lifted.is_set() and _near(b1, scaled(blue, absent_level(1))):
                    landed.set()

            chain.subscribe(seen)
            one_there = scaled(blue, absent_level(1))
            assert wait_for(lambda: chain.latest is not None)
            assert chain.latest is not None and _near(chain.latest.cells["a1"], one_there)
            host.table.submit("A", "move A:sir-glorious#1 b1", version=MOVE)
            assert lifted.wait(timeout=20) and landed.wait(timeout=20)
            assert guest.table.log()[-1]["action"] == "move A:sir-glorious#1 b1"
        finally:
            stop_table(guest)
            stop_table(host)
