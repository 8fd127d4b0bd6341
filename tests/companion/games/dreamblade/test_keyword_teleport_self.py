"""Teleport Self: move this creature to target non-portal cell (FAQ). Rulings cited: FAQ
"Abilities" (Teleport enters the cell, so Ambush there triggers) and the stack limit."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import UseAbility
from tests.companion.games.dreamblade.builders import at, creature, play

JUMPER = creature("jumper", power=1, defense=3, life=8, abilities=["2: Teleport Self"])
REAPER = creature("reaper", power=1, defense=9, life=9, abilities=["Ambush 6"])


def test_moves_itself_to_any_cell_but_a_portal() -> None:
    game = at([JUMPER], [REAPER], {"A:jumper#1": "a1", "B:reaper#1": "e4"}, phase="spawn")
    legal = {a for a in game.legal_actions() if isinstance(a, UseAbility)}
    cells = {a.args[0] for a in legal}
    assert "a1" not in cells and "e5" not in cells and "c3" in cells
    play(game, "ability A:jumper#1 teleport-self d2")
    assert game.state.zone["A:jumper#1"] == "d2"
    with pytest.raises(IllegalActionError):
        play(game, "ability A:jumper#1 teleport-self d3")  # once per spawn phase


def test_a_portal_is_refused() -> None:
    game = at([JUMPER], [REAPER], {"A:jumper#1": "b1", "B:reaper#1": "e4"}, phase="spawn")
    with pytest.raises(IllegalActionError):
        play(game, "ability A:jumper#1 teleport-self e5")


def test_teleporting_into_an_ambush_cell_triggers_it() -> None:
    """FAQ: Teleport moves a miniature from one cell to another: that is entering."""
    game = at([JUMPER], [REAPER], {"A:jumper#1": "a1", "B:reaper#1": "c3"}, phase="spawn")
    play(game, "ability A:jumper#1 teleport-self c3")
    now = game.pending()
    assert (now.seat, now.kind, now.details["target"]) == ("B", "special_dice", "A:jumper#1")
