"""The event's map: the maps the organizer may pick, the values typed for the unknown cells
checked as a table checks them, and a map kept on the hub for the next event."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.dreamblade.event_maps import (
    EventMapError,
    event_map,
    map_choices,
    map_data,
    save_map,
    saved_maps,
)
from companion.games.dreamblade.maps import map_from_config

PRINTED = {"b2": 1, "c2": 2, "d2": 1, "b3": 3, "d3": 3, "b4": 1, "c4": 2, "d4": 1}


def test_the_default_map_asks_for_its_eight_unknown_cells(tmp_path: Path):
    choices = map_choices(tmp_path)
    assert list(choices) == ["default"]
    assert len(choices["default"]["unknown"]) == 8 and choices["default"]["value_range"] == [1, 5]


def test_the_printed_values_make_a_whole_map_a_table_reads(tmp_path: Path):
    chosen = event_map(tmp_path, "default", PRINTED, "Store night")
    assert chosen.unknown_cells == () and chosen.name == "Store night"
    assert chosen.key_values == {**PRINTED, "c3": 5}
    again = map_from_config(map_data(chosen))
    assert again == chosen


@pytest.mark.parametrize(
    ("values", "code", "cell"),
    [
        ({**PRINTED, "b2": 6}, "range", "b2"),
        ({**PRINTED, "b2": 0}, "range", "b2"),
        ({**PRINTED, "b2": "one"}, "range", "b2"),
        ({**PRINTED, "b2": True}, "range", "b2"),
        ({k: v for k, v in PRINTED.items() if k != "d4"}, "missing", "d4"),
        ({**PRINTED, "c3": 4}, "known", "c3"),
        ({**PRINTED, "e5": 1}, "choice", "e5"),
        ("b2=1", "value", ""),
    ],
)
def test_a_slip_is_refused_naming_the_cell(tmp_path: Path, values, code, cell):
    with pytest.raises(EventMapError) as refused:
        event_map(tmp_path, "default", values)
    assert refused.value.code == code
    if cell:
        assert refused.value.fields["cell"] == cell
    assert saved_maps(tmp_path) == {}


def test_an_unknown_map_or_a_bad_name_is_refused(tmp_path: Path):
    with pytest.raises(EventMapError) as unknown:
        event_map(tmp_path, "moon", PRINTED)
    assert unknown.value.code == "unknown_map"
    with pytest.raises(EventMapError) as unnamed:
        event_map(tmp_path, "default", PRINTED, "   ")
    assert unnamed.value.code == "map_name"


def test_a_saved_map_is_offered_next_time_with_every_value_known(tmp_path: Path):
    for name in ("Store night", "店舗マップ"):
        save_map(tmp_path, event_map(tmp_path, "default", PRINTED, name))
    choices = map_choices(tmp_path)
    assert set(choices) == {"default", "Store night", "店舗マップ"}
    assert choices["店舗マップ"]["unknown"] == []
    picked = event_map(tmp_path, "店舗マップ", {})  # nothing left to type
    assert picked.key_values == {**PRINTED, "c3": 5}
    (tmp_path / "maps" / "broken.yaml").write_text("format: nonsense\n")
    assert set(saved_maps(tmp_path)) == {"Store night", "店舗マップ"}  # a bad file is left out
