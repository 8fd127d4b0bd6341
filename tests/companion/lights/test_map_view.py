"""MapView from the Arena and Dungeon Command engines, and the view picked per game."""

from __future__ import annotations

import pytest

from companion.games.arena.demo import demo_setup as arena_setup
from companion.games.dreamblade.demo_game import demo_game
from companion.games.dungeon_command.demo import demo_setup as dc_setup
from companion.games.dungeon_command.game import DungeonCommand
from companion.lights.board_view import BoardView
from companion.lights.map_view import (
    MapView,
    game_map,
    view_for_game,
)
from firmware_config.layout import MapShape
from tests.companion.games.arena.conftest import new_arena

GLYPH_HEXES = {"g1": "c2", "g2": "d3"}
HEXES = MapShape("hexes", 4, 3)
DREAMBLADE = MapShape("dreamblade", 5, 5, fixed=True)  # the 5×5 map, as its kit names it
BATTLEFIELD = {"columns": 4, "rows": 3, "glyph_hexes": GLYPH_HEXES}


def play(game, *actions: str):
    for text in actions:
        game.push(game.parse_action(text))
    return game


def test_a_view_refuses_cells_and_seats_that_are_not_the_games():
    with pytest.raises(ValueError, match="9z"):
        MapView(seats=("p1",), pieces={"9z": "p1"})
    with pytest.raises(ValueError, match="p3"):
        MapView(seats=("p1", "p2"), pieces={"a1": "p3"})


def test_each_game_has_its_map_from_the_battlefield_settings():
    assert game_map("dreamblade", {}) == DREAMBLADE
    assert game_map("arena", BATTLEFIELD) == HEXES
    assert game_map("dungeon_command", {"columns": 6, "rows": 4}) == MapShape("squares", 6, 4)
    assert game_map("arena", {"columns": 4}) is None  # rows not set
    assert game_map("arena", {"columns": True, "rows": 3}) is None
    assert game_map("planechase", BATTLEFIELD) is None


def test_the_view_follows_the_game_and_the_layouts_map():
    arena = new_arena(arena_setup())
    assert isinstance(view_for_game(arena, HEXES, BATTLEFIELD, {}), MapView)
    assert view_for_game(arena, MapShape("hexes", 5, 3), BATTLEFIELD, {}) is None
    assert view_for_game(arena, DREAMBLADE, BATTLEFIELD, {}) is None
    dreamblade = demo_game()
    assert isinstance(view_for_game(dreamblade, DREAMBLADE, {}, {}), BoardView)
    assert view_for_game(dreamblade, HEXES, BATTLEFIELD, {}) is None
    dc = DungeonCommand(dc_setup())
    squares = MapShape("squares", 6, 4)
    assert isinstance(view_for_game(dc, squares, {"columns": 6, "rows": 4}, {}), MapView)


def test_only_a_square_holding_a_piece_shows_it_tapped():
    with pytest.raises(ValueError, match="holding a piece"):
        MapView(seats=("p1",), pieces={"a1": "p1"}, tapped=frozenset({"b2"}))
