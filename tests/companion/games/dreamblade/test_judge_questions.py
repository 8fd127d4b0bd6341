"""A judge's questions, each position set up through the position editor (edit lines, never
JSON) and each answer checked (issue 17: modifier minimums after all modifiers, own-ability
destruction by each ability that can do it, impossible positions refused with nothing
changed)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.games.dreamblade import effects, questions
from companion.games.dreamblade.editor import EditError, PositionEditor
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import FACES, creature, location, play
from tests.companion.games.dreamblade.builders import test_map as map_of_known_values

CATALOG: dict[str, Miniature] = {
    m.id: m
    for m in (
        creature("knight", cost=3, aspects="V", power=2, defense=3, life=5),
        creature("squire", cost=1, aspects="VV", power=1, defense=2, life=3),
        creature("brute", cost=4, power=3, defense=4, life=6),
        creature("spider", cost=3, power=1, defense=9, life=9, abilities=["multi-blade: Venom 2"]),
        creature("mate", cost=2, power=0, defense=9, life=9),
        creature("lord", cost=5, power=1, defense=9, life=9, abilities=["blade: Payback"]),
        creature(
            "wrecker", cost=3, power=2, defense=9, life=9, abilities=["double-blade: Demolish"]
        ),
        creature("sulker", cost=3, power=1, defense=9, life=9, abilities=["blade: Tantrum"]),
        creature("wolf", cost=3, power=1, defense=9, life=9, abilities=["blade: Bomb 4"]),
        creature("eater", cost=3, power=1, defense=9, life=9, abilities=["when spawned: Appease"]),
        creature("saint", cost=3, power=1, defense=9, life=9, abilities=["Defender"]),
        creature(
            "glory",
            cost=3,
            power=1,
            defense=9,
            life=9,
            lineage="Janus",
            abilities=["Bolster Janus 2"],
        ),
        creature("janus", cost=3, power=1, defense=2, life=9, lineage="Janus"),
        creature("inciter", cost=3, power=0, defense=9, life=9, abilities=["Inciter 1"]),
        creature(
            "blademaster", cost=9, power=1, defense=9, life=9, abilities=["multi-blade: Crit 1"]
        ),
        creature("medusa", cost=7, power=3, defense=6, life=8),
        location("hut"),
        location("tower"),
    )
}
CATALOG["medusa"] = Miniature(**{**CATALOG["medusa"].__dict__, "rarity": "unique"})


def edited(*edits: str) -> PositionEditor:
    editor = PositionEditor.empty(map_of_known_values(), FACES)
    editor.apply_all(list(edits), CATALOG)
    return editor


def game_of(editor: PositionEditor) -> DreambladeGame:
    return DreambladeGame.from_parts(editor.setup, editor.state.clone())


def refused(editor: PositionEditor, edit: str, code: str) -> None:
    before = editor.position()
    with pytest.raises(EditError) as error:
        editor.apply(edit, CATALOG)
    assert [p.code for p in error.value.problems] == [code]
    assert editor.position() == before  # nothing changed


# ---- spawning: cells and costs ----------------------------------------------------------------


def test_q01_spawn_cost_counts_the_aspect_symbols_no_ally_covers() -> None:
    editor = edited("add A knight", "add A squire", "phase spawn A 7")
    answer = questions.spawn(game_of(editor), "A")
    costs = {m["name"]: m["cost"] for m in answer["minis"]}
    assert costs == {"Knight": 4, "Squire": 3}  # 3+1 V, 1+2 VV: no Valor ally in play
    assert answer["in_phase"] and answer["points"] == 7
    knight = next(m for m in answer["minis"] if m["name"] == "Knight")
    assert knight["cells"] == ["a1"]  # no miniature of A's in any column yet: the portal only


def test_q02_an_ally_in_play_covers_one_symbol_of_each_aspect() -> None:
    editor = edited("add A knight b3", "add A squire", "phase spawn A 7")
    answer = questions.spawn(game_of(editor), "A")
    assert [m["cost"] for m in answer["minis"]] == [2]  # 1 + (VV − one V covered)
    assert answer["minis"][0]["cells"] == ["a1", "b1"]  # the knight opens column b


def test_q03_a_spawn_cost_modifier_is_applied_before_the_minimum() -> None:
    # Squire: printed 1, 2 uncovered symbols; the judge's −3: 1 − 3 + 2 = 0, not (0) + 2
    editor = edited("add A squire", "modifier A:squire#1 cost -3", "phase spawn A 7")
    assert questions.spawn(game_of(editor), "A")["minis"][0]["cost"] == 0
    editor.apply("modifier A:squire#1 cost -9")  # set, not added: still at the minimum 0
    assert questions.spawn(game_of(editor), "A")["minis"][0]["cost"] == 0
    editor.apply("modifier A:squire#1 cost -1")
    assert questions.spawn(game_of(editor), "A")["minis"][0]["cost"] == 2


def test_q04_a_miniature_costing_more_than_the_points_left_is_flagged() -> None:
    editor = edited("add A brute", "phase spawn A 3")
    (brute,) = questions.spawn(game_of(editor), "A")["minis"]
    assert (brute["cost"], brute["problem"]) == (4, "spawn.points")


# ---- modifiers: the rulebook's minimums after all modifiers -----------------------------------


def test_q05_life_never_drops_below_1_and_one_damage_then_destroys() -> None:
    editor = edited("add A brute c3", "add B knight c3", "phase action A 1 strike",
                    "modifier B:knight#1 life -9")  # fmt: skip
    game = game_of(editor)
    assert effects.creature_life(game.setup, game.state, "B:knight#1") == 1
    (target,) = questions.odds(game, "c3")["targets"]
    assert (target["defense"], target["life"]) == (3, 1)
    assert target["destroy_possible"]["exact"] == str(1 - Fraction(1, 2) ** 3)  # ≥ 1 damage


def test_q06_defense_is_recomputed_from_the_printed_value_with_every_modifier() -> None:
    # printed 2, Bolster +2, the judge's −4: 0 → 1 (not max(1, 2 − 4) + 2 = 3)
    editor = edited("add A glory c3", "add A janus c3", "add B brute c3",
                    "modifier A:janus#1 defense -4", "phase action B 1 strike")  # fmt: skip
    game = game_of(editor)
    assert effects.creature_defense(game.setup, game.state, "A:janus#1") == 1
    editor.apply("place A:glory#1 graveyard")  # Bolster gone: 2 − 4 → 1 still
    assert effects.creature_defense(editor.setup, editor.state, "A:janus#1") == 1
    editor.apply("modifier A:janus#1 defense -1")  # the modifier is set again: 2 − 1
    assert effects.creature_defense(editor.setup, editor.state, "A:janus#1") == 1
    editor.apply("modifier A:janus#1 defense +3")
    assert effects.creature_defense(editor.setup, editor.state, "A:janus#1") == 5


def test_q07_power_is_at_least_0_after_auras_and_modifiers() -> None:
    # printed 3, the enemy Inciter +1, the judge's −5: −1 → 0 dice (not 0 + 1)
    editor = edited("add A brute c3", "add B inciter c3", "modifier A:brute#1 power -5",
                    "phase action A 1 strike")  # fmt: skip
    answer = questions.odds(game_of(editor), "c3")
    assert answer["dice"] == 0
    (target,) = answer["targets"]
    assert target["disrupt_or_better"]["exact"] == "0"


def test_q08_a_modifier_on_a_miniature_not_in_play_is_refused() -> None:
    editor = edited("add A brute", "add A knight graveyard")
    refused(editor, "modifier A:brute#1 life -1", "modifier.not_in_play")  # in the reserve
    refused(editor, "modifier A:knight#1 cost -1", "modifier.not_in_play")  # in the graveyard


def test_q09_a_modifier_leaves_with_its_miniature() -> None:
    editor = edited("add A brute c3", "modifier A:brute#1 life -2", "modifier A:brute#1 cost -1")
    editor.apply("place A:brute#1 reserve")
    assert editor.state.modifiers == (("A:brute#1", "cost", -1),)  # the cost still matters
    editor.apply("place A:brute#1 graveyard")
    assert editor.state.modifiers == ()


# ---- impossible positions ----------------------------------------------------------------------


def test_q10_five_creatures_of_a_seat_in_a_cell_are_refused_but_not_on_its_portal() -> None:
    editor = edited(*["add A mate c3"] * 3, "add A knight c3")
    refused(editor, "add A brute c3", "cell.stack_limit")
    moves = [f"place {m} a1" for m in list(editor.setup.pieces)]
    editor.apply_all([*moves, "add A brute a1"], CATALOG)
    assert len(editor.state.occupants()["a1"]) == 5


def test_q11_two_locations_in_a_cell_are_refused() -> None:
    refused(edited("add A hut c3"), "add B tower c3", "cell.two_locations")


def test_q12_two_copies_of_a_unique_miniature_are_refused() -> None:
    refused(edited("add A medusa"), "add A medusa", "warband.unique")


def test_q13_an_unknown_miniature_or_cell_is_refused_with_nothing_changed() -> None:
    editor = edited("add A brute c3")
    refused(editor, "add A nobody c3", "mini.not_in_catalog")
    refused(editor, "place A:ghost#1 c3", "mini.unknown")
    refused(editor, "place A:brute#1 f9", "edit.where")
    refused(editor, "damage A:brute#1 4", "damage.too_much")  # 4 ≥ defense 4: already disrupted


# ---- shifts, engagement, claims, odds, keywords ------------------------------------------------


def test_q14_engaged_creatures_cannot_shift_and_a_defender_avoids_enemies() -> None:
    editor = edited("add A brute c3", "add B knight c3", "add A saint b2", "add B mate b3",
                    "phase action A 1 shift")  # fmt: skip
    answer = {c["name"]: c for c in questions.shifts(game_of(editor), "A")["creatures"]}
    assert answer["Brute"]["engaged"] and answer["Brute"]["cells"] == []
    assert answer["Saint"]["cells"] == ["a2", "b1", "c2"]  # not b3: an enemy is there


def test_q15_engagement_lists_the_contested_cells_with_their_creatures() -> None:
    editor = edited("add A brute c3", "add B knight c3", "add B mate d3")
    answer = questions.engaged(game_of(editor))
    assert [c["cell"] for c in answer["cells"]] == ["c3"]
    assert {m["name"] for m in answer["cells"][0]["creatures"]} == {"Brute", "Knight"}
    assert answer["count"] == 2


def test_q16_who_claims_each_scoring_cell_and_the_turn_s_tally() -> None:
    # test map: b4 = 3 (A's), c3 = 5 (both), d2 = 1 (B's); A also destroyed one enemy
    editor = edited("add A brute b4", "add A knight c3", "add B mate c3", "add B squire d2",
                    "kills A 1", "phase conquest")  # fmt: skip
    answer = questions.claims(game_of(editor))
    claimed = {c["cell"]: c["claimed_by"] for c in answer["cells"] if c["holders"]}
    assert claimed == {"b4": "A", "c3": None, "d2": "B"}
    assert answer["tally"] == {"A": 4, "B": 1} and answer["winner"] == "A"
    assert {c["value_status"] for c in answer["cells"]} == {"confirmed"}  # map not provisional


def test_q17_a_claimed_cell_of_unknown_value_must_be_told_first() -> None:
    editor = PositionEditor.empty(map_of_known_values(b4=None), FACES)
    editor.apply_all(["add A brute b4", "phase conquest"], CATALOG)
    answer = questions.claims(game_of(editor))
    assert answer["unknown"] == ["b4"] and answer["winner"] is None and not answer["tie"]


def test_q18_strike_odds_are_exact_and_count_damage_already_taken() -> None:
    editor = edited("add A mate c3", "add A squire c3", "add B knight c3", "damage B:knight#1 2",
                    "phase action A 1 strike")  # fmt: skip
    answer = questions.odds(game_of(editor), "c3")
    assert answer["dice"] == 1 and answer["die_status"] == "unconfirmed"
    (knight,) = answer["targets"]
    # one die (1, 2, 3, miss, miss, blade): defense 3 − 2 needs ≥ 1, life 5 − 2 needs 3
    assert knight["disrupt_or_better"]["exact"] == "1/2"
    assert knight["destroy_possible"]["exact"] == "1/6"


def test_q19_a_multi_blade_crit_is_counted_in_the_odds() -> None:
    editor = edited("add A blademaster c3", "add B knight c3", "damage B:knight#1 2",
                    "phase action A 1 strike")  # fmt: skip
    answer = questions.odds(game_of(editor), "c3")
    assert answer["crit"] == {"mini": "A:blademaster#1", "name": "Blademaster", "amount": 1,
                              "multi": True, "blades": 1}  # fmt: skip
    # one die: 1, 2, 3 or a blade paying Crit 1 → at least the 1 more damage needed on 4 of 6
    assert answer["targets"][0]["disrupt_or_better"]["exact"] == "2/3"


def test_q20_what_a_keyword_does_and_a_misspelt_one() -> None:
    crit = questions.keyword("Crit")
    assert crit["implemented"] and crit["slug"] == "crit"
    assert questions.keyword("Payback")["implemented"] is False
    typo = questions.keyword("Bodygaurd")
    assert typo["keyword"] is None and typo["closest"] == "Bodyguard"


# ---- own-ability destruction, by each ability that can do it ----------------------------------


def test_q21_own_venom_destroying_own_creature_scores_for_nobody() -> None:
    editor = edited("add A spider c3", "add A mate c3", "add B brute c3", "phase action A 1 strike")
    game = game_of(editor)
    play(game, "cell c3 A:spider#1", "dice blade", "blade A:spider#1 venom A:mate#1")
    assert game.state.zone["A:mate#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0} and game.state.bonus_losses["A"] == 1
    assert questions.claims(game)["tally"]["B"] == 0


def test_q22_a_cost_modifier_moves_the_poison_threshold() -> None:
    # mate costs 2; the judge's +3 makes it 5: 2 poison no longer destroys it
    editor = edited("add A spider c3", "add A mate c3", "add B brute c3",
                    "modifier A:mate#1 cost +3", "phase action A 1 strike")  # fmt: skip
    game = game_of(editor)
    play(game, "cell c3 A:spider#1", "dice blade", "blade A:spider#1 venom A:mate#1")
    assert game.state.zone["A:mate#1"] == "c3"


def test_q23_own_manual_ability_hurting_own_creature_to_death_is_a_self_destruction() -> None:
    editor = edited("add A lord c3", "add A knight c3", "add B brute c3", "phase action A 1 strike")
    game = game_of(editor)
    play(game, "cell c3 A:lord#1", "dice blade", "blade A:lord#1 payback", "hurt A:knight#1 5")
    # 5 ≥ defense 3 and life 5: the opponent chooses; destroyed, it is still A's own doing
    assert game.pending().kind == "disrupt_or_destroy" and game.pending().seat == "B"
    play(game, "destroy A:knight#1")
    assert game.state.zone["A:knight#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0} and game.state.bonus_losses["A"] == 1


def test_q24_own_demolish_on_own_location_is_a_self_destruction() -> None:
    editor = edited("add A wrecker c3", "add A hut c3", "add B brute c3", "phase action A 1 strike")
    game = game_of(editor)
    play(game, "cell c3 A:wrecker#1", "dice blade,blade", "blade A:wrecker#1 demolish A:hut#1")
    assert game.state.zone["A:hut#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0} and game.state.bonus_losses["A"] == 1


def test_q25_own_manual_self_destroy_is_a_self_destruction() -> None:
    editor = edited("add A lord c3", "add A knight c3", "add B brute c3", "phase action A 1 strike")
    game = game_of(editor)
    play(game, "cell c3 A:lord#1", "dice blade", "blade A:lord#1 payback",
         "self-destroy A:knight#1")  # fmt: skip
    assert game.state.kills == {"A": 0, "B": 0} and game.state.bonus_losses["A"] == 1


@pytest.mark.parametrize(
    ("setup", "actions", "victim"),
    [
        (["add A sulker c3", "add A mate c3"], ["blade A:sulker#1 tantrum A:mate#1"], "A:mate#1"),
        (["add A wolf c3"], ["blade A:wolf#1 bomb"], "A:wolf#1"),
    ],
)
def test_q26_own_sacrifices_score_nothing_and_give_no_bonus(
    setup: list[str], actions: list[str], victim: str
) -> None:
    editor = edited(*setup, "add B brute c3", "phase action A 1 strike")
    game = game_of(editor)
    attacker = setup[0].split()[2]
    play(game, f"cell c3 A:{attacker}#1", "dice blade", *actions)
    assert game.state.zone[victim] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0} and game.state.bonus_losses["A"] == 0


def test_q27_appease_sacrifices_an_own_creature_when_spawned() -> None:
    editor = edited("add A eater", "add A mate b1", "phase spawn A 9")
    game = game_of(editor)
    play(game, "spawn A:eater#1 a1", "target A:mate#1")
    assert game.state.zone["A:mate#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0} and game.state.bonus_losses["A"] == 0


# ---- positions read back exactly ----------------------------------------------------------------


def test_the_editor_s_position_reads_back_exactly() -> None:
    editor = edited("add A brute c3", "add B knight c3", "add A hut b2", "damage B:knight#1 2",
                    "modifier A:brute#1 life -2", "poison B:knight#1 1", "wins B 3", "turn 4",
                    "first B", "phase action B 2 strike")  # fmt: skip
    again = PositionEditor.from_position(editor.position())
    assert again.position() == editor.position()
    assert game_of(again).pending().kind == "choose_strike_cell"
