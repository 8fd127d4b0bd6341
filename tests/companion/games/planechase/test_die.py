from companion.games.planechase.actions import Face
from companion.games.planechase.die import PlanarDie, planar_die_faces


def test_the_planar_die_has_four_blanks_one_planeswalk_one_chaos():
    """Seed 004 / facts.md §6: 4 blank faces, 1 planeswalker symbol, 1 chaos symbol."""
    faces = planar_die_faces()
    assert sorted(faces) == sorted([Face.BLANK] * 4 + [Face.PLANESWALK, Face.CHAOS])
    assert PlanarDie().odds(Face.CHAOS) == 1 / 6


def test_a_seeded_die_repeats_its_rolls():
    first, second = PlanarDie(seed=11), PlanarDie(seed=11)
    rolls = [first.roll() for _ in range(30)]
    assert rolls == [second.roll() for _ in range(30)]
    assert {roll.face for roll in rolls} <= set(Face)
