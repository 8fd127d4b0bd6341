"""Magic: The Gathering – Arena of the Planeswalkers: turn track, armies, combat, glyphs, and the
army cards its players may enter at a table (``table_entries``)."""

from companion.games.arena.game import Arena
from companion.games.arena.table_entries import ARMY_CARD_ENTRIES
from companion.games.catalog_entries import register_entry_kind

register_entry_kind(ARMY_CARD_ENTRIES)

__all__ = ["Arena"]
