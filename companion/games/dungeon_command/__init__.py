"""Dungeon Command: morale, leadership and the four-phase turn for two warbands (``game``), each
creature's hit points, damage, tapping and conditions (``creatures``), and the commanders and
creature cards its players may enter at a table (``table_entries``)."""

from companion.games.catalog_entries import register_entry_kind
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.table_entries import COMMANDER_ENTRIES, CREATURE_ENTRIES

register_entry_kind(COMMANDER_ENTRIES)
register_entry_kind(CREATURE_ENTRIES)

__all__ = ["DungeonCommand"]
