"""The scripted demo game: every step legal, and it shows each part of the turn it promises."""

from __future__ import annotations

from companion import events as ev
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, DEMO_GAME, demo_game
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


def test_the_whole_demo_game_ends_with_a_winner() -> None:
    game = demo_game()
    events = play(game, *DEMO_GAME)
    assert game.winner() == "A"
    assert game.turn_wins() == {"A": 6, "B": 2}
    assert kinds(events)[-1] == ev.GAME_WON
    assert DEMO_GAME[: len(DEMO_ACTIONS)] == DEMO_ACTIONS
