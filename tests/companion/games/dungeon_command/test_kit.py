"""Dungeon Command's kit: what the LEDs show of a game on squares."""

from __future__ import annotations

from companion.games import find_kit
from companion.games.dungeon_command.camera import DESTROY_PROMPTED, registry
from companion.games.dungeon_command.demo import demo_setup
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.kit import KIT, map_pieces
from vision.board_change import TagId


def play(game, *actions: str):
    for text in actions:
        game.push(game.parse_action(text))
    return game


def test_the_registry_finds_the_kit():
    assert find_kit("dungeon_command") is KIT
    assert KIT.map_kind == "squares" and KIT.prompt_events == {DESTROY_PROMPTED: "square"}


def test_dungeon_command_creatures_are_where_the_camera_read_them():
    game = play(DungeonCommand(demo_setup()), "deploy dwarf-cleric", "deploy elf-archer")
    tag_of = {label: tag for tag, label in registry(game.setup).items()}
    seen = {
        tag_of["dwarf-cleric"]: "b1",
        tag_of["elf-archer"]: "c2",
        tag_of["ben-01"]: "f4",  # on the map but not deployed: not a piece
        TagId("dc", "stranger", 1): "a4",  # not a creature of either warband
    }
    shown = map_pieces(game, {}, seen)
    assert dict(shown.pieces) == {"b1": "ann", "c2": "ann"}
    assert shown.glyphs == {}


def test_dungeon_command_tapped_and_wounded_creatures_are_marked_on_their_squares():
    """Seed 002: a tapped creature has used its power (line 160) and damage stays on a creature
    until it is destroyed (line 103): the LEDs show both on the creature's square."""
    game = play(
        DungeonCommand(demo_setup()),
        *("deploy dwarf-cleric", "deploy elf-archer", "next", "deploy ben-01", "next"),
        *("tap dwarf-cleric", "hp elf-archer 20", "damage elf-archer 10"),
    )
    tag_of = {label: tag for tag, label in registry(game.setup).items()}
    seen = {tag_of["dwarf-cleric"]: "b1", tag_of["elf-archer"]: "c2", tag_of["ben-01"]: "f4"}
    shown = map_pieces(game, {}, seen)
    assert (shown.tapped, shown.wounded) == (frozenset({"b1"}), frozenset({"c2"}))
    play(game, "next", "next", "next")  # ann's cleanup untaps her creatures
    assert map_pieces(game, {}, seen).tapped == frozenset()
