import pytest

from companion.games.arena.dice import CombatDice


def test_the_virtual_roller_refuses_to_guess_the_unknown_faces():
    with pytest.raises(ValueError, match="unknown"):
        CombatDice.from_data()


def test_with_typed_face_counts_rolls_repeat_for_a_seed():
    faces = {"hit": 3, "shield": 2, "blank": 1}  # counted on a die by the table
    first, second = CombatDice(faces, seed=4), CombatDice(faces, seed=4)
    rolls = [first.roll(5) for _ in range(20)]
    assert rolls == [second.roll(5) for _ in range(20)]
    assert all(r.hits + r.shields + r.blanks == 5 for r in rolls)


def test_face_counts_must_make_a_six_sided_die():
    with pytest.raises(ValueError, match="add up to 6"):
        CombatDice({"hit": 3, "shield": 3, "blank": 1})
