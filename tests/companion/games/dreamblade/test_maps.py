import dataclasses
from pathlib import Path

import pytest
import yaml

from companion.errors import DataFileError
from companion.games.dreamblade import maps
from companion.games.dreamblade.dream_map import KEY_CELLS


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "map.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _valid() -> dict:
    return {
        "format": "dreamblade-map",
        "version": 1,
        "name": "kitchen table",
        "provisional": False,
        "source": "read off my own printed map",
        "portals": {"A": "e1", "B": "a5"},
        "key_values": {cell: i for i, cell in enumerate(KEY_CELLS)},
    }


def test_default_map_is_provisional_with_centre_five_and_others_unknown():
    dream_map = maps.builtin_map("default")
    assert dream_map.provisional
    assert dream_map.portals == {"A": "a1", "B": "e5"}
    assert dream_map.key_values["c3"] == 5
    assert [c for c, v in dream_map.key_values.items() if v is None] == [
        c for c in KEY_CELLS if c != "c3"
    ]
    assert "pojo.com" in dream_map.source


def test_builtin_names_list_the_shipped_files():
    assert "default" in maps.builtin_map_names()
    with pytest.raises(ValueError, match="no built-in map 'moon'"):
        maps.builtin_map("moon")


def test_load_map_reads_a_valid_file(tmp_path):
    dream_map = maps.load_map(_write(tmp_path, _valid()))
    assert dream_map.name == "kitchen table"
    assert dream_map.portals == {"A": "e1", "B": "a5"}
    assert dream_map.key_values == {cell: i for i, cell in enumerate(KEY_CELLS)}


def test_scoring_cells_are_derived_per_seat():
    dream_map = maps.builtin_map("default")
    assert set(dream_map.scoring_cells("A")) == {"b3", "c3", "d3", "b4", "c4", "d4"}
    assert set(dream_map.scoring_cells("B")) == {"b2", "c2", "d2", "b3", "c3", "d3"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"portals": {"A": "b1", "B": "e5"}}, "portals.A"),
        ({"portals": {"A": "a1", "B": "e1"}}, "portals.B"),
        ({"portals": {"A": "a1", "B": "a5"}}, "portals"),
        ({"portals": {"A": "a1"}}, "portals"),
        ({"key_values": {"c3": 5}}, "key_values"),
        ({"key_values": {**{c: 1 for c in KEY_CELLS}, "a1": 2}}, "key_values"),
        ({"key_values": {**{c: 1 for c in KEY_CELLS}, "c3": -1}}, "key_values.c3"),
        ({"key_values": {**{c: 1 for c in KEY_CELLS}, "c3": True}}, "key_values.c3"),
        ({"key_values": {**{c: 1 for c in KEY_CELLS}, "c3": "five"}}, "key_values.c3"),
        ({"provisional": "yes"}, "provisional"),
        ({"name": ""}, "name"),
        ({"version": 2}, "version"),
        ({"format": "dreamblade-catalog"}, "format"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_malformed_map_names_file_and_field(tmp_path, change, field):
    path = _write(tmp_path, {**_valid(), **change})
    with pytest.raises(DataFileError) as info:
        maps.load_map(path)
    assert info.value.path == str(path)
    assert info.value.field == field
    assert info.value.expected


def test_missing_field_is_named(tmp_path):
    data = _valid()
    del data["source"]
    with pytest.raises(DataFileError) as info:
        maps.load_map(_write(tmp_path, data))
    assert info.value.field == "source"


def test_not_yaml_or_not_a_mapping(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("portals: [a1\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="valid YAML"):
        maps.load_map(bad)
    listing = _write(tmp_path, ["a1", "e5"])
    with pytest.raises(DataFileError, match="mapping at the top level"):
        maps.load_map(listing)
    with pytest.raises(DataFileError, match="readable file"):
        maps.load_map(tmp_path / "missing.yaml")


def test_map_from_config_fills_defaults():
    config = {"portals": {"A": "a1", "B": "e5"}, "key_values": dict.fromkeys(KEY_CELLS, 2)}
    dream_map = maps.map_from_config(config)
    assert dream_map.name == "custom"
    assert not dream_map.provisional
    assert dream_map.source == maps.CONFIG_SOURCE
    assert set(dream_map.key_values.values()) == {2}


def test_map_from_config_rejects_bad_values_naming_the_config():
    config = {"portals": {"A": "a1", "B": "e5"}, "key_values": dict.fromkeys(KEY_CELLS, -3)}
    with pytest.raises(DataFileError) as info:
        maps.map_from_config(config)
    assert info.value.path == "<config dreamblade.map>"
    assert info.value.field == "key_values.b2"


def test_map_from_setting_accepts_name_path_or_mapping(tmp_path):
    assert maps.map_from_setting("default") == maps.builtin_map("default")
    path = _write(tmp_path, _valid())
    assert maps.map_from_setting(str(path)).name == "kitchen table"
    config = {"portals": {"A": "e1", "B": "a5"}, "key_values": dict.fromkeys(KEY_CELLS)}
    assert maps.map_from_setting(config).portals == {"A": "e1", "B": "a5"}


def test_a_map_names_the_range_its_values_take():
    assert maps.builtin_map("default").value_range == (1, 5)
    assert maps.map_from_config(
        {"portals": {"A": "a1", "B": "e5"}, "key_values": _valid()["key_values"]}
    ).value_range == (0, 9)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"value_range": [5, 1]}, "value_range"),
        ({"value_range": [1]}, "value_range"),
        ({"value_range": [0, 3]}, "key_values.c3"),  # c3 is 4 in _valid()
    ],
)
def test_a_bad_range_is_refused(tmp_path, change, field):
    with pytest.raises(DataFileError) as refused:
        maps.load_map(_write(tmp_path, {**_valid(), **change}))
    assert refused.value.field == field


def test_the_unknown_values_are_agreed_at_set_up():
    default = maps.builtin_map("default")
    values = {cell: 2 for cell in default.unknown_cells}
    agreed = maps.agree_key_values(default, {**values, "c3": 5})
    assert agreed.unknown_cells == ()
    assert agreed.key_values["b2"] == 2 and agreed.key_values["c3"] == 5
    assert agreed.agreed == default.unknown_cells


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"b2": None}, "b2", "missing"),
        ({"b2": 6}, "b2", "range"),
        ({"b2": 0}, "b2", "range"),
        ({"b2": "3"}, "b2", "range"),
        ({"c3": 4}, "c3", "known"),
        ({"a1": 2}, "a1", "choice"),
    ],
)
def test_values_left_out_or_out_of_range_are_refused(change, field, code):
    default = maps.builtin_map("default")
    values = {cell: 2 for cell in default.unknown_cells} | change
    with pytest.raises(DataFileError) as refused:
        maps.agree_key_values(default, values)
    assert (refused.value.field, refused.value.code) == (field, code)


def test_a_printed_map_keeps_its_key_whatever_values_were_agreed_on_it():
    from companion.games.dreamblade.maps import agree_key_values, builtin_map

    printed = builtin_map("default")
    values = {cell: 1 for cell in printed.unknown_cells}
    agreed = agree_key_values(printed, values)
    assert agreed.printed_key == printed.printed_key
    assert agreed.values_read() == values
    assert agreed.values_read({"b2": 2}) == {**values, "b2": 2}  # the judge's word over them
    assert printed.values_read() == {}
    other = dataclasses.replace(printed, portals={**printed.portals, "A": "b1"})
    assert other.printed_key != printed.printed_key
