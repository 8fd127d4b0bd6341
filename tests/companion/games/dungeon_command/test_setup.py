import pytest

from companion.games.dungeon_command.setup import Setup, Stats, Warband, warband

from .conftest import ANN, BEN, make_setup


def test_known_values_come_from_the_data_and_unknown_ones_must_be_typed():
    band = warband("ann", "valnar-trueblade", ANN, morale=11)
    assert (band.morale, band.leadership, band.creature_hand) == (11, 7, 3)
    with pytest.raises(ValueError, match="starting morale is unknown"):
        warband("ann", "valnar-trueblade", ANN)
    with pytest.raises(ValueError, match=r"leadership is unknown.*type it in"):
        warband("ben", "kalteros", BEN, morale=10)


def test_a_typed_value_that_contradicts_the_card_is_refused():
    with pytest.raises(ValueError, match="leadership is 7, not 9"):
        warband("ann", "valnar-trueblade", ANN, morale=10, leadership=9)


def test_a_commander_not_in_the_data_needs_both_values():
    band = warband("ann", "Homebrew Hero", ANN, morale=12, leadership=8)
    assert (band.morale, band.leadership, band.creature_hand) == (12, 8, None)


def test_a_warband_needs_twelve_creatures():
    """Seed 002: a warband holds at least 12 miniatures."""
    small = warband("ann", "valnar-trueblade", dict(list(ANN.items())[:11]), morale=10)
    ben = warband("ben", "kalteros", BEN, morale=10, leadership=6)
    with pytest.raises(ValueError, match="at least 12"):
        Setup((small, ben), first="ann")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"creatures": {**BEN, "a00": 1}}, "used twice"),
        ({"creatures": {**BEN, "b00": 0}}, "level of 1"),
        ({"seat": "ann"}, "two different seat"),
        ({"morale": 0}, "at least 1"),
    ],
)
def test_bad_warbands_are_refused(change, message):
    ann = warband("ann", "valnar-trueblade", ANN, morale=10)
    fields = {**warband("ben", "kalteros", BEN, morale=10, leadership=6).__dict__, **change}
    with pytest.raises(ValueError, match=message):
        Setup((ann, Warband(**fields)), first="ann")


def test_a_setup_survives_json():
    setup = make_setup(ben_commander="tarkon-draal")
    assert Setup.from_json(setup.to_json()) == setup


def test_card_numbers_round_trip_and_an_older_setup_has_none():
    setup = make_setup()
    assert setup.band("ann").card("a02") == Stats(hit_points=40, melee=20)
    assert setup.band("ben").card("b00") == Stats()  # not typed in: unknown
    assert Setup.from_json(setup.to_json()) == setup
    older = setup.to_json()
    for band in older["warbands"]:
        del band["stats"]
    assert Setup.from_json(older).band("ann").card("a02") == Stats()


@pytest.mark.parametrize("hit_points", [25, 0, 310])
def test_card_numbers_outside_tens_are_refused(hit_points):
    ann = warband("ann", "valnar-trueblade", ANN, morale=10, stats={"a00": Stats(hit_points)})
    ben = warband("ben", "kalteros", BEN, morale=10, leadership=6)
    with pytest.raises(ValueError, match="10, 20, 30"):
        Setup((ann, ben), first="ann")
