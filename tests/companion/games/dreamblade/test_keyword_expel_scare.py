"""Expel (move target engaged enemy one cell) and Scare (move target unengaged enemy one cell),
facts.md's readings (LIKELY). Rulebook: a useless blade ability may still take a blade (Scare
with no unengaged enemy)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

POLTERGEIST = creature(
    "polt", power=1, defense=9, life=9, abilities=["blade: Expel", "blade: Scare"]
)
FOE = creature("foe", power=0, defense=9, life=9)


def test_expel_moves_an_engaged_enemy_out() -> None:
    game = at([POLTERGEIST], [FOE], {"A:polt#1": "c3", "B:foe#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice blade", "blade A:polt#1 expel B:foe#1>c4")
    assert game.state.zone["B:foe#1"] == "c4"
    assert game.pending().kind == "choose_strike_cell"  # no enemy left to damage


def test_scare_without_unengaged_enemies_takes_the_blade_and_does_nothing() -> None:
    game = at([POLTERGEIST], [FOE], {"A:polt#1": "c3", "B:foe#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice blade")
    assert AssignBlade("A:polt#1", "scare") in blade_actions(game)
    assert not [a for a in blade_actions(game) if a.ability == "scare" and a.args]
    play(game, "blade A:polt#1 scare")
    assert game.state.zone["B:foe#1"] == "c3"


def test_scare_moves_an_unengaged_enemy() -> None:
    zones = {"A:polt#1": "c3", "B:foe#1": "c3", "B:foe#2": "b2"}
    game = at([POLTERGEIST], [FOE, FOE], zones, mode="strike")
    play(game, "cell c3", "dice blade", "blade A:polt#1 scare B:foe#2>b1")
    assert game.state.zone["B:foe#2"] == "b1"
