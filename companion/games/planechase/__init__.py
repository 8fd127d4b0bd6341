"""Magic: The Gathering Planechase: planar decks, the face-up plane and the planar die."""

from companion.games.planechase.game import Planechase

__all__ = ["Planechase"]
