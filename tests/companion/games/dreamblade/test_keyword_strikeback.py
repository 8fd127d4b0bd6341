"""Strikeback N: in the opponent's action phase, when local enemies attacked and disrupted or
destroyed none of your creatures, attack target local enemy with power N. Rulings cited: FAQ
"Abilities" (end of combat, step 10; once per combat even with several attacks; counts if it was
in the cell when the attack was made, even if moved out; back to step 5 after it)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, kinds, play

STRIKER = creature("striker", power=2, defense=2, life=9)
GUARDIAN = creature("guardian", power=0, defense=9, life=9, abilities=["Strikeback 6"])


def test_a_harmless_attack_is_answered_at_the_end_of_combat() -> None:
    game = at([STRIKER], [GUARDIAN], {"A:striker#1": "c3", "B:guardian#1": "c3"}, mode="strike")
    play(game, "cell c3", "dice miss,miss")
    now = game.pending()
    assert (now.seat, now.kind, now.details["dice"], now.details["target"]) == (
        "B", "special_dice", 6, "A:striker#1",
    )  # fmt: skip
    play(game, "dice 2,miss,miss,miss,miss,miss")  # back to step 5: disrupted
    now = game.pending()
    assert (now.seat, now.kind) == ("B", "place_disruption")
    events = play(game, "place A:striker#1 a5")
    assert "dreamblade.combat_ended" in kinds(events)
    assert game.state.keywords.effects == ()  # it triggers once per combat


def test_no_strikeback_when_the_attack_disrupted_a_creature() -> None:
    weak = creature("weak", power=0, defense=1, life=9)
    zones = {"A:striker#1": "c3", "B:guardian#1": "c3", "B:weak#1": "c3"}
    game = at([STRIKER], [GUARDIAN, weak], zones, mode="strike")
    play(game, "cell c3", "dice 1,miss", "damage B:weak#1=1", "place B:weak#1 a5")
    assert game.pending().kind == "choose_strike_cell"


def test_not_in_its_own_action_phase() -> None:
    game = at([GUARDIAN], [STRIKER], {"A:guardian#1": "c3", "B:striker#1": "c3"}, mode="strike")
    play(game, "cell c3")  # power 0: no dice, nothing happens
    assert game.pending().kind == "choose_strike_cell"


def test_it_triggers_after_being_moved_out_during_the_combat() -> None:
    """FAQ: what matters is being in the cell when the attack was made; its target is then a
    local enemy where it is now."""
    striker = creature(
        "striker",
        power=2,
        defense=2,
        life=9,
        abilities=["manual: blade: Test Shove", "blade: Payback"],
    )
    pal = creature("pal", power=0, defense=9, life=9)
    zones = {"A:striker#1": "c3", "B:guardian#1": "c3", "A:pal#1": "c4"}
    game = at([striker, pal], [GUARDIAN], zones, mode="strike")
    play(game, "cell c3 A:striker#1", "dice blade,blade", "blade A:striker#1 test-shove")
    play(game, "relocate B:guardian#1 c4")  # the manual ability moves it out meanwhile
    play(game, "blade A:striker#1 payback")
    now = game.pending()
    assert (now.seat, now.kind, now.details["target"]) == ("B", "special_dice", "A:pal#1")


def test_once_per_combat_even_after_several_attacks() -> None:
    """FAQ: a Warpstrike adds an attack to the combat; Strikeback still triggers once."""
    warper = creature("warper", power=2, defense=9, life=9, abilities=["blade: Warpstrike 1"])
    far = creature("far", power=0, defense=9, life=9)
    zones = {"A:warper#1": "c3", "B:guardian#1": "c3", "B:far#1": "e1"}
    game = at([warper], [GUARDIAN, far], zones, mode="strike")
    play(game, "cell c3", "dice miss,blade", "blade A:warper#1 warpstrike B:far#1", "dice miss")
    assert game.pending().details["mini"] == "B:guardian#1"
    play(game, "dice " + ",".join(["miss"] * 6))
    assert game.pending().kind == "choose_strike_cell"


def test_the_defender_orders_two_different_strikebacks() -> None:
    """Rulebook: simultaneous effects, each player orders their own — at step 10 too."""
    small = creature("small", power=0, defense=9, life=9, abilities=["Strikeback 2"])
    zones = {"A:striker#1": "c3", "B:guardian#1": "c3", "B:small#1": "c3"}
    game = at([STRIKER], [GUARDIAN, small], zones, mode="strike")
    play(game, "cell c3", "dice miss,miss")
    now = game.pending()
    assert (now.seat, now.kind) == ("B", "order_effects")
    play(game, "first B:small#1 strikeback")
    now = game.pending()
    assert (now.kind, now.details["mini"], now.details["dice"]) == ("special_dice", "B:small#1", 2)


def test_identical_strikebacks_are_not_ordered() -> None:
    zones = {"A:striker#1": "c3", "B:guardian#1": "c3", "B:guardian#2": "c3"}
    game = at([STRIKER], [GUARDIAN, GUARDIAN], zones, mode="strike")
    play(game, "cell c3", "dice miss,miss")
    now = game.pending()
    assert (now.seat, now.kind, now.details["dice"]) == ("B", "special_dice", 6)
