"""Locus Drive: at the start of its controller's spawn phase the creature moves one cell toward
the centre (facts.md, SOLID: Anvilborn FAQ). The movement details — one orthogonal step closer to
c3, the controller's choice between two equally close cells, the stack limit, not a shift — are
the documented reading of ``abilities/locus_drive.py``; Ambush on any move is the FAQ's (Teleport
and Swap ruling)."""

from __future__ import annotations

from companion.games.dreamblade.abilities.lines import parse_ability
from companion.games.dreamblade.abilities.locus_drive import toward_centre
from tests.companion.games.dreamblade.builders import at, creature, play

DRIVER = creature("driver", abilities=["Locus Drive"])
PAL = creature("pal")
FOE = creature("foe")


def test_on_the_centre_column_it_moves_one_cell_toward_c3_by_itself() -> None:
    game = at([DRIVER], [FOE], {"A:driver#1": "c1"}, phase="initiative", turn=3)
    play(game, "init 5 2")
    assert game.state.zone["A:driver#1"] == "c2"
    assert game.pending().kind == "spawn"


def test_two_equally_close_cells_its_controller_chooses() -> None:
    game = at([DRIVER], [FOE], {"A:driver#1": "b1"}, phase="initiative", turn=3)
    play(game, "init 5 2")
    now = game.pending()
    assert (now.seat, now.kind, now.details["targets"]) == ("A", "choose_target", ["b2", "c1"])
    play(game, "target c1")
    assert game.state.zone["A:driver#1"] == "c1"


def test_each_step_is_orthogonal_and_closer_and_the_centre_stays() -> None:
    assert toward_centre("c3") == ()
    assert toward_centre("a1") == ("a2", "b1")
    assert toward_centre("e3") == ("d3",)
    assert toward_centre("d4") == ("c4", "d3")


def test_a_cell_the_stack_limit_closes_is_not_offered() -> None:
    zones = {"A:driver#1": "b2", **{f"A:pal#{k}": "c2" for k in range(1, 5)}}
    game = at([DRIVER, *[PAL] * 4], [FOE], zones, phase="initiative", turn=3)
    play(game, "init 5 2")
    assert game.state.zone["A:driver#1"] == "b3"


def test_only_at_the_start_of_its_controllers_spawn_phase_not_in_a_skipped_one() -> None:
    game = at([FOE], [DRIVER], {"B:driver#1": "c5"}, phase="initiative", turn=3)
    play(game, "init 5 2")  # A's spawn phase
    assert game.state.zone["B:driver#1"] == "c5"
    play(game, "done")  # B's spawn phase
    assert game.state.zone["B:driver#1"] == "c4"
    game = at([FOE], [DRIVER], {"B:driver#1": "c5"}, phase="initiative", turn=3)
    play(game, "init 1 5")
    assert (game.phase, game.state.zone["B:driver#1"]) == ("action", "c5")


def test_not_a_shift_lockdown_does_not_hold_it_and_an_engaged_creature_moves() -> None:
    lockjaw = creature("lockjaw", cost=2, abilities=["when spawned: Lockdown"])
    zones = {"B:driver#1": "c4", "A:foe#1": "c4"}
    game = at([lockjaw, FOE], [DRIVER], zones, phase="initiative", turn=3)
    play(game, "init 5 2", "spawn A:lockjaw#1 a1", "target c4", "done")
    assert game.state.zone["B:driver#1"] == "c3"


def test_entering_an_ambush_cell_triggers_it() -> None:
    reaper = creature("reaper", power=0, defense=9, life=9, abilities=["Ambush 2"])
    game = at([DRIVER], [reaper], {"A:driver#1": "c2", "B:reaper#1": "c3"},
              phase="initiative", turn=3)  # fmt: skip
    play(game, "init 5 2")
    now = game.pending()
    assert (now.kind, now.details["mini"], now.details["target"]) == (
        "special_dice", "B:reaper#1", "A:driver#1",
    )  # fmt: skip


def test_another_drive_stays_manual() -> None:
    assert parse_ability("Locus Drive").implemented
    assert not parse_ability("Forge Drive").implemented
