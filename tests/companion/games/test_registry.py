import pytest

from companion.games import find_game


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        find_game("chess")
