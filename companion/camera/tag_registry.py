"""Which sticker each miniature of the table's game wears.

By default seat A's copy k of a miniature wears serial k and seat B's serial 100 + k
(``reconciler.default_registry``). A warband registered on the panel by showing each miniature's
tag to the camera records the tags actually shown: the table keeps them with the game in its store
(``Store.tags``, written in the game's own start transaction: ``Table.start_game``), so a camera
following the new game finds them as soon as it sees the game (docs/formats.md "Tag registry").
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from companion.camera.reconciler import default_registry
from companion.games import find_kit
from companion.table.table import Table
from vision.board_change import TagId
from vision.registration import parse_tag_text

log = logging.getLogger(__name__)


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


def table_registry(table: Table) -> dict[TagId, str] | None:
    """Tag → miniature id for the table's game; ``None`` when the camera does not read it."""

    def pieces_of(game: Any) -> tuple[list[str], int] | None:
        if find_kit(game.name).map_size is None:  # not the 5×5 map
            return None
        return list(game.setup.pieces), table.game_id  # one game's, under the table's lock

    found = table.read(pieces_of)
    if found is None:
        return None
    pieces, game_id = found
    try:
        shown = table.store.tags(game_id)
        return combined_registry(pieces, {piece: parse_tag_text(t) for piece, t in shown.items()})
    except ValueError as error:
        log.warning("tag registry ignored, default serials used: %s", error)
        return default_registry(pieces)
