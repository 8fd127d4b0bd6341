"""Dreamblade: the rules engine (``DreambladeGame``) and its kit (``kit``), registered as game
``"dreamblade"``, with the miniatures its players may enter at a table (``table_entries``).

Imports run one way at run time: the data (``miniature``, ``catalog``, ``maps``, ``dice``) under
the position (``keyword_state``, ``state``, ``pieces``, ``abilities``), under the rules
(``board``, ``spawning``, ``movement``, ``removal``, ``effects``, ``combat``, ``turn``), under the
engine (``engine``, ``game``), the kit and the command-line tools. The position's four modules
name each other's classes in type hints only (``Setup`` holds ``Piece``s, a ``Piece`` its
``Ability``s, which read the ``State`` and its ``KeywordState``): those imports sit under
``TYPE_CHECKING`` and never run, so they make no circle when the engine loads. The combat's steps
call the effects and never the other way round (``effects.guard_need`` is shared by both).

Its imports are those of every game (``companion/games/__init__.py``).
"""

from companion.games.dreamblade.game import DreambladeGame, MiniOnMap
from companion.games.dreamblade.kit import KIT

__all__ = ["KIT", "DreambladeGame", "MiniOnMap"]
