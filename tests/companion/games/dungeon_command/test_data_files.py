import pytest

from companion.errors import DataFileError
from companion.games.dungeon_command.data_files import (
    commanders,
    load_commanders,
    load_creature_levels,
)


def test_only_sourced_commander_numbers_are_known():
    """Seed 002: Valnar's starting leadership is 7; facts.md: his hands are 3 creatures / 4
    orders. Everything else is unknown, never invented."""
    valnar = commanders()["valnar-trueblade"]
    assert (valnar.start_leadership, valnar.creature_hand, valnar.order_hand) == (7, 3, 4)
    assert valnar.start_morale is None
    others = [c for c in commanders().values() if c.id != "valnar-trueblade"]
    assert others and all(c.start_morale is None and c.start_leadership is None for c in others)


def test_tarkon_draal_makes_cowering_opponents_lose_one_more():
    """facts.md §6 (nerdhq): Tarkon Draal's power costs a cowering opponent 1 more morale."""
    assert commanders()["tarkon-draal"].cowering_opponent_extra_loss == 1
    assert commanders()["kalteros"].cowering_opponent_extra_loss == 0


def test_the_seed_example_creature_levels():
    """Seed 002: Dwarf Cleric and Half-Orc Thug are level 3, Elf Archer level 1."""
    assert load_creature_levels() == {"Dwarf Cleric": 3, "Half-Orc Thug": 3, "Elf Archer": 1}


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("commanders: 3\n", "commanders"),
        ("commanders: [{id: x, name: X, faction: F, start_morale: -1}]\n", "start_morale"),
        ("commanders: [{id: x, name: '', faction: F}]\n", "name"),
        ("commanders: [{id: x, name: X, faction: F}, {id: x, name: Y, faction: F}]\n", "id"),
    ],
)
def test_broken_commander_files_name_the_field(tmp_path, text, field):
    path = tmp_path / "commanders.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        load_commanders(path)
    assert caught.value.field.endswith(field)


def test_the_square_size_comes_from_the_battlefield_file():
    import yaml

    from companion.games.dungeon_command import data_files

    written = yaml.safe_load(data_files.BATTLEFIELD_FILE.read_text(encoding="utf-8"))
    assert data_files.square_mm() == float(written["square_mm"]) > 0


def test_a_bad_square_size_names_the_field(tmp_path, monkeypatch):
    from companion.games.dungeon_command import data_files

    bad = tmp_path / "battlefield.yaml"
    bad.write_text("square_mm: -3\n", encoding="utf-8")
    monkeypatch.setattr(data_files, "BATTLEFIELD_FILE", bad)
    data_files.square_mm.cache_clear()
    try:
        with pytest.raises(DataFileError, match="square_mm"):
            data_files.square_mm()
    finally:
        data_files.square_mm.cache_clear()
