"""Appease: when this creature enters play, sacrifice one of your creatures. Rulings cited: FAQ
"Abilities" (spawned as your only creature, it sacrifices itself: it enters first, then the
ability asks for a sacrifice); sacrifice scores nothing (rulebook)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, play

EATER = creature("eater", cost=2, abilities=["when spawned: Appease"])
PAL = creature("pal")
FOE = creature("foe")


def test_as_your_only_creature_it_sacrifices_itself() -> None:
    game = at([EATER], [FOE], {}, phase="spawn")
    play(game, "spawn A:eater#1 a1")
    assert game.state.zone["A:eater#1"] == "graveyard"
    assert game.state.bonus_losses["A"] == 0
    assert game.pending().kind == "spawn"


def test_the_owner_chooses_which_creature_to_sacrifice() -> None:
    game = at([EATER, PAL], [FOE], {"A:pal#1": "a1"}, phase="spawn")
    play(game, "spawn A:eater#1 a1")
    now = game.pending()
    assert (now.seat, now.kind, now.details["targets"]) == (
        "A", "choose_target", ["A:eater#1", "A:pal#1"],
    )  # fmt: skip
    play(game, "target A:pal#1")
    assert game.state.zone["A:pal#1"] == "graveyard"
    assert game.state.zone["A:eater#1"] == "a1"
