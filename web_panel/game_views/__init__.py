"""Game-specific additions to the panel's view: what a game's rich views need beyond the generic
state (pending decision and legal actions). Each game may register a builder that reads the game's
own query methods; a game without one gets the generic view, which works for any game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from companion.games.protocol import Game

GameView = Callable[[Game], dict[str, Any]]

# game name → "module:function" of its view builder, imported on first use
BUILDERS: dict[str, str] = {
    "dreamblade": "web_panel.game_views.dreamblade:dreamblade_view",
    "planechase": "web_panel.game_views.planechase:planechase_view",
    "dungeon_command": "web_panel.game_views.dungeon_command:dungeon_command_view",
    "arena": "web_panel.game_views.arena:arena_view",
}


def game_view(game: Game) -> dict[str, Any]:
    """The game's extra view data (empty for games without a rich view)."""
    target = BUILDERS.get(game.name)
    if target is None:
        return {}
    module_name, attribute = target.split(":")
    builder: GameView = getattr(importlib.import_module(module_name), attribute)
    return builder(game)
