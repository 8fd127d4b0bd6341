import pytest

from companion.games.planechase.game import Planechase
from companion.games.planechase.setup import Setup

IDS = [f"ohop-{n:02d}" for n in range(1, 41)]


def own_decks(seats, size=10):
    return {seat: tuple(IDS[size * i : size * i + size]) for i, seat in enumerate(seats)}


@pytest.fixture
def physical():
    """Three players with their own physical decks (order unknown to the companion)."""
    return Planechase(Setup(("a", "b", "c"), own_decks(("a", "b", "c")), first="a"))


@pytest.fixture
def virtual():
    """Three players with their own virtual decks: the top is known, top first."""
    return Planechase(Setup(("a", "b", "c"), own_decks(("a", "b", "c")), first="a", ordered=True))
