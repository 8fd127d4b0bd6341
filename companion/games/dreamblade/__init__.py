"""Dreamblade: the rules engine (``DreambladeGame``), registered as game ``"dreamblade"``."""

from companion.games import register
from companion.games.dreamblade.game import DreambladeGame, MiniOnMap

register(DreambladeGame)

__all__ = ["DreambladeGame", "MiniOnMap"]
