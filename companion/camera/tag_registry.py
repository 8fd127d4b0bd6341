"""Which sticker each miniature of the table's game wears.

By default seat A's copy k of a miniature wears serial k and seat B's serial 100 + k
(``reconciler.default_registry``). A warband registered on the panel by showing each miniature's
tag to the camera records the tags actually shown, so the camera knows exactly those stickers: the
game's ``tags/game-<id>.json`` in the data folder maps its miniature ids to them
(docs/formats.md "Tag registry"). ``LOCK`` is held while a game is started with its file, so a
camera following the new game never reads the registry half-written.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping
from pathlib import Path

from companion.camera.reconciler import default_registry
from companion.errors import DataFileError
from companion.games import find_kit
from companion.table.table import Table
from vision.board_change import TagId
from vision.registration import parse_tag_text

log = logging.getLogger(__name__)

FOLDER = "tags"
FORMAT = "tag-registry"
VERSION = 1
LOCK = threading.RLock()


def registry_path(data_dir: Path, game_id: int) -> Path:
    return data_dir / FOLDER / f"game-{game_id}.json"


def save_registry(data_dir: Path, game_id: int, tags: Mapping[str, TagId]) -> None:
    """Record the sticker of each miniature id in ``tags`` for game ``game_id``."""
    path = registry_path(data_dir, game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    content = {
        "format": FORMAT,
        "version": VERSION,
        "tags": {piece: str(tag) for piece, tag in sorted(tags.items())},
    }
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(content, indent=1), encoding="utf-8")
    temporary.replace(path)


def load_registry(path: Path) -> dict[str, TagId]:
    """Miniature id → tag from a registry file; ``DataFileError`` if it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise DataFileError(str(path), "<file>", f"readable JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataFileError(str(path), "format", FORMAT)
    if data.get("version") != VERSION:
        raise DataFileError(str(path), "version", str(VERSION))
    tags = data.get("tags")
    if not isinstance(tags, dict):
        raise DataFileError(str(path), "tags", "miniature id → tag like db:B45#1")
    found: dict[str, TagId] = {}
    for piece, text in tags.items():
        try:
            found[str(piece)] = parse_tag_text(str(text))
        except ValueError:
            raise DataFileError(str(path), f"tags.{piece}", "a tag like db:B45#1") from None
    return found


def combined_registry(pieces: list[str], recorded: Mapping[str, TagId]) -> dict[TagId, str]:
    """Tag → miniature id: the recorded sticker where there is one, else the default serial.

    ``ValueError`` names a tag that would stand for two miniatures."""
    defaults = {piece: tag for tag, piece in default_registry(pieces).items()}
    registry: dict[TagId, str] = {}
    for piece in pieces:
        tag = recorded.get(piece, defaults[piece])
        if tag in registry:
            raise ValueError(f"tag {tag} would stand for both {registry[tag]} and {piece}")
        registry[tag] = piece
    return registry


def table_registry(data_dir: Path, table: Table) -> dict[TagId, str] | None:
    """Tag → miniature id for the table's game; ``None`` when the camera does not read it."""
    with LOCK:
        if find_kit(table.read(lambda game: game.name)).map_size is None:  # not the 5×5 map
            return None
        pieces = table.read(lambda game: list(game.setup.pieces))
        path = registry_path(data_dir, table.game_id)
        try:
            recorded = load_registry(path) if path.exists() else {}
            return combined_registry(pieces, recorded)
        except (DataFileError, ValueError) as error:
            log.warning("tag registry ignored, default serials used: %s", error)
            return default_registry(pieces)
