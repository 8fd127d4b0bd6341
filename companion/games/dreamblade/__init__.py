"""Dreamblade: the rules engine (``DreambladeGame``) and its kit (``kit``), registered as game
``"dreamblade"``, with the miniatures its players may enter at a table (``table_entries``).

Imports run one way, type hints included: the ability lines (``abilities.keywords``,
``abilities.lines``) under the data (``miniature``, ``catalog``, ``maps``, ``dice``), under the
position (``keyword_state``, ``state``, ``pieces``), under the keywords' hooks
(``abilities.hooks``), under the rules (``board``, ``spawning``, ``movement``, ``removal``,
``effects``, ``combat``, ``turn``) and the keyword modules that use them, under the engine
(``engine``, which loads ``abilities.every_keyword``; ``game``), the kit and the command-line
tools. A ``Piece`` holds ``Ability``s that know their keyword's line and plain facts only; what a
keyword does to a ``State`` is its hooks', found by ``abilities.hooks.hooks_of``. The combat's
steps call the effects and never the other way round (``effects.guard_need`` is shared by
both).

Its imports are those of every game (``companion/games/__init__.py``).
"""

from companion.games.dreamblade.game import DreambladeGame, MiniOnMap
from companion.games.dreamblade.kit import KIT

__all__ = ["KIT", "DreambladeGame", "MiniOnMap"]
