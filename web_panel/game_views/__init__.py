"""Game-specific additions to the panel's view, asked of the game's own screens: what a game's rich
views need beyond the generic state (pending decision and legal actions). A game's kit names its
screens package (``GameKit.screens``); its ``view`` module's ``phone_view(game)`` reads the game's
own query methods (and, for a game the camera prompts about, ``camera_prompt_view``). A game
without one gets the generic view, which works for any game. ``prompts`` is what the games'
views share (the engine's prompt with the seats marked)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from companion.games import find_kit
from companion.games.protocol import Game

GameView = Callable[[Game], dict[str, Any]]


def screens_part(game_name: str, part: str) -> ModuleType | None:
    """The module ``part`` of the game's screens package (``view``, ``setup_form``), imported on
    first use; ``None`` if the game has no screens or no such part."""
    package = find_kit(game_name).screens
    if package is None:
        return None
    name = f"{package}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def view_module(game_name: str) -> ModuleType | None:
    """The module of the game's phone view, imported on first use; ``None`` if it has none."""
    return screens_part(game_name, "view")


def game_view(game: Game) -> dict[str, Any]:
    """The game's extra view data (empty for games without a rich view)."""
    module = view_module(game.name)
    if module is None:
        return {}
    builder: GameView = module.phone_view
    return builder(game)
