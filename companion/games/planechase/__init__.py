"""Magic: The Gathering Planechase: planar decks, the face-up plane, the planar die and its kit
(``kit``)."""

from companion.games.planechase.game import Planechase
from companion.games.planechase.kit import KIT

__all__ = ["KIT", "Planechase"]
