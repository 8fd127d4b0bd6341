"""Dungeon Command: morale, leadership and the four-phase turn for two warbands."""

from companion.games.dungeon_command.game import DungeonCommand

__all__ = ["DungeonCommand"]
