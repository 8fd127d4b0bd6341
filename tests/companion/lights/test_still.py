"""The LEDs' scene of a game at one moment, as the replay viewer lights its board."""

from __future__ import annotations

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game, played_demo
from companion.lights.board_view import board_view_from_game
from companion.lights.colours import Palette, to_hex
from companion.lights.scenes import state_scene
from companion.lights.still import still_colours
from tests.companion.counter_game import CounterGame

COLOURS = {"A": "#0072B2", "B": "#E69F00"}


def test_it_is_the_scene_the_lights_draw_when_the_version_begins():
    game = demo_game()
    for text in DEMO_ACTIONS[:20]:
        game.push(game.parse_action(text))
        palette = Palette().with_seat_colours(COLOURS)
        frame = state_scene(board_view_from_game(game), 0.0, palette)
        lit = {cell: to_hex(c) for cell, c in frame.cells.items() if c != (0, 0, 0)}
        assert still_colours(game, COLOURS) == lit


def test_a_won_game_lights_the_winners_cells():
    lit = still_colours(played_demo(), COLOURS)
    assert lit and all(colour.startswith("#") for colour in lit.values())


def test_a_game_without_a_map_of_its_own_lights_nothing(counter_game_registered):
    assert (
        still_colours(CounterGame.from_record({"version": 1, "start": 0, "actions": []}), {}) == {}
    )
