"""Dungeon Command's legal actions as a list the phones show, exact under ``in``.

Cowering (seed 002: refused damage costs damage ÷ 10 morale) is listed up to the damage that takes
the warband's morale to 0; any larger positive multiple of 10 is legal too and ends the game the
same, so it is in the collection without being listed (docs/formats.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.games.dungeon_command.actions import Cower, DungeonCommandAction

MORALE_PER_COWERED_DAMAGE = 10  # facts.md §6: cowering costs damage ÷ 10 morale


class LegalActions(list[DungeonCommandAction]):
    """A list to read, not to change: ``in`` looks actions up in a set made of it when first
    asked."""

    def __init__(self, listed: Iterable[DungeonCommandAction], cowering: Iterable[str]) -> None:
        """``listed``: what the phones offer; ``cowering``: the creatures that may cower now."""
        super().__init__(listed)
        self.cowering = frozenset(cowering)
        self._members: frozenset[DungeonCommandAction] | None = None

    def __contains__(self, action: Any) -> bool:
        if isinstance(action, Cower) and action.label in self.cowering:
            return action.damage > 0 and action.damage % MORALE_PER_COWERED_DAMAGE == 0
        if self._members is None:
            self._members = frozenset(self)
        try:
            return action in self._members
        except TypeError:  # unhashable: no action, but compared as a list would
            return super().__contains__(action)
