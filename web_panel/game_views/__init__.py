"""Game-specific additions to the panel's view: what a game's rich views need beyond the generic
state (pending decision and legal actions). A game's kit names its phone view
(``GameKit.phone_view``): the module of that name here, whose ``<name>_view(game)`` reads the
game's own query methods (and, for a game the camera prompts about, ``camera_prompt_view``). A
game without one gets the generic view, which works for any game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from companion.games import find_kit
from companion.games.protocol import Game

GameView = Callable[[Game], dict[str, Any]]


def view_module(game_name: str) -> ModuleType | None:
    """The module of the game's phone view, imported on first use; ``None`` if it has none."""
    name = find_kit(game_name).phone_view
    return None if name is None else importlib.import_module(f"{__name__}.{name}")


def game_view(game: Game) -> dict[str, Any]:
    """The game's extra view data (empty for games without a rich view)."""
    module = view_module(game.name)
    if module is None:
        return {}
    builder: GameView = getattr(module, f"{find_kit(game.name).phone_view}_view")
    return builder(game)
