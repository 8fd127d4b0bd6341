"""Arena's rule notices: a tie for the highest first-player roll is rolled again (seed 003)."""

from companion.events import notices_of
from companion.games.arena.actions import FirstRoll

from .conftest import play
from .test_first_player import melee


def test_a_tie_for_the_highest_roll_is_said_with_the_rule():
    game = melee()
    play(game, "d20 a 18", "d20 b 4")
    notices = notices_of(game.push(FirstRoll("c", 18)))
    assert notices == [
        {"key": "notice.rule.arena.first_roll_tied", "params": {"seats": ["a", "c"], "die": 18}}
    ]
