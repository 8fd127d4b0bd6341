"""Dreamblade's kit: what the house asks of the game (``companion.games.kit``)."""

from __future__ import annotations

from companion import grid
from companion.games.dreamblade import demo_game, registered
from companion.games.dreamblade.ai import dreamblade_ai
from companion.games.dreamblade.config_section import DreambladeSection
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.rolls import read_rolls
from companion.games.dreamblade.starting import configured_game
from companion.games.dreamblade.table_entries import MINIATURE_ENTRIES
from companion.games.dreamblade.virtual_dice import virtual_dice
from companion.games.kit import Demo, GameKit, RegisteredArmies
from companion.settings import Settings


def starting_game(settings: Settings) -> DreambladeGame:
    """The configured game between the demo's two small warbands, whose stats are all known,
    until the players set up their own."""
    return configured_game(settings, registered.demo_warbands())


KIT = GameKit(
    name=DreambladeGame.name,
    title="Dreamblade",
    game_class=DreambladeGame,
    starting_game=starting_game,
    demo=Demo(
        demo_game.demo_game,
        lambda: demo_game.DEMO_GAME,
        demo_game.PLAYER_NAMES,
        through_camera=True,
    ),
    screens="companion.games.dreamblade.screens",
    map_kind="dreamblade",
    map_size=(len(grid.COLUMNS), grid.ROWS),
    settings_section=DreambladeSection,
    entry_kinds=(MINIATURE_ENTRIES,),
    registered=RegisteredArmies(
        registered.shipped_warbands,
        registered.banned_list,
        registered.checked_warband,
        "db",
        registered.piece_names,
    ),
    paired_game=registered.paired_game,
    event_map=registered.event_map,
    judge="companion.games.dreamblade.judge_tools",
    event_maps="companion.games.dreamblade.event_maps",
    catalog_commands="companion.games.dreamblade.catalog_cli",
    virtual_dice=virtual_dice,
    ai=dreamblade_ai,
    read_rolls=read_rolls,
    listed=1,
)
