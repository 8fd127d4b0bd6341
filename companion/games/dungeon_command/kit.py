"""Dungeon Command's kit: what the house asks of the game (``companion.games.kit``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.dungeon_command import demo
from companion.games.dungeon_command.camera import CAMERA, DESTROY_PROMPTED, registry
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.table_entries import COMMANDER_ENTRIES, CREATURE_ENTRIES
from companion.games.kit import Demo, GameKit, LedScene, MapPieces
from companion.settings import Settings
from vision.board_change import TagId


def map_pieces(
    game: DungeonCommand, battlefield: Mapping[str, Any], seen: Mapping[TagId, str]
) -> MapPieces:
    """Each creature on the battlefield on the square the camera last read it (``seen``: tag →
    square), with the squares of tapped and of damaged creatures; creatures the camera does not
    see are not shown (the engine keeps no squares)."""
    labels = registry(game.setup)
    on_field = set(game.on_battlefield())
    pieces, tapped, wounded = {}, set(), set()
    for tag, square in seen.items():
        label = labels.get(tag)
        if label in on_field:
            owner = game.setup.owner(label)
            assert owner is not None
            pieces[square] = owner
            if game.is_tapped(label):
                tapped.add(square)
            if game.damage(label):
                wounded.add(square)
    winner = game.winner()
    return MapPieces(
        pieces=pieces,
        tapped=frozenset(tapped),
        wounded=frozenset(wounded),
        winners=frozenset({winner}) if winner else frozenset(),
    )


def starting_game(settings: Settings) -> DungeonCommand:
    """The demo's game, until the players set up their own."""
    return DungeonCommand(demo.demo_setup())


# on the example square layout: a creature left the map from d3 (destroyed?); p1's creature on b2
# has taken a tapping action, p2's on e3 carries damage
_PIECES = {"a1": "p1", "b2": "p1", "c1": "p1", "e3": "p2", "f4": "p2", "d4": "p2"}
_SCENE = MapPieces(pieces=_PIECES, tapped=frozenset({"b2"}), wounded=frozenset({"e3"}))
LED_SCENES = (
    LedScene(
        "dungeon_command",
        "example_squares_6x4",
        {
            "en": "Dungeon Command: creatures dim in their warband's colour, darker when "
            "tapped, blinking red now and then when damaged; the square a creature left flashes "
            "white.",
            "ja": "ダンジョン・コマンド:クリーチャーはウォーバンドの色でほのかに光り"
            "(タップ中はより暗く、ダメージを受けていると時々赤く点滅)、"
            "クリーチャーが離れたマスは白く点滅します。",
        },
        pieces=_SCENE,
        prompted=frozenset({"d3"}),
    ),
    LedScene(
        "dungeon_command_won",
        "example_squares_6x4",
        {
            "en": "Dungeon Command, game over: the winner's creatures pulse.",
            "ja": "ダンジョン・コマンドの決着:勝者のクリーチャーが脈打ちます。",
        },
        pieces=replace(_SCENE, winners=frozenset({"p1"})),
        over=True,
    ),
)

KIT = GameKit(
    name=DungeonCommand.name,
    title="Dungeon Command",
    game_class=DungeonCommand,
    starting_game=starting_game,
    demo=Demo(lambda: DungeonCommand(demo.demo_setup()), lambda: demo.SCRIPT, demo.PLAYER_NAMES),
    screens="companion.games.dungeon_command.screens",
    map_kind="squares",
    map_pieces=map_pieces,
    prompt_events={DESTROY_PROMPTED: "square"},
    camera=CAMERA,
    led_scenes=LED_SCENES,
    entry_kinds=(COMMANDER_ENTRIES, CREATURE_ENTRIES),
    listed=2,
)
