"""Swap: you may exchange places with target non-local ally. Rulings cited: FAQ "Abilities"
(Swap moves both into new cells: an Ambush there triggers; Defender does not stop it)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

SWAPPER = creature("swapper", power=1, defense=9, life=9, abilities=["blade: Swap"])
PAL = creature("pal", power=0, defense=3, life=9, abilities=["Defender"])
FOE = creature("foe", power=0, defense=9, life=9)
REAPER = creature("reaper", power=0, defense=9, life=9, abilities=["Ambush 4"])


def test_exchanges_cells_with_a_non_local_ally() -> None:
    zones = {"A:swapper#1": "c3", "A:pal#1": "a1", "B:foe#1": "c3"}
    game = at([SWAPPER, PAL], [FOE], zones, mode="strike")
    play(game, "cell c3 A:swapper#1", "dice blade")
    assert blade_actions(game) == {
        AssignBlade("A:swapper#1", "swap"),
        AssignBlade("A:swapper#1", "swap", ("A:pal#1",)),
    }
    play(game, "blade A:swapper#1 swap A:pal#1")
    assert (game.state.zone["A:swapper#1"], game.state.zone["A:pal#1"]) == ("a1", "c3")


def test_the_swapped_ally_entering_an_ambush_cell_triggers_it() -> None:
    zones = {"A:swapper#1": "c3", "A:pal#1": "a1", "B:foe#1": "c3", "B:reaper#1": "c3"}
    game = at([SWAPPER, PAL], [FOE, REAPER], zones, mode="strike")
    play(game, "cell c3 A:swapper#1", "dice blade", "blade A:swapper#1 swap A:pal#1")
    now = game.pending()
    assert (now.seat, now.kind, now.details["target"]) == ("B", "special_dice", "A:pal#1")
