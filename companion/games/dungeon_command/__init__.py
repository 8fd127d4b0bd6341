"""Dungeon Command: morale, leadership and the four-phase turn for two warbands (``game``), each
creature's hit points, damage, tapping and conditions (``creatures``), its kit (``kit``), and the
commanders and creature cards its players may enter at a table (``table_entries``)."""

from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.kit import KIT

__all__ = ["KIT", "DungeonCommand"]
