"""Dungeon Command's kit: what the house asks of the game (``companion.games.kit``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.dungeon_command import demo
from companion.games.dungeon_command.camera import DESTROY_PROMPTED, registry
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.table_entries import COMMANDER_ENTRIES, CREATURE_ENTRIES
from companion.games.kit import Demo, GameKit, MapPieces
from companion.settings import Settings
from vision.board_change import TagId


def map_pieces(
    game: DungeonCommand, battlefield: Mapping[str, Any], seen: Mapping[TagId, str]
) -> MapPieces:
    """Each creature on the battlefield on the square the camera last read it (``seen``: tag →
    square); creatures the camera does not see are not shown (the engine keeps no squares)."""
    labels = registry(game.setup)
    on_field = set(game.on_battlefield())
    pieces = {}
    for tag, square in seen.items():
        label = labels.get(tag)
        if label in on_field:
            owner = game.setup.owner(label)
            assert owner is not None
            pieces[square] = owner
    winner = game.winner()
    return MapPieces(pieces=pieces, winners=frozenset({winner}) if winner else frozenset())


def starting_game(settings: Settings) -> DungeonCommand:
    """The demo's game, until the players set up their own."""
    return DungeonCommand(demo.demo_setup())


KIT = GameKit(
    name=DungeonCommand.name,
    title="Dungeon Command",
    game_class=DungeonCommand,
    starting_game=starting_game,
    demo=Demo(lambda: DungeonCommand(demo.demo_setup()), lambda: demo.SCRIPT, demo.PLAYER_NAMES),
    phone_view="dungeon_command",
    map_kind="squares",
    map_pieces=map_pieces,
    prompt_events={DESTROY_PROMPTED: "square"},
    camera_reads=True,
    entry_kinds=(COMMANDER_ENTRIES, CREATURE_ENTRIES),
)
