"""Dreamblade: the rules engine (``DreambladeGame``), registered as game ``"dreamblade"``, and the
miniatures its players may enter at a table."""

from companion.games import register
from companion.games.catalog_entries import register_entry_kind
from companion.games.dreamblade.game import DreambladeGame, MiniOnMap
from companion.games.dreamblade.table_entries import MINIATURE_ENTRIES

register(DreambladeGame)
register_entry_kind(MINIATURE_ENTRIES)

__all__ = ["DreambladeGame", "MiniOnMap"]
