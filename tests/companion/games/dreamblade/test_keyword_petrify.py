"""Petrify: the opponent destroys one of their creatures in this creature's cell (facts.md,
LIKELY). Carried out at step 7 like every destruction a blade ability decides (FAQ step 3)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, play

MEDUSA = creature("medusa", power=2, defense=9, life=9, abilities=["double-blade: Petrify"])
FOE = creature("foe", power=0, defense=9, life=9)


def test_the_opponent_chooses_which_of_theirs_is_destroyed() -> None:
    zones = {"A:medusa#1": "c3", "B:foe#1": "c3", "B:foe#2": "c3"}
    game = at([MEDUSA], [FOE, FOE], zones, mode="strike")
    play(game, "cell c3", "dice blade,blade", "blade A:medusa#1 petrify")
    now = game.pending()
    assert (now.seat, now.kind, now.details["targets"]) == (
        "B", "choose_target", ["B:foe#1", "B:foe#2"],
    )  # fmt: skip
    play(game, "target B:foe#2")
    assert game.state.zone["B:foe#2"] == "graveyard"
    assert game.state.kills["A"] == 1
