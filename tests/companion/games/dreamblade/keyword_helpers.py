"""Helpers for the keyword tests (the position builders are in ``builders.py``)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from companion.games.dreamblade.game import DreambladeGame


def blade_actions(game: DreambladeGame) -> set[AssignBlade]:
    """The blade assignments legal now (without the manual sacrifices and moves offered too)."""
    return {a for a in game.legal_actions() if isinstance(a, AssignBlade)}
