"""Suppress: name a miniature in the opponent's reserve; miniatures with that name cannot be
spawned this turn (facts.md, SOLID: the card text). Applied when the line prints its activation."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.abilities.lines import parse_ability
from tests.companion.games.dreamblade.builders import at, creature, play

SLICER = creature("slicer", cost=2, abilities=["when spawned: Suppress"])
DRAGON = creature("dragon", cost=3)
WOLF = creature("wolf", cost=3)


def test_the_named_miniature_cannot_be_spawned_this_turn() -> None:
    game = at([SLICER], [DRAGON, DRAGON, WOLF], {}, phase="spawn", first="A")
    play(game, "spawn A:slicer#1 a1")
    now = game.pending()
    assert (now.kind, now.details["targets"]) == ("choose_target", ["B:dragon#1", "B:wolf#1"])
    play(game, "target B:dragon#1", "done")
    with pytest.raises(IllegalActionError) as err:
        play(game, "spawn B:dragon#2 e5")  # the other copy has the same name
    assert err.value.rule == "Suppress"
    assert game.legal_spawn_cells("B", "B:dragon#1") == frozenset()


def test_a_bare_line_stays_manual() -> None:
    assert not parse_ability("Suppress").implemented
    assert parse_ability("0: Suppress").implemented
