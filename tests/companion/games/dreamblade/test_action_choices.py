"""What the action phase offers: strike only when a cell holds creatures that can fight, and
each fight listed once (rulebook "action phase": shift or strike)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from tests.companion.games.dreamblade.builders import at, creature, play

XS, FOES = [creature("x")] * 2, [creature("foe")] * 2


def test_strike_is_offered_only_when_a_cell_can_fight() -> None:
    apart = at(XS, FOES, {"A:x#1": "b2", "B:foe#1": "d4"})
    assert apart.pending().kind == "choose_action"
    assert apart.pending().details["fight_cells"] == []
    assert [str(a) for a in apart.legal_actions()] == ["shift"]
    with pytest.raises(IllegalActionError) as refused:
        play(apart, "strike")
    assert refused.value.rule == "action.no_fight"
    together = at(XS, FOES, {"A:x#1": "c3", "B:foe#1": "c3"})
    assert together.pending().details["fight_cells"] == ["c3"]
    assert [str(a) for a in together.legal_actions()] == ["shift", "strike"]


def test_each_fight_is_listed_once() -> None:
    game = at(XS, FOES, {"A:x#1": "c3", "A:x#2": "c3", "B:foe#1": "c3"}, mode="strike")
    fights = [str(a) for a in game.legal_actions() if str(a).startswith("cell")]
    assert len(fights) == len(set(fights))
    assert "cell c3" in fights  # everyone in the cell, named once
    assert "cell c3 A:x#1,A:x#2" not in fights
    play(game, "cell c3 A:x#1,A:x#2")  # still accepted when written out
    assert game.pending().kind == "attack_dice"
