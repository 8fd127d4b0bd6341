"""Magic: The Gathering – Arena of the Planeswalkers: turn track, armies, combat, glyphs, its kit
(``kit``), and the army cards its players may enter at a table (``table_entries``)."""

from companion.games.arena.game import Arena
from companion.games.arena.kit import KIT

__all__ = ["KIT", "Arena"]
