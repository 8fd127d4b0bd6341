"""Strikes and the FAQ's 10-step combat sequence (FAQ "combat"; rulebook "strike", "deathblows",
"damage lasts until the end of the phase", "disrupting and destroying")."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import AssignBlade, AssignDamage, Dice
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import at, creature, kinds, location, play

FOE = creature("foe", power=2, defense=3, life=5)


def strike(
    a: list[Miniature], b: list[Miniature], zones: dict[str, str], **kw: Any
) -> DreambladeGame:
    return at(list(a), list(b), zones, mode="strike", **kw)


# ---- choosing cells and attackers --------------------------------------------------------------


def test_only_contested_cells_and_each_once_per_phase() -> None:
    # rulebook "strike": cells one at a time, never the same cell twice in a phase
    game = strike([creature("x")], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"})
    assert game.pending().details["cells"] == ["c3"]
    play(game, "cell c3", "dice miss,miss")
    assert game.pending().kind == "choose_strike_cell"
    with pytest.raises(IllegalActionError) as err:
        play(game, "cell c3")
    assert err.value.rule == "strike.cell_once"


def test_dice_are_the_attackers_total_power() -> None:
    # FAQ step 2: roll as many attack dice as the attackers' total power
    minis = [creature("x", power=3), creature("y", power=0)]
    game = strike(minis, [FOE], {"A:x#1": "c3", "A:y#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3")
    assert game.pending().kind == "attack_dice"
    assert game.pending().details["dice"] == 3
    with pytest.raises(IllegalActionError) as err:
        play(game, "dice 1,2")
    assert err.value.rule == "FAQ combat step 2"


def test_the_player_chooses_attackers() -> None:
    # FAQ: not every creature in the cell has to attack
    minis = [creature("x", power=3), creature("y", power=2)]
    game = strike(minis, [FOE], {"A:x#1": "c3", "A:y#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3 A:y#1")
    assert game.pending().details["dice"] == 2


def test_attackers_must_be_own_creatures_in_the_cell() -> None:
    game = strike([creature("x")] * 2, [FOE], {"A:x#1": "c3", "A:x#2": "c4", "B:foe#1": "c3"})
    with pytest.raises(IllegalActionError) as err:
        play(game, "cell c3 A:x#2")
    assert err.value.rule == "strike.attackers"


def test_loner_attacks_only_alone() -> None:
    # FAQ Loner: it may not attack together with other creatures
    minis = [creature("lone", abilities=["Loner"]), creature("y")]
    game = strike(minis, [FOE], {"A:lone#1": "c3", "A:y#1": "c3", "B:foe#1": "c3"})
    with pytest.raises(IllegalActionError) as err:
        play(game, "cell c3")
    assert err.value.rule == "Loner"
    play(game, "cell c3 A:lone#1")
    assert game.pending().details["attackers"] == ["A:lone#1"]


# ---- dice and rerolls ------------------------------------------------------------------------


def test_fortunate_rerolls_up_to_n_dice() -> None:
    # FAQ Fortunate 2: reroll up to 2 dice each time it attacks; the old results are ignored
    stalker = creature("stalker", power=3, abilities=["Fortunate 2"])
    game = strike([stalker], [FOE], {"A:stalker#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice miss,miss,1")
    assert game.pending().kind == "reroll"
    with pytest.raises(IllegalActionError):
        play(game, "reroll miss,miss,1 to 3,3,3")
    play(game, "reroll miss,miss to 3,2")
    assert game.pending().details["damage"] == 6


def test_two_fortunate_abilities_are_two_separate_rerolls() -> None:
    # FAQ: two Faceless Stalkers reroll 2 dice, then 2 dice again (possibly the same ones)
    stalker = creature("stalker", power=1, abilities=["Fortunate 2"])
    game = strike([stalker] * 2, [FOE], {"A:stalker#1": "c3", "A:stalker#2": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice miss,miss", "reroll miss,miss to miss,1")
    assert game.pending().kind == "reroll"
    play(game, "reroll miss,1 to 3,3")
    assert game.pending().details["damage"] == 6


def test_declining_a_reroll() -> None:
    stalker = creature("stalker", power=1, abilities=["Fortunate 1"])
    game = strike([stalker], [FOE], {"A:stalker#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice 2", "reroll none")
    assert game.pending().details["damage"] == 2


def test_a_face_not_on_the_die_is_refused() -> None:
    game = strike([creature("x")], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3")
    with pytest.raises(IllegalActionError) as err:
        play(game, "dice 6,1")
    assert err.value.rule == "attack_die"


# ---- blades ----------------------------------------------------------------------------------


def test_crit_adds_damage_and_blades_are_mandatory() -> None:
    # FAQ step 3: every blade goes to a blade ability while one can take it; Crit is tallied
    dreamhunter = creature("hunter", power=2, abilities=["multi-blade: Crit 1"])
    game = strike([dreamhunter], [FOE], {"A:hunter#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice blade,blade")
    assert game.pending().kind == "assign_blade"
    assert game.pending().details["blades"] == 2
    with pytest.raises(IllegalActionError):
        play(game, "damage B:foe#1=2")
    play(game, "blade A:hunter#1 crit", "blade A:hunter#1 crit")
    assert game.pending().details["damage"] == 2


def test_single_blade_ability_takes_one_blade_then_blades_are_lost() -> None:
    # rulebook "blade": a single-blade ability takes one blade; unassignable blades do nothing
    brute = creature("brute", power=3, abilities=["blade: Crit 5"])
    game = strike([brute], [FOE], {"A:brute#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice 1,blade,blade", "blade A:brute#1 crit")
    assert game.pending().kind == "assign_damage"
    assert game.pending().details["damage"] == 6


def test_harmful_blade_is_forced_when_nothing_else_can_take_it() -> None:
    # rulebook Misbegotten Mutant example: first blade to Crit 5, the next must go to Fumble 5
    mutant = creature("mutant", power=3, abilities=["blade: Crit 5", "multi-blade: Fumble 5"])
    game = strike([mutant], [FOE], {"A:mutant#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice 3,blade,blade", "blade A:mutant#1 crit")
    blades = [str(a) for a in game.legal_actions() if isinstance(a, AssignBlade)]
    assert blades == ["blade A:mutant#1 fumble"]
    play(game, "blade A:mutant#1 fumble")
    assert game.pending().details["damage"] == 3


def test_fumble_cannot_take_damage_below_zero() -> None:
    # rulebook "minimums": damage never goes below 0 after all modifiers
    thug = creature("thug", power=2, abilities=["blade: Fumble 2"])
    game = strike([thug], [FOE], {"A:thug#1": "c3", "B:foe#1": "c3"})
    events = play(game, "cell c3", "dice 1,blade", "blade A:thug#1 fumble")
    assert game.pending().kind == "choose_strike_cell"  # 0 damage: nothing to assign
    assert kinds(events)[-1] == "dreamblade.combat_ended"


def test_double_blade_needs_two_blades() -> None:
    # rulebook "double blade": exactly two blades, never one
    axe = creature("axe", power=2, abilities=["double-blade: Crit 10"])
    game = strike([axe], [FOE], {"A:axe#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice 1,blade")
    assert game.pending().kind == "assign_damage"
    game2 = strike([axe], [FOE], {"A:axe#1": "c3", "B:foe#1": "c3"})
    play(game2, "cell c3", "dice blade,blade", "blade A:axe#1 crit")
    assert game2.pending().details["damage"] == 10


def test_unimplemented_blade_ability_takes_the_blade_and_is_flagged_manual() -> None:
    # the framework knows Payback is a blade ability, so the blade must go there; its effect is
    # the players' to apply (the miniature is "manual")
    scout = creature("scout", power=1, abilities=["blade: Payback"])
    game = strike([scout], [FOE], {"A:scout#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice blade")
    events = play(game, "blade A:scout#1 payback")
    assert events[0].kind == "dreamblade.manual_effect"
    assert events[0].data == {"mini": "A:scout#1", "ability": "blade: Payback"}
    assert game.setup.pieces["A:scout#1"].manual


def test_own_location_in_the_cell_takes_blades() -> None:
    # rulebook: a location's blade abilities are activated by its allies' attack in its cell
    keep = location("keep", abilities=["blade: Crit 2"])
    game = strike([creature("x"), keep], [FOE], {"A:x#1": "c3", "A:keep#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice blade,1", "blade A:keep#1 crit")
    assert game.pending().details["damage"] == 3


# ---- damage ----------------------------------------------------------------------------------


def test_all_damage_goes_to_enemies_in_the_cell() -> None:
    # FAQ step 4: all damage assigned, only to enemy creatures in the cell, never to own
    game = strike(
        [creature("x", power=2)], [FOE, FOE], {"A:x#1": "c3", "B:foe#1": "c3", "B:foe#2": "c4"}
    )
    play(game, "cell c3", "dice 2,1")
    for wrong in ("damage B:foe#1=2", "damage B:foe#1=2,B:foe#2=1", "damage A:x#1=3"):
        with pytest.raises(IllegalActionError):
            play(game, wrong)
    damage = [a for a in game.legal_actions() if isinstance(a, AssignDamage)]
    assert damage == [AssignDamage((("B:foe#1", 3),))]


def test_damage_below_defense_stays_until_the_phase_ends() -> None:
    # rulebook "damage lasts until the end of the phase"; FAQ "when does damage go away"
    game = strike([creature("x")], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice 2,miss", "damage B:foe#1=2")
    assert game.board()["c3"][1].damage == 2
    play(game, "done")
    assert game.state.damage == {}


def test_bodyguard_takes_enough_to_fall_before_its_allies_take_any() -> None:
    # FAQ Bodyguard: no damage to non-Bodyguard allies until each Bodyguard has enough to be
    # disrupted or destroyed
    samurai = creature("samurai", defense=5, life=8, abilities=["Bodyguard"])
    game = strike(
        [creature("x", power=3)],
        [samurai, FOE],
        {"A:x#1": "c3", "B:samurai#1": "c3", "B:foe#1": "c3"},
    )
    play(game, "cell c3", "dice 3,3,1")
    with pytest.raises(IllegalActionError) as err:
        play(game, "damage B:samurai#1=4,B:foe#1=3")
    assert err.value.rule == "Bodyguard"
    legal = game.legal_actions()
    assert AssignDamage((("B:samurai#1", 5), ("B:foe#1", 2))) in legal
    assert AssignDamage((("B:samurai#1", 7),)) in legal
    assert AssignDamage((("B:samurai#1", 4), ("B:foe#1", 3))) not in legal
    play(game, "damage B:samurai#1=5,B:foe#1=2")


# ---- disrupt, destroy, deathblows --------------------------------------------------------------


def test_defense_reached_must_disrupt_into_an_empty_cell() -> None:
    # FAQ step 5 + 7: damage ≥ defense must disrupt; the creature goes to an empty cell
    game = strike([creature("x", power=2)], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3", "dice 3,miss", "damage B:foe#1=3")
    assert game.pending().kind == "place_disruption"
    assert game.pending().seat == "A"
    with pytest.raises(IllegalActionError) as err:
        play(game, "place B:foe#1 c3")
    assert err.value.rule == "disrupt.empty_cell"
    events = play(game, "place B:foe#1 e1")
    assert events[0].kind == "disrupted"
    assert game.state.zone["B:foe#1"] == "e1"
    assert game.state.damage == {}  # step 8: disrupted creatures lose their damage


def test_a_cell_with_only_a_location_is_not_empty() -> None:
    # FAQ: a disrupted creature cannot go to a cell holding only a location
    game = strike(
        [creature("x", power=2), location("keep")],
        [FOE],
        {"A:x#1": "c3", "B:foe#1": "c3", "A:keep#1": "e1"},
    )
    play(game, "cell c3", "dice 3,miss", "damage B:foe#1=3")
    assert "e1" not in game.pending().details["cells"]


def test_disruptions_fill_cells_one_at_a_time() -> None:
    # FAQ: two creatures disrupted in one combat cannot go to the same cell
    game = strike(
        [creature("x", power=3)], [FOE, FOE], {"A:x#1": "c3", "B:foe#1": "c3", "B:foe#2": "c3"}
    )
    play(game, "cell c3", "dice 3,3,miss", "damage B:foe#1=3,B:foe#2=3", "place B:foe#1 e1")
    assert "e1" not in game.pending().details["cells"]
    with pytest.raises(IllegalActionError):
        play(game, "place B:foe#2 e1")


def test_pariah_3_4_with_4_damage_may_be_disrupted_or_destroyed() -> None:
    # FAQ: Cannibal Pariah (defense 3, life 4) with 4 damage — the attacker chooses
    pariah = creature("pariah", defense=3, life=4)
    game = strike(
        [creature("x", power=2)], [pariah], {"A:x#1": "c3", "B:pariah#1": "c3"}, seat="B", first="A"
    )
    game.state.phase_seat = "A"
    play(game, "cell c3", "dice 3,1", "damage B:pariah#1=4")
    assert game.pending().kind == "disrupt_or_destroy"
    assert {str(a) for a in game.legal_actions()} == {"disrupt B:pariah#1", "destroy B:pariah#1"}


def test_destroying_scores_for_the_destroyer_and_gives_the_owner_bonus_points() -> None:
    # rulebook "life": the opponent gets 1 conquest point, the owner 2 bonus spawn points
    game = strike([creature("x", power=3)], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"}, first="B")
    events = play(game, "cell c3", "dice 3,2,miss", "damage B:foe#1=5", "destroy B:foe#1")
    assert "destroyed" in kinds(events)
    assert game.state.zone["B:foe#1"] == "graveyard"
    assert game.state.kills == {"A": 1, "B": 0}
    assert game.state.bonus_losses["B"] == 1
    assert game.tally() == {"A": 5 + 1, "B": 0}  # c3 now claimed, plus the kill


def test_deathblow_in_the_first_players_action_phase() -> None:
    # rulebook "deathblows" + FAQ step 6: the second player's creatures about to be destroyed
    # attack with their power; blades are misses; damage may go to any enemy in their cell
    bystander = creature("bystander", power=0, defense=2, life=4)
    minis = [creature("x", power=3), bystander]
    zones = {"A:x#1": "c3", "A:bystander#1": "c3", "B:foe#1": "c3"}
    game = strike(minis, [FOE], zones, first="A")
    events = play(game, "cell c3 A:x#1", "dice 3,3,miss", "damage B:foe#1=6", "destroy B:foe#1")
    assert kinds(events)[-1] == "deathblow"
    assert (game.pending().kind, game.pending().seat) == ("deathblow_dice", "B")
    assert game.pending().details["dice"] == 2
    play(game, "dice blade,2")  # the blade is a miss: 2 damage, no blade assignment
    assert game.pending().kind == "assign_damage"
    assert game.pending().details["targets"] == ["A:bystander#1", "A:x#1"]
    play(game, "damage A:bystander#1=2")
    # the phase player's victim is carried out first, then the bystander (2 ≥ defense 2) is
    # disrupted; B places it, being its opponent
    assert game.state.zone["B:foe#1"] == "graveyard"
    assert (game.pending().kind, game.pending().seat) == ("place_disruption", "B")
    play(game, "place A:bystander#1 a5")
    assert game.pending().kind == "choose_strike_cell"


def test_no_deathblow_in_the_second_players_action_phase() -> None:
    # rulebook: creatures destroyed in the second player's action phases make no deathblow
    victim = creature("victim", power=4)
    game = strike(
        [creature("x", power=3)], [victim], {"A:x#1": "c3", "B:victim#1": "c3"}, first="B"
    )
    play(game, "cell c3", "dice 3,3,miss", "damage B:victim#1=6", "destroy B:victim#1")
    assert game.pending().kind == "choose_strike_cell"


def test_no_deathblow_when_disrupted() -> None:
    # rulebook: disrupted creatures make no deathblow
    game = strike([creature("x", power=3)], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"}, first="A")
    play(game, "cell c3", "dice 3,3,miss", "damage B:foe#1=6", "disrupt B:foe#1")
    assert game.pending().kind == "place_disruption"


def test_deathblows_in_one_cell_are_made_together() -> None:
    # FAQ step 6: all deathblows from one cell are one attack
    game = strike(
        [creature("x", power=3)], [FOE, FOE], {"A:x#1": "c3", "B:foe#1": "c3", "B:foe#2": "c3"}
    )
    play(game, "cell c3", "dice 3,3,3", "damage B:foe#1=5,B:foe#2=4", "destroy B:foe#1")
    assert game.pending().details["dice"] == 2  # only foe#1 is destroyed (foe#2 disrupts)


def test_loner_deathblows_only_alone() -> None:
    # FAQ Loner: of two creatures making a deathblow, one being a Loner, only one attacks
    loner = creature("lone", power=5, abilities=["Loner"])
    zones = {"A:x#1": "c3", "B:lone#1": "c3", "B:foe#1": "c3"}
    game = strike([creature("x", power=4)], [loner, FOE], zones)
    play(game, "cell c3", "dice 3,3,3,1", "damage B:lone#1=5,B:foe#1=5")
    play(game, "destroy B:lone#1", "destroy B:foe#1")
    assert game.pending().kind == "choose_deathblowers"
    assert game.pending().details["choices"] == [["B:lone#1"], ["B:foe#1"]]
    play(game, "deathblowers B:lone#1")
    assert game.pending().details["dice"] == 5


def test_regenerate_returns_to_reserve_without_points_bonus_or_deathblow() -> None:
    # FAQ Regenerate: destroyed → back to the reserve; no deathblow, no bonus, no conquest point
    scissors = creature("scissors", power=2, defense=2, life=5, abilities=["Regenerate"])
    game = strike(
        [creature("x", power=3)], [scissors], {"A:x#1": "c3", "B:scissors#1": "c3"}, first="A"
    )
    events = play(game, "cell c3", "dice 3,2,miss", "damage B:scissors#1=5", "destroy B:scissors#1")
    assert "returned_to_reserve" in kinds(events)
    assert game.state.zone["B:scissors#1"] == "reserve"
    assert game.state.kills == {"A": 0, "B": 0}
    assert game.state.bonus_losses["B"] == 0
    assert game.pending().kind == "choose_strike_cell"


def test_deathblow_damage_loops_back_to_step_5() -> None:
    # FAQ step 9: the deathblow's damage can destroy the attacker; it is decided in a new pass
    x = creature("x", power=3, defense=2, life=3)
    game = strike([x], [creature("big", power=3)], {"A:x#1": "c3", "B:big#1": "c3"}, first="A")
    play(
        game, "cell c3", "dice 3,3,miss", "damage B:big#1=6", "destroy B:big#1", "dice 3,miss,miss"
    )
    play(game, "damage A:x#1=3")
    assert game.pending().kind == "disrupt_or_destroy" and game.pending().seat == "B"
    play(game, "destroy A:x#1")
    assert game.state.zone["A:x#1"] == "graveyard"
    assert game.state.kills == {"A": 1, "B": 1}
    assert game.pending().kind == "choose_strike_cell"


def test_dice_collection_membership_is_exact() -> None:
    game = strike([creature("x", power=2)], [FOE], {"A:x#1": "c3", "B:foe#1": "c3"})
    play(game, "cell c3")
    legal = game.legal_actions()
    assert Dice(("blade", "1")) in legal
    assert Dice(("1",)) not in legal
    assert len(list(legal)) == len(legal) == 15  # 5 distinct faces, 2 dice, unordered


# "Test Pull", "Test Push", "Test Shove", "Test Call", "Test Step" stand for abilities the engine
# does not implement: the players apply their moves with `relocate` (FAQ rulings on Lure,
# Skirmish, Knight of Tomorrow, Defender)


def test_enemy_moved_in_by_a_blade_ability_can_take_the_damage() -> None:
    # FAQ: damage goes to enemies in the cell when it is assigned, including one pulled in
    lurer = creature("lurer", power=2, abilities=["manual: blade: Test Pull"])
    zones = {"A:lurer#1": "c3", "B:foe#1": "c3", "B:foe#2": "c4"}
    game = strike([lurer], [FOE, FOE], zones)
    play(game, "cell c3", "dice 3,blade", "blade A:lurer#1 test-pull", "relocate B:foe#2 c3")
    assert game.pending().details["targets"] == ["B:foe#1", "B:foe#2"]
    play(game, "damage B:foe#2=3")


def test_enemy_moved_out_can_no_longer_take_damage() -> None:
    # FAQ: an enemy moved out of the combat cell cannot be assigned damage
    pusher = creature("pusher", power=2, abilities=["manual: blade: Test Push"])
    zones = {"A:pusher#1": "c3", "B:foe#1": "c3", "B:foe#2": "c3"}
    game = strike([pusher], [FOE, FOE], zones)
    play(game, "cell c3", "dice 3,blade", "blade A:pusher#1 test-push", "relocate B:foe#2 d3")
    assert game.pending().details["targets"] == ["B:foe#1"]


def test_blade_to_an_attacker_moved_out_of_the_cell_is_still_owed() -> None:
    # FAQ Knight of Tomorrow + Iron Thug: a blade ability moves the Thug away; it attacked, so
    # the second blade can — and must — go to its Fumble 2, lowering this combat's damage
    knight = creature("knight", power=1, abilities=["manual: blade: Test Shove"])
    thug = creature("thug", power=1, abilities=["blade: Fumble 2"])
    zones = {"A:knight#1": "c3", "A:thug#1": "c3", "B:foe#1": "c3"}
    game = strike([knight, thug], [FOE], zones)
    play(game, "cell c3", "dice blade,blade", "blade A:knight#1 test-shove", "relocate A:thug#1 c2")
    assert game.pending().details["options"] == ["A:thug#1 fumble"]
    play(game, "blade A:thug#1 fumble")
    assert game.pending().kind == "choose_strike_cell"  # no damage left to assign


def test_no_blade_to_a_creature_that_arrived_during_the_combat() -> None:
    # FAQ: only miniatures that attacked in this combat take its blades
    caller = creature("caller", power=2, abilities=["manual: multi-blade: Test Call"])
    critter = creature("critter", power=1, abilities=["blade: Crit 2"])
    zones = {"A:caller#1": "c3", "A:critter#1": "c4", "B:foe#1": "c3"}
    game = strike([caller, critter], [FOE], zones)
    play(game, "cell c3", "dice blade,blade", "blade A:caller#1 test-call")
    play(game, "relocate A:critter#1 c3")
    assert game.pending().details["options"] == ["A:caller#1 test-call"]


def test_defender_may_be_moved_into_enemies_by_abilities() -> None:
    # FAQ Defender: only its own shift is restricted; Advance, Skirmish, Swap… may put it there
    saint = creature("saint", abilities=["Defender", "manual: 0: Test Step"])
    game = at([saint], [FOE], {"A:saint#1": "c3", "B:foe#1": "c4"}, phase="spawn")
    play(game, "ability A:saint#1 test-step", "relocate A:saint#1 c4")
    assert game.engaged_creatures() == {"A:saint#1", "B:foe#1"}
