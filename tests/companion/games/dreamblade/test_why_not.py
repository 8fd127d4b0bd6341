"""The actions a decision leaves out, named by the rule that stops them, and why each scoring
cell is claimed or not."""

from __future__ import annotations

from companion.games.dreamblade.why_not import claim_reasons, missing_actions
from tests.companion.games.dreamblade.builders import at, creature, play

HERO = creature("hero", power=4, defense=9, life=9)
FOE = creature("foe", defense=3, life=6)


def test_strike_is_missing_because_none_of_yours_is_engaged():
    game = at([HERO], [FOE], {"A:hero#1": "c3", "B:foe#1": "e5"})
    assert game.pending().kind == "choose_action"
    assert [str(a) for a in game.legal_actions()] == ["shift"]
    assert missing_actions(game.setup, game.state) == [
        {"action": "strike", "rule": "strike.none_engaged"}
    ]


def test_strike_offered_means_nothing_is_missing():
    game = at([HERO], [FOE], {"A:hero#1": "c3", "B:foe#1": "c3"})
    assert "strike" in [str(a) for a in game.legal_actions()]
    assert missing_actions(game.setup, game.state) == []


def test_strike_with_no_creature_in_play_says_so():
    game = at([HERO], [FOE], {"B:foe#1": "e5"})
    assert missing_actions(game.setup, game.state) == [
        {"action": "strike", "rule": "strike.no_creatures"}
    ]


def test_a_shift_with_every_creature_engaged_says_why_nothing_moves():
    game = at([HERO], [FOE], {"A:hero#1": "c3", "B:foe#1": "c3"})
    play(game, "shift")
    assert [str(a) for a in game.legal_actions()] == ["done"]
    assert missing_actions(game.setup, game.state) == [
        {"action": "move", "rule": "shift.all_engaged"}
    ]


def test_each_scoring_cell_says_who_claims_it_and_why():
    game = at([HERO, HERO], [FOE, FOE], {})
    setup = game.setup
    a_cells = setup.dream_map.scoring_cells("A")
    b_cells = setup.dream_map.scoring_cells("B")
    both = sorted(set(a_cells) & set(b_cells))
    only_b = sorted(set(b_cells) - set(a_cells))
    zones = {"A:hero#1": both[0], "B:foe#1": both[0], "A:hero#2": only_b[0], "B:foe#2": both[1]}
    game = at([HERO, HERO], [FOE, FOE], zones)
    reasons = {c["cell"]: c for c in claim_reasons(game.setup, game.state)}
    assert set(reasons) == set(a_cells) | set(b_cells)
    assert reasons[both[0]]["reason"] == "contested"
    assert reasons[both[1]]["reason"] == "held" and reasons[both[1]]["claimed_by"] == "B"
    assert reasons[only_b[0]]["reason"] == "not_theirs"
    assert reasons[only_b[0]]["holders"] == ["A"] and reasons[only_b[0]]["claimed_by"] is None
    empty = next(c for c in reasons.values() if not c["holders"])
    assert empty["reason"] == "empty"
    assert {c for c, r in reasons.items() if r["claimed_by"]} == set(game.claims())
