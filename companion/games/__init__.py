"""The registry of games the companion serves: ``find_game(name)`` gives a game's class.

Each game package registers itself with ``register`` when imported; ``find_game`` imports the
known game packages on first use.
"""

from __future__ import annotations

import importlib

from companion.games.protocol import Game

GAMES: dict[str, type[Game]] = {}

KNOWN_GAME_PACKAGES = (
    "companion.games.dreamblade",
    "companion.games.planechase",
    "companion.games.dungeon_command",
    "companion.games.arena",
)


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game findable by its ``name``."""
    GAMES[cls.name] = cls
    return cls


def _load_known_games() -> None:
    for module in KNOWN_GAME_PACKAGES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def find_game(name: str) -> type[Game]:
    """The game class registered under ``name``; ``KeyError`` naming the known games if none."""
    if name not in GAMES:
        _load_known_games()
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise KeyError(f"unknown game {name!r} (known: {known})") from None
