"""Wail: roll two initiative dice; every creature whose spawn cost equals the sum returns to its
owner's reserve. Rulings cited: FAQ "Screambent Lunatic" (the spawn cost is the printed number
only, without aspect symbols; a 9 returns the Lunatic itself) and FAQ combat step 3 (a creature
returned directly by a blade ability leaves at once)."""

from __future__ import annotations

from companion.games.dreamblade.actions import AssignBlade
from tests.companion.games.dreamblade.builders import at, creature, play
from tests.companion.games.dreamblade.keyword_helpers import blade_actions

LUNATIC = creature("lunatic", cost=9, aspects="MMM", power=1, defense=9, life=9,
                   abilities=["blade: Wail"])  # fmt: skip
SEVEN = creature("seven", cost=7, aspects="VV", power=0, defense=9, life=9)
FIVE = creature("five", cost=5, power=0, defense=9, life=9)


def test_returns_every_creature_of_that_printed_cost_on_both_sides() -> None:
    zones = {"B:seven#1": "c3", "A:seven#1": "a1", "B:five#1": "e5"}
    game = at([LUNATIC, SEVEN], [SEVEN, FIVE], {"A:lunatic#1": "c3", **zones}, mode="strike")
    play(game, "cell c3 A:lunatic#1", "dice blade")
    assert AssignBlade("A:lunatic#1", "wail", ("3", "4")) in blade_actions(game)
    play(game, "blade A:lunatic#1 wail 3 4")  # 7: the aspect symbols (VV) do not count
    assert game.state.zone["A:seven#1"] == game.state.zone["B:seven#1"] == "reserve"
    assert game.state.zone["B:five#1"] == "e5"
    assert game.state.kills == {"A": 0, "B": 0}


def test_a_nine_returns_the_lunatic_itself() -> None:
    zones = {"B:seven#1": "c3"}
    game = at([LUNATIC, SEVEN], [SEVEN, FIVE], {"A:lunatic#1": "c3", **zones}, mode="strike")
    play(game, "cell c3 A:lunatic#1", "dice blade", "blade A:lunatic#1 wail 4 5")
    assert game.state.zone["A:lunatic#1"] == "reserve"


def test_the_two_dice_are_accepted_in_any_order_and_recorded_in_one() -> None:
    """docs/formats.md: lists in an action are accepted in any order."""
    zones = {"B:seven#1": "c3", "A:seven#1": "a1", "B:five#1": "e5"}
    game = at([LUNATIC, SEVEN], [SEVEN, FIVE], {"A:lunatic#1": "c3", **zones}, mode="strike")
    play(game, "cell c3 A:lunatic#1", "dice blade", "blade A:lunatic#1 wail 4 3")
    assert game.state.zone["A:seven#1"] == game.state.zone["B:seven#1"] == "reserve"
    assert game.record()["actions"][-1] == "blade A:lunatic#1 wail 3 4"
