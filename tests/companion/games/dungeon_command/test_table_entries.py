"""Creature cards typed in once at a table: level, and the hit points, melee and ranged damage
printed on the card (seed 002 lines 101-106), in tens; unknown ones left out."""

import pytest

from companion.errors import DataFileError
from companion.games.dungeon_command.table_entries import CREATURE_ENTRIES


def test_a_creature_card_keeps_its_hit_points_and_attack_numbers():
    entry = CREATURE_ENTRIES.checked(
        {"name": "Town Guard", "level": 1, "hit_points": 30, "melee": 20, "ranged": 10}
    )
    assert entry == {
        "id": "town-guard",
        "name": "Town Guard",
        "level": 1,
        "hit_points": 30,
        "melee": 20,
        "ranged": 10,
    }


def test_numbers_not_typed_in_stay_unknown():
    """The data knows the Elf Archer's level (seed 002 line 88) but none of its card numbers."""
    entry = CREATURE_ENTRIES.checked({"name": "elf archer"})
    assert entry == {"id": "elf-archer", "name": "Elf Archer", "level": 1}


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [("hit_points", 25, "tens"), ("melee", 5, "range"), ("ranged", 0, "range")],
)
def test_card_numbers_come_in_tens(field, value, code):
    with pytest.raises(DataFileError) as caught:
        CREATURE_ENTRIES.checked({"name": "Imp", "level": 1, field: value})
    assert (caught.value.field, caught.value.code) == (f"creature.{field}", code)
