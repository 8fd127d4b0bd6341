"""Nullify, Nullify [type], Nullify Enemies: the blade abilities of the cell's other miniatures
(of that type, or enemies) are nullified (rulebook "modified abilities"). Blades with nowhere to
go are lost (rulebook: unassignable blades do nothing)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

CRITTER = creature("critter", power=1, abilities=["blade: Crit 2"])
VALOROUS = creature("valorous", aspects="V", power=1, abilities=["blade: Crit 2"])


def blades_with(
    nullifier_text: str, a: list[Miniature], own_nullifier: bool = False
) -> set[AssignBlade]:
    nullifier = creature("nul", power=0, defense=9, life=9, abilities=[nullifier_text])
    zones = {f"A:{m.id}#1": "c3" for m in a}
    if own_nullifier:
        game = at([*a, nullifier], [creature("foe", defense=9, life=9)],
                  {**zones, "A:nul#1": "c3", "B:foe#1": "c3"}, mode="strike")  # fmt: skip
    else:
        game = at(a, [nullifier], {**zones, "B:nul#1": "c3"}, mode="strike")
    attackers = ",".join(f"A:{m.id}#1" for m in a)
    play(game, f"cell c3 {attackers}", "dice " + ",".join(["blade"] * len(a)))
    return blade_actions(game)


def test_nullify_stops_every_other_local_blade_ability() -> None:
    assert blades_with("Nullify", [CRITTER]) == set()
    assert blades_with("Nullify", [CRITTER], own_nullifier=True) == set()


def test_nullify_a_type_stops_only_that_type() -> None:
    assert blades_with("Nullify Valor", [CRITTER, VALOROUS]) == {AssignBlade("A:critter#1", "crit")}


def test_nullify_enemies_leaves_its_allies_alone() -> None:
    assert blades_with("Nullify Enemies", [CRITTER]) == set()
    assert blades_with("Nullify Enemies", [CRITTER], own_nullifier=True) == {
        AssignBlade("A:critter#1", "crit")
    }
