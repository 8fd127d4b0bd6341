"""MapView from the Arena and Dungeon Command engines, and the view picked per game."""

from __future__ import annotations

import pytest

from companion.camera.dungeon_command import registry as dc_tags
from companion.games.arena.demo import demo_setup as arena_setup
from companion.games.dreamblade.demo_game import demo_game
from companion.games.dungeon_command.demo import demo_setup as dc_setup
from companion.games.dungeon_command.game import DungeonCommand
from companion.lights.board_view import BoardView
from companion.lights.map_view import (
    MapView,
    arena_view,
    dungeon_command_view,
    game_map,
    view_for_game,
)
from firmware_config.layout import DREAMBLADE, MapShape
from tests.companion.games.arena.conftest import new_arena
from vision.board_change import TagId

GLYPH_HEXES = {"g1": "c2", "g2": "d3"}
HEXES = MapShape("hexes", 4, 3)
BATTLEFIELD = {"columns": 4, "rows": 3, "glyph_hexes": GLYPH_HEXES}


def play(game, *actions: str):
    for text in actions:
        game.push(game.parse_action(text))
    return game


def test_arena_figures_stand_on_their_hexes_and_glyphs_show_who_holds_them():
    game = play(
        new_arena(arena_setup()),
        "choose walker-a",
        "summon soldiers-a-1 a1",
        "summon soldiers-a-2 b1",
        "move walker-a g1 c2",
    )
    view = arena_view(game, GLYPH_HEXES)
    assert view.seats == ("ann", "ben")
    # the walkers were placed before the camera saw them: only figures with a hex are shown
    assert dict(view.pieces) == {"a1": "ann", "b1": "ann", "c2": "ann"}
    assert dict(view.glyphs) == {"c2": "ann", "d3": None}
    assert not view.over and view.winners == frozenset()


def test_dungeon_command_creatures_are_where_the_camera_read_them():
    game = play(DungeonCommand(dc_setup()), "deploy dwarf-cleric", "deploy elf-archer")
    tag_of = {label: tag for tag, label in dc_tags(game.setup).items()}
    seen = {
        tag_of["dwarf-cleric"]: "b1",
        tag_of["elf-archer"]: "c2",
        tag_of["ben-01"]: "f4",  # on the map but not deployed: not a piece
        TagId("dc", "stranger", 1): "a4",  # not a creature of either warband
    }
    view = dungeon_command_view(game, seen)
    assert dict(view.pieces) == {"b1": "ann", "c2": "ann"}
    assert view.glyphs == {}


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


def test_dungeon_command_tapped_and_wounded_creatures_are_marked_on_their_squares():
    """Seed 002: a tapped creature has used its power (line 160) and damage stays on a creature
    until it is destroyed (line 103): the LEDs show both on the creature's square."""
    game = play(
        DungeonCommand(dc_setup()),
        *("deploy dwarf-cleric", "deploy elf-archer", "next", "deploy ben-01", "next"),
        *("tap dwarf-cleric", "hp elf-archer 20", "damage elf-archer 10"),
    )
    tag_of = {label: tag for tag, label in dc_tags(game.setup).items()}
    seen = {tag_of["dwarf-cleric"]: "b1", tag_of["elf-archer"]: "c2", tag_of["ben-01"]: "f4"}
    view = dungeon_command_view(game, seen)
    assert (view.tapped, view.wounded) == (frozenset({"b1"}), frozenset({"c2"}))
    play(game, "next", "next", "next")  # ann's cleanup untaps her creatures
    assert dungeon_command_view(game, seen).tapped == frozenset()


def test_only_a_square_holding_a_piece_shows_it_tapped():
    with pytest.raises(ValueError, match="holding a piece"):
        MapView(seats=("p1",), pieces={"a1": "p1"}, tapped=frozenset({"b2"}))
