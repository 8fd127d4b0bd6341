"""Each game's own scripts and styles, served from its screens package (``GameKit.screens``:
``<game>/screens/static/``) at one route for every game, ``/games/<game>/static/<file>``; the
pages load every game's scripts and styles by looping over the kits (``game_scripts()``,
``game_styles()`` in the templates), so no template names a game."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from flask import Blueprint, abort, send_from_directory
from flask.typing import ResponseReturnValue

from companion.games import find_kit, kits
from companion.games.kit import GameKit

game_assets = Blueprint("game_assets", __name__)


def static_folder(kit: GameKit) -> Path | None:
    """The folder of the game's scripts and styles (``None``: it has none)."""
    if kit.screens is None:
        return None
    folder = Path(str(files(kit.screens) / "static"))
    return folder if folder.is_dir() else None


def kit_assets(suffix: str) -> list[tuple[str, str]]:
    """(game, file name) of every game's assets ending ``suffix``, the games in the house's order
    and each game's files by name."""
    found = []
    for kit in kits():
        folder = static_folder(kit)
        if folder is not None:
            found += [(kit.name, path.name) for path in sorted(folder.glob(f"*{suffix}"))]
    return found


@game_assets.get("/games/<game>/static/<path:filename>")
def asset(game: str, filename: str) -> ResponseReturnValue:
    try:
        folder = static_folder(find_kit(game))
    except KeyError:
        abort(404)
    if folder is None:
        abort(404)
    return send_from_directory(folder, filename)


@game_assets.app_context_processor
def _asset_lists() -> dict[str, object]:
    return {"game_scripts": lambda: kit_assets(".js"), "game_styles": lambda: kit_assets(".css")}
