"""Dreamblade: the rules engine (``DreambladeGame``), registered as game ``"dreamblade"``, and the
miniatures its players may enter at a table (``table_entries``).

Imports run one way at run time: the data (``miniature``, ``catalog``, ``maps``, ``dice``) under
the position (``keyword_state``, ``state``, ``pieces``, ``abilities``), under the rules
(``board``, ``spawning``, ``movement``, ``removal``, ``effects``, ``combat``, ``turn``), under the
engine (``engine``, ``game``) and the command-line tools. The position's four modules name each
other's classes in type hints only (``Setup`` holds ``Piece``s, a ``Piece`` its ``Ability``s,
which read the ``State`` and its ``KeywordState``): those imports sit under ``TYPE_CHECKING`` and
never run, so they make no circle when the engine loads. The combat's steps call the effects and
never the other way round (``effects.guard_need`` is shared by both).
May import: the shared contracts and ``companion.games.protocol``; nothing above the games.
"""

from companion.games import register
from companion.games.catalog_entries import register_entry_kind
from companion.games.dreamblade.game import DreambladeGame, MiniOnMap
from companion.games.dreamblade.table_entries import MINIATURE_ENTRIES

register(DreambladeGame)
register_entry_kind(MINIATURE_ENTRIES)

__all__ = ["DreambladeGame", "MiniOnMap"]
