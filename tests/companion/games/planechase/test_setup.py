import pytest

from companion.games.planechase.setup import Setup, shared_deck_minimum, shuffled

from .conftest import IDS, own_decks


def test_each_player_needs_ten_planes_of_different_names():
    """Seed 004: a planar deck holds at least 10 planes, one card per name."""
    Setup(("a", "b"), own_decks(("a", "b")), first="a")
    short = {"a": tuple(IDS[:9]), "b": tuple(IDS[10:20])}
    with pytest.raises(ValueError, match="at least 10"):
        Setup(("a", "b"), short, first="a")
    doubled = {"a": (*IDS[:10], IDS[0]), "b": tuple(IDS[10:20])}
    with pytest.raises(ValueError, match="only once"):
        Setup(("a", "b"), doubled, first="a")


@pytest.mark.parametrize(("players", "minimum"), [(2, 20), (3, 30), (4, 40), (6, 40)])
def test_a_shared_deck_holds_the_smaller_of_40_and_ten_per_player(players, minimum):
    """Seed 004: a shared planar deck has at least min(40, 10 × players) planes."""
    assert shared_deck_minimum(players) == minimum
    seats = tuple(f"p{i}" for i in range(players))
    Setup(seats, {"shared": tuple(IDS[:minimum])}, first="p0")
    with pytest.raises(ValueError, match=f"at least {minimum}"):
        Setup(seats, {"shared": tuple(IDS[: minimum - 1])}, first="p0")


@pytest.mark.parametrize(
    ("seats", "first", "message"),
    [
        (("a",), "a", "2 to 6"),
        (tuple("abcdefg"), "a", "2 to 6"),
        (("a", "a"), "a", "only once"),
        (("a", "b"), "z", "not seated"),
        (("a", "shared"), "a", "bad seat"),
    ],
)
def test_bad_seating_is_refused(seats, first, message):
    decks = {seat: tuple(IDS[:10]) for seat in set(seats)}
    with pytest.raises(ValueError, match=message):
        Setup(seats, decks, first=first)


def test_unknown_planes_are_named():
    decks = own_decks(("a", "b"))
    decks["b"] = ("nowhere", *decks["b"][1:])
    with pytest.raises(ValueError, match="nowhere"):
        Setup(("a", "b"), decks, first="a")


def test_a_setup_survives_json():
    setup = Setup(("a", "b"), shuffled(own_decks(("a", "b")), seed=3), first="b", ordered=True)
    assert Setup.from_json(setup.to_json()) == setup


def test_shuffling_is_repeatable_and_keeps_the_cards():
    decks = own_decks(("a", "b"))
    assert shuffled(decks, 5) == shuffled(decks, 5)
    assert sorted(shuffled(decks, 5)["a"]) == sorted(decks["a"])
    assert shuffled(decks, 5) != shuffled(decks, 6)
