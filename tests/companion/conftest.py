import pytest

from companion.games import KITS, register_kit
from tests.companion.counter_game import COUNTER_KIT


@pytest.fixture
def counter_game_registered():
    register_kit(COUNTER_KIT)
    yield
    KITS.pop(COUNTER_KIT.name, None)
