"""Magic: The Gathering – Arena of the Planeswalkers: turn track, armies, combat, glyphs."""

from companion.games.arena.game import Arena

__all__ = ["Arena"]
