import pytest

from companion.games import GAMES, register
from tests.companion.counter_game import CounterGame


@pytest.fixture
def counter_game_registered():
    register(CounterGame)
    yield
    GAMES.pop(CounterGame.name, None)
