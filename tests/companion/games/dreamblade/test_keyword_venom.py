"""Venom N: target local creature gets N poison points; poison ≥ spawn cost destroys it.
Rulings cited: FAQ "Combat" (a creature both poisoned to its spawn cost and damaged to its
defense in the same combat: its controller's opponent chooses the order — destroy first and it is
never disrupted; disrupt first and it moves to an empty cell, then is destroyed)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.dreamblade import combat
from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

SPIDER = creature("spider", power=2, defense=9, life=9, abilities=["multi-blade: Venom 2"])
FOE = creature("foe", cost=4, power=0, defense=3, life=9)


def test_any_local_creature_may_be_the_target() -> None:
    game = at([SPIDER], [FOE], {"A:spider#1": "c3", "B:foe#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice blade,miss")
    targets = {a.args for a in blade_actions(game)}
    assert targets == {("A:spider#1",), ("B:foe#1",)}
    assert AssignBlade("A:spider#1", "venom") not in blade_actions(game)


def test_poison_reaching_the_spawn_cost_destroys() -> None:
    game = at([SPIDER], [FOE], {"A:spider#1": "c3", "B:foe#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice blade,blade")
    play(game, "blade A:spider#1 venom B:foe#1")
    assert game.state.keywords.poison_of("B:foe#1") == 2
    play(game, "blade A:spider#1 venom B:foe#1")  # 4 ≥ cost 4: destroyed at step 5
    assert game.state.zone["B:foe#1"] == "graveyard"
    assert game.state.kills["A"] == 1


def test_poison_below_the_cost_does_nothing_and_ends_with_the_phase() -> None:
    game = at([SPIDER], [FOE], {"A:spider#1": "c3", "B:foe#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice blade,miss", "blade A:spider#1 venom B:foe#1")
    assert game.state.zone["B:foe#1"] == "c3"
    play(game, "done")
    assert game.state.keywords.poison == ()


def test_poisoned_and_disrupted_destroy_first() -> None:
    game = at([SPIDER, creature("mate", power=3)], [FOE],
              {"A:spider#1": "c3", "A:mate#1": "c3", "B:foe#1": "c3"}, mode="strike")  # fmt: skip
    play(game, "cell c3", "dice 3,blade,blade,miss,miss")
    play(game, "blade A:spider#1 venom B:foe#1", "blade A:spider#1 venom B:foe#1")
    play(game, "damage B:foe#1=3")
    now = game.pending()
    assert (now.seat, now.kind, now.details["creatures"]) == (
        "A",
        "disrupt_or_destroy",
        ["B:foe#1"],
    )
    play(game, "destroy B:foe#1")
    assert game.state.zone["B:foe#1"] == "graveyard"


def test_poisoned_and_disrupted_disrupt_first_then_destroyed() -> None:
    game = at([SPIDER, creature("mate", power=3)], [FOE],
              {"A:spider#1": "c3", "A:mate#1": "c3", "B:foe#1": "c3"}, mode="strike")  # fmt: skip
    play(game, "cell c3", "dice 3,blade,blade,miss,miss")
    play(game, "blade A:spider#1 venom B:foe#1", "blade A:spider#1 venom B:foe#1")
    play(game, "damage B:foe#1=3", "disrupt B:foe#1", "place B:foe#1 e1")
    assert game.state.zone["B:foe#1"] == "graveyard"  # moved to e1, then destroyed there


def test_your_own_poison_destroying_your_own_creature_scores_for_nobody() -> None:
    """Rulebook "destroying your own miniatures": no conquest point, +2 bonus to its owner."""
    mate = creature("mate", cost=2, power=0, defense=9, life=9)
    game = at([SPIDER, mate], [FOE],
              {"A:spider#1": "c3", "A:mate#1": "c3", "B:foe#1": "c3"}, mode="strike")  # fmt: skip
    play(game, "cell c3 A:spider#1", "dice blade,miss")
    events = play(game, "blade A:spider#1 venom A:mate#1")  # 2 ≥ its cost 2
    assert game.state.zone["A:mate#1"] == "graveyard"
    assert game.state.kills == {"A": 0, "B": 0}
    assert game.state.bonus_losses["A"] == 1
    destroyed = [e.data for e in events if e.kind == "destroyed"]
    assert destroyed == [{"mini": "A:mate#1", "cell": "c3", "by": "A", "how": "self_destroy"}]


def test_enemy_poison_joining_yours_is_a_destruction_by_the_enemy() -> None:
    """Only a destruction wholly by your own abilities scores nothing: B's Venom adds to A's."""
    mate = creature("mate", cost=4, power=0, defense=9, life=9)
    b_spider = creature("bspider", power=0, defense=9, life=9, abilities=["multi-blade: Venom 2"])
    zones = {"A:spider#1": "c3", "A:mate#1": "c3", "B:bspider#1": "c3"}
    game = at([SPIDER, mate], [b_spider], zones, mode="strike")
    play(game, "cell c3 A:spider#1", "dice blade,miss", "blade A:spider#1 venom A:mate#1")
    assert game.state.keywords.self_harm == (("A:mate#1", "poison", 2),)
    game.state.keywords = replace(game.state.keywords, poison=(("A:mate#1", 4),))  # B's 2 more
    assert not combat._destroyed_by_owner(game.setup, game.state, "A:mate#1", None)
