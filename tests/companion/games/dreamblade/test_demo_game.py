"""The scripted demo game: every step legal, and it shows each part of the turn it promises."""

from __future__ import annotations

from companion import events as ev
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from tests.companion.games.dreamblade.builders import kinds, play


def test_demo_script_is_legal_and_covers_the_turn() -> None:
    game = demo_game()
    seen = set(kinds(play(game, *DEMO_ACTIONS)))
    assert {
        ev.SPAWNED,
        ev.MOVED,
        ev.ATTACKED,
        ev.DISRUPTED,
        ev.DESTROYED,
        ev.DEATHBLOW,
        ev.RETURNED_TO_RESERVE,
        ev.CELL_CLAIMED,
        ev.TURN_WON,
        ev.TURN_TIED,
    } <= seen
    assert game.turn_wins() == {"A": 1, "B": 2}
