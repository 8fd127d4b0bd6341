"""The values a table's players read off their printed maps, kept in the table's store."""

from __future__ import annotations

from pathlib import Path

from companion.table.printed_maps import PrintedMaps
from companion.table.store import Store


def test_values_are_kept_per_map_and_survive_reopening_the_store(tmp_path: Path):
    store = Store(tmp_path / "t.sqlite3")
    maps = PrintedMaps(store)
    assert maps.values("map-1") == {}
    maps.remember("map-1", {"b2": 1, "c2": 2})
    maps.remember("map-2", {"b2": 4})
    maps.remember("map-1", {"c2": 3, "d4": 1})  # a value read again replaces the one kept
    store.close()
    reopened = PrintedMaps(Store(tmp_path / "t.sqlite3"))
    assert reopened.values("map-1") == {"b2": 1, "c2": 3, "d4": 1}
    assert reopened.values("map-2") == {"b2": 4}
