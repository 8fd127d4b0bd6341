from __future__ import annotations

from companion.games.dreamblade.demo_game import demo_game
from companion.table.seats_here import absent_at, absent_seats
from companion.table.store import Store
from companion.table.table import Table


def test_a_normal_table_has_every_seat_here():
    assert absent_seats(None, ("A", "B")) == frozenset()


def test_the_host_misses_the_guests_seat_and_the_guest_every_other_seat():
    assert absent_seats({"role": "host", "seat": "B"}, ("A", "B")) == {"B"}
    assert absent_seats({"role": "guest", "seat": "B"}, ("A", "B")) == {"A"}
    assert absent_seats({"role": "guest", "seat": "A"}, ("A", "B")) == {"B"}


def test_a_table_without_a_remote_session_misses_nobody(tmp_path):
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    assert absent_at(table) == frozenset()


def test_a_remote_tables_state_names_the_seat_played_at_the_other_table(tmp_path):
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    block = {"role": "guest", "seat": "B", "partner": "online", "connected": True, "names": {}}
    table.set_remote(block)
    assert absent_at(table) == {"A"}
    table.set_remote({**block, "role": "host"})
    assert absent_at(table) == {"B"}
    table.set_remote(None)
    assert absent_at(table) == frozenset()
