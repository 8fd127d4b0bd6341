"""Spawn phase (rulebook "spawn phase", its aspect-cost example and its five spawn-cell cases;
FAQ "spawning and the spawn phase")."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.game import DreambladeGame
from tests.companion.games.dreamblade.builders import at, creature, kinds, location, new_game, play

VALOR7 = creature("valor7", cost=7, aspects="VVV")
V1 = creature("v1", cost=1, aspects="V")
FOE = creature("foe")


def test_aspect_cost_example_7vvv() -> None:
    # rulebook "aspect cost": 7VVV with one Valor in the dreamscape and one in the graveyard → 8
    game = at(
        [VALOR7, V1, V1, V1],
        [FOE],
        {"A:v1#1": "b2", "A:v1#2": "graveyard"},
        phase="spawn",
        spawn_sum=12,
    )
    assert game.spawn_cost("A", "A:valor7#1") == 8


def test_reserve_does_not_pay_aspects() -> None:
    game = at([VALOR7, V1], [FOE], {}, phase="spawn", spawn_sum=12)
    assert game.spawn_cost("A", "A:valor7#1") == 10


def test_miniatures_spawned_earlier_in_the_phase_pay_aspects_of_later_ones() -> None:
    # rulebook "paying spawn costs": the first miniature can cover the second's aspect cost
    game = at([VALOR7, V1], [FOE], {}, phase="spawn", spawn_sum=12)
    play(game, "spawn A:v1#1 a1")  # 1 + 1 uncovered V = 2
    assert game.spawn_points_left("A") == 10
    assert game.spawn_cost("A", "A:valor7#1") == 9


def test_spending_more_than_left_is_refused_and_changes_nothing() -> None:
    game = at([VALOR7], [FOE], {}, phase="spawn", spawn_sum=8)
    before = game.position()
    with pytest.raises(IllegalActionError) as err:
        play(game, "spawn A:valor7#1 a1")
    assert err.value.rule == "spawn.points"
    assert game.position() == before


def _five_cases() -> DreambladeGame:
    minis = [creature("x"), creature("y"), creature("z"), creature("new")]
    zones = {"A:x#1": "b3", "A:y#1": "d3", "B:foe#1": "d3", "A:z#1": "e1"}
    return at(minis, [FOE], zones, phase="spawn")


def test_five_spawn_cell_cases() -> None:
    # rulebook's spawn diagram: 1 own mini in the column → b1 ok; 2 none in column c → no;
    # 3 column d has an engaged creature → ok anyway; 4 e1 held an ally at phase start → no;
    # 5 the portal a1 is always open
    game = _five_cases()
    assert game.legal_spawn_cells("A", "A:new#1") == {"a1", "b1", "d1"}


@pytest.mark.parametrize(
    ("cell", "rule"),
    [("c1", "spawn.column"), ("e1", "spawn.ally_at_start"), ("c3", "spawn.spawn_row")],
)
def test_refused_spawn_cells_name_their_rule(cell: str, rule: str) -> None:
    game = _five_cases()
    with pytest.raises(IllegalActionError) as err:
        play(game, f"spawn A:new#1 {cell}")
    assert err.value.rule == rule


def test_ally_rule_looks_at_the_start_of_the_phase() -> None:
    # rulebook spawn-row condition 1: no ally in the cell at the start of the spawn phase —
    # a creature that arrives during the phase does not close the cell
    minis = [creature("x"), creature("n1"), creature("n2")]
    game = at(minis, [FOE], {"A:x#1": "b3"}, phase="spawn")
    play(game, "spawn A:n1#1 b1")
    assert "b1" in game.legal_spawn_cells("A", "A:n2#1")


def test_a_location_in_the_column_opens_the_spawn_row_cell() -> None:
    # FAQ: a location is a miniature, so it satisfies the column condition
    minis = [creature("x"), location("keep"), creature("new")]
    game = at(minis, [FOE], {"A:x#1": "c2", "A:keep#1": "b3"}, phase="spawn")
    assert "b1" in game.legal_spawn_cells("A", "A:new#1")


def test_enemies_and_locations_in_the_cell_do_not_prevent_spawning() -> None:
    # FAQ: enemy creatures or locations in a spawn-row cell do not stop a spawn there
    minis = [creature("x"), creature("new")]
    game = at(
        minis,
        [FOE, location("tower")],
        {"A:x#1": "c3", "B:foe#1": "c1", "B:tower#1": "c1"},
        phase="spawn",
    )
    assert "c1" in game.legal_spawn_cells("A", "A:new#1")


def test_portal_takes_creatures_beyond_four_allies() -> None:
    # rulebook "your portal": always open, even when it already holds 4 or more of your creatures
    minis = [creature("x")] * 4 + [creature("new")]
    zones = {f"A:x#{k}": "a1" for k in range(1, 5)}
    game = at(minis, [FOE], zones, phase="spawn")
    play(game, "spawn A:new#1 a1")
    assert len(game.board()["a1"]) == 5


def test_four_creatures_per_cell_per_phase() -> None:
    # rulebook: at most 4 creatures spawned into one cell per spawn phase
    minis = [creature("n", cost=0)] * 5
    game = at(minis, [FOE], {}, phase="spawn")
    play(game, *(f"spawn A:n#{k} a1" for k in range(1, 5)))
    with pytest.raises(IllegalActionError) as err:
        play(game, "spawn A:n#5 a1")
    assert err.value.rule == "spawn.four_per_cell"


def test_stack_limit_closes_a_spawn_row_cell_holding_four_allies() -> None:
    # FAQ: a spawn-row cell needs fewer than 4 of your creatures (only the portal ignores this);
    # Reinforce puts the creature beside allies anywhere, still within the stack limit
    minis = [creature("x", lineage="Janus")] * 4 + [creature("new", abilities=["Reinforce Janus"])]
    zones = {f"A:x#{k}": "c3" for k in range(1, 5)}
    game = at(minis, [FOE], zones, phase="spawn")
    with pytest.raises(IllegalActionError) as err:
        play(game, "spawn A:new#1 c3")
    assert err.value.rule == "stack_limit"


def test_reinforce_spawns_beside_an_ally_of_its_type() -> None:
    # FAQ Reinforce [type]: may spawn into a cell holding an ally of that type
    minis = [
        creature("valor", aspects="V"),
        creature("eagle", aspects="VV", abilities=["Reinforce Valor"]),
    ]
    game = at(minis, [FOE], {"A:valor#1": "c3"}, phase="spawn", spawn_sum=12)
    play(game, "spawn A:eagle#1 c3")
    assert {m.id for m in game.board()["c3"]} == {"A:valor#1", "A:eagle#1"}


def test_reinforce_needs_an_ally_creature_not_a_location() -> None:
    # FAQ: a location is not an ally, so Reinforce cannot use a cell holding only your location
    minis = [
        creature("x"),
        location("keep", aspects="V"),
        creature("eagle", abilities=["Reinforce Valor"]),
    ]
    game = at(minis, [FOE], {"A:x#1": "b3", "A:keep#1": "b3"}, phase="spawn")
    assert "b3" not in game.legal_spawn_cells("A", "A:eagle#1")


def test_locations_go_where_you_control_a_creature_one_per_cell() -> None:
    # rulebook "spawning locations": any cell with your creature, at most one location per cell
    minis = [creature("x"), location("keep"), location("tower")]
    game = at(minis, [FOE], {"A:x#1": "c3", "B:foe#1": "d4"}, phase="spawn", spawn_sum=12)
    assert game.legal_spawn_cells("A", "A:keep#1") == {"c3"}
    play(game, "spawn A:keep#1 c3")
    with pytest.raises(IllegalActionError) as err:
        play(game, "spawn A:tower#1 c3")
    assert err.value.rule == "spawn.one_location"


def test_bonus_two_points_per_own_miniature_destroyed_since_last_spawn_phase() -> None:
    # rulebook "bonus spawn points"; FAQ: counted at the start of each player's own spawn phase
    game = at([creature("x")], [FOE], {}, phase="initiative", turn=3)
    game.state.bonus_losses["B"] = 2
    play(game, "init 5 2")
    assert game.spawn_points_left("A") == 7
    play(game, "done")
    assert game.spawn_points_left("B") == 11


def test_bonus_carries_over_a_skipped_spawn_phase_and_unspent_points_are_lost() -> None:
    # rulebook: skipped spawn phase → the bonus carries to the next spawn phase;
    # FAQ: otherwise unspent points (bonus included) are lost at the end of the phase
    game = at([creature("x")], [FOE], {}, phase="initiative", turn=3)
    game.state.bonus_losses["A"] = 1
    play(game, "init 1 5", *["shift", "done"] * 4, "confirm")
    play(game, "init 5 2")
    assert game.spawn_points_left("A") == 9
    play(game, "done", "done", *["shift", "done"] * 4, "confirm", "init 5 2")
    assert game.spawn_points_left("A") == 7


def test_unknown_stats_cannot_be_spawned() -> None:
    game = at([creature("mystery", power=None)], [FOE], {}, phase="spawn")
    with pytest.raises(IllegalActionError) as err:
        play(game, "spawn A:mystery#1 a1")
    assert err.value.rule == "data.unknown_stats"
    assert game.legal_spawn_cells("A", "A:mystery#1") == frozenset()


def test_spawn_emits_an_event_and_done_passes_to_the_second_player() -> None:
    game = new_game([creature("x")], [FOE])
    events = play(game, "init 6 5", "spawn A:x#1 a1")
    assert kinds(events)[-1] == "spawned"
    assert events[-1].data == {"mini": "A:x#1", "cell": "a1", "seat": "A", "cost": 3}
    play(game, "done")
    assert (game.phase, game.phase_seat) == ("spawn", "B")


def test_only_the_phase_player_spawns() -> None:
    game = new_game([creature("x")], [FOE])
    play(game, "init 6 5")
    with pytest.raises(IllegalActionError):
        play(game, "spawn B:foe#1 e5")


def test_spawn_ability_is_paid_once_per_phase_and_its_effect_is_manual() -> None:
    # rulebook "spawn abilities": paid in spawn points, once per spawn phase each
    castle = location("castle", abilities=["manual: 0: move a target adjacent ally into this cell"])
    seer = creature("seer", abilities=["2: Haunt Gambit"])
    game = at([castle, seer], [FOE], {"A:castle#1": "b2", "A:seer#1": "b2"}, phase="spawn")
    events = play(game, "ability A:seer#1 haunt-gambit")
    assert events[0].data == {"mini": "A:seer#1", "ability": "2: Haunt Gambit", "paid": 2}
    assert game.spawn_points_left("A") == 5
    with pytest.raises(IllegalActionError) as err:
        play(game, "ability A:seer#1 haunt-gambit")
    assert err.value.rule == "spawn.ability"
    play(game, "ability A:castle#1 move-a-target-adjacent-ally-into-this-cell")
    assert game.spawn_points_left("A") == 5


def test_x_cost_spawn_ability_takes_the_chosen_x() -> None:
    # FAQ: X may be any whole number ≥ 0, including 0
    brute = creature("brute", abilities=["X: Assault X"])
    game = at([brute], [FOE], {"A:brute#1": "b2"}, phase="spawn")
    with pytest.raises(IllegalActionError):
        play(game, "ability A:brute#1 assault")
    play(game, "ability A:brute#1 assault 0")
    assert game.spawn_points_left("A") == 7


def test_a_creature_spawned_this_phase_may_use_its_spawn_ability() -> None:
    # FAQ: yes, if the points are there
    seer = creature("seer", cost=2, abilities=["2: Advance"])
    game = at([seer], [FOE], {}, phase="spawn")
    play(game, "spawn A:seer#1 a1", "ability A:seer#1 advance")
    assert game.spawn_points_left("A") == 3


def test_when_spawned_ability_is_flagged_for_the_players() -> None:
    eater = creature("eater", abilities=["manual: when spawned: Flux Ward"])
    game = at([eater], [FOE], {}, phase="spawn")
    events = play(game, "spawn A:eater#1 a1")
    assert kinds(events) == ["spawned", "dreamblade.manual_effect"]


def test_what_stops_a_reserve_miniature_is_named_by_its_rule() -> None:
    # the spawn list says why a miniature has no cell: the rule the engine would refuse it by
    minis = [creature("x"), creature("dear", cost=13), location("keep"), location("tower")]
    game = at(minis, [FOE], {}, phase="spawn", spawn_sum=12, turn=1)
    assert game.spawn_refusal("A", "A:x#1") is None  # the portal takes it
    assert game.spawn_refusal("A", "A:dear#1") == "spawn.points"
    assert game.spawn_refusal("A", "A:keep#1") == "spawn.location_needs_creature"
    play(game, "spawn A:x#1 a1", "spawn A:keep#1 a1")
    assert game.spawn_refusal("A", "A:tower#1") == "spawn.one_location"
    for mini in ("A:x#1", "A:keep#1", "A:tower#1"):  # what each refusal names, spawn refuses so
        cells = game.legal_spawn_cells("A", mini)
        assert (game.spawn_refusal("A", mini) is None) == bool(cells)


def test_a_portal_full_for_this_phase_is_why_a_creature_has_no_cell() -> None:
    minis = [creature("n", cost=0)] * 5
    game = at(minis, [FOE], {}, phase="spawn")
    play(game, *(f"spawn A:n#{k} a1" for k in range(1, 5)))
    assert game.legal_spawn_cells("A", "A:n#5") == frozenset()
    assert game.spawn_refusal("A", "A:n#5") == "spawn.four_per_cell"
