"""Manual adjustments after an ability the engine does not implement (issue 3: the players adjust
damage, destruction, returns to the reserve and points; the record keeps each adjustment)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import AdjustPoints, Hurt, parse_action
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import at, creature, kinds, play

PAYBACK = creature("dragon", power=1, defense=9, life=9, abilities=["blade: Payback"])
FOE = creature("foe", power=0, defense=3, life=5)
TROLL = creature("troll", power=0, defense=9, life=2, abilities=["Regenerate"])
REAPER = creature("reaper", power=0, defense=9, life=9, abilities=["Ambush 2"])
WALL = creature("wall", power=0, defense=9, life=9)


def after_payback(b: list[Miniature], zones: dict[str, str]) -> DreambladeGame:
    """Seat A's Payback (not implemented) just took a blade: A may adjust."""
    zones = {"A:dragon#1": "c3", "B:wall#1": "c3", **zones}
    game = at([PAYBACK], [WALL, *b], zones, mode="strike")
    play(game, "cell c3", "dice blade", "blade A:dragon#1 payback")
    return game


def test_notation_round_trips() -> None:
    for text in (
        "hurt B:foe#1 3",
        "eliminate B:foe#1",
        "return B:foe#1",
        "points A +2",
        "points B -1",
    ):
        assert str(parse_action(text)) == text
    with pytest.raises(ValueError):
        parse_action("points A 0")


def test_nothing_to_adjust_without_a_manual_ability_just_used() -> None:
    game = at([PAYBACK], [FOE], {"A:dragon#1": "c3", "B:foe#1": "c3"}, mode="strike")
    assert Hurt("B:foe#1", 2) not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        play(game, "hurt B:foe#1 2")


def test_hurt_is_damage_checked_like_any_other() -> None:
    game = after_payback([FOE], {"B:foe#1": "c3"})
    assert Hurt("B:foe#1", 3) in game.legal_actions()
    play(game, "hurt B:foe#1 3")
    assert game.pending().kind == "place_disruption"  # 3 ≥ defense, checked at once
    assert "hurt B:foe#1 3" in game.record()["actions"]


def test_eliminate_scores_like_a_destruction_and_regenerate_still_returns() -> None:
    game = after_payback([FOE, TROLL], {"B:foe#1": "a5", "B:troll#1": "e1"})
    events = play(game, "eliminate B:foe#1", "eliminate B:troll#1")
    assert kinds(events).count("destroyed") == 1 and "returned_to_reserve" in kinds(events)
    assert game.state.kills["A"] == 1 and game.state.bonus_losses["B"] == 1
    assert game.state.zone["B:troll#1"] == "reserve"
    with pytest.raises(IllegalActionError):
        play(game, "eliminate A:dragon#1")  # your own: sacrifice or self-destroy


def test_return_to_reserve_scores_nothing() -> None:
    game = after_payback([FOE], {"B:foe#1": "a5"})
    play(game, "return B:foe#1")
    assert game.state.zone["B:foe#1"] == "reserve"
    assert game.state.kills == {"A": 0, "B": 0}


def test_points_change_the_tally_for_this_turn_only() -> None:
    game = after_payback([FOE], {"B:foe#1": "a5"})
    before = game.tally()
    assert AdjustPoints("B", -1) in game.legal_actions()
    play(game, "points A +2")
    assert game.tally()["A"] == before["A"] + 2


def test_a_relocation_into_an_ambush_cell_triggers_it() -> None:
    """FAQ: any movement but spawning enters the cell; the engine knows Ambush."""
    game = after_payback([FOE, REAPER], {"B:foe#1": "c3", "B:reaper#1": "e1"})
    play(game, "relocate A:dragon#1 e1")
    assert game.pending().kind == "special_dice"


def test_a_static_ability_the_engine_does_not_know_is_flagged_when_spawned() -> None:
    """Never silently ignored: spawning the miniature tells the players to apply it, and its
    owner may adjust right away."""
    glorious = creature("glorious", cost=2, abilities=["Bolster"])
    game = at([glorious], [FOE], {}, phase="spawn")
    events = play(game, "spawn A:glorious#1 a1")
    assert kinds(events)[-1] == "dreamblade.manual_effect"
    assert AdjustPoints("A", 1) in game.legal_actions()


def test_hurting_your_own_creature_to_death_scores_like_a_self_destruction() -> None:
    """An ability of yours the players apply (``hurt``) destroying your own creature: no
    conquest point for anyone, +2 bonus to you (rulebook "destroying your own miniatures")."""
    mate = creature("mate", power=0, defense=9, life=3)
    game = at([PAYBACK, mate], [WALL], {"A:dragon#1": "c3", "A:mate#1": "c3", "B:wall#1": "c3"},
              mode="strike")  # fmt: skip
    play(game, "cell c3 A:dragon#1", "dice blade", "blade A:dragon#1 payback")
    events = play(game, "hurt A:mate#1 3")
    assert game.state.zone["A:mate#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0} and game.state.bonus_losses["A"] == 1
    assert [e.data["how"] for e in events if e.kind == "destroyed"] == ["self_destroy"]
