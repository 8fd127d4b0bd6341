"""Lockdown (when spawned): choose a cell; no creature shifts out of it this turn (facts.md,
LIKELY). Moves by abilities are not shifts and still happen."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from tests.companion.games.dreamblade.builders import at, creature, play

LOCKJAW = creature("lockjaw", cost=2, abilities=["when spawned: Lockdown"])
FOE = creature("foe")


def test_nothing_shifts_out_of_the_chosen_cell_this_turn() -> None:
    game = at([LOCKJAW], [FOE], {"B:foe#1": "c3"}, phase="spawn")
    play(game, "spawn A:lockjaw#1 a1")
    assert game.pending().kind == "choose_target"
    play(game, "target c3", "done", "done")  # A's then B's spawn phase
    play(game, "shift")
    assert game.legal_shift_destinations("B:foe#1") == frozenset()
    assert game.legal_shift_destinations("A:lockjaw#1")
    play(game, "done", "shift", "done", "shift")  # A's second action phase, then B's first
    assert game.phase_seat == "B"
    with pytest.raises(IllegalActionError) as err:
        play(game, "move B:foe#1 c4")
    assert err.value.rule == "Lockdown"


def test_the_lock_ends_with_the_turn() -> None:
    game = at([LOCKJAW], [FOE], {"B:foe#1": "c3"}, phase="spawn")
    play(game, "spawn A:lockjaw#1 a1", "target c3")
    for _ in range(6):  # both spawn phases, four action phases
        play(game, "done") if game.pending().kind == "spawn" else play(game, "shift", "done")
    play(game, "confirm")
    assert game.state.keywords.lockdown == ()
