"""Simultaneous effects (``effects.py``): effects one event triggers resolve the phase player's
first, and each player orders their own (rulebook "nothing is truly simultaneous"; FAQ: each
player orders the effects they control). A player with two or more effects whose order may
matter is asked (``order_effects``); identical effects from different miniatures are not."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import First
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from companion.games.dreamblade.pieces import pieces_for
from tests.companion.games.dreamblade.builders import at, creature, play

BIG = creature("big", power=0, defense=9, life=9, abilities=["Ambush 3"])
SMALL = creature("small", power=0, defense=9, life=9, abilities=["Ambush 1"])
WALKER = creature("walker", defense=9, life=9)
DRIVER = creature("driver", abilities=["Locus Drive"])
PAL = creature("pal")


def _walk_into_two_ambushes(b: list[Miniature]) -> DreambladeGame:
    """A's walker shifts into c3, where all of ``b`` waits."""
    zones = {"A:walker#1": "c2", **{piece.id: "c3" for piece in pieces_for("B", b)}}
    game = at([WALKER], b, zones, mode="shift")
    play(game, "move A:walker#1 c3")
    return game


def test_a_player_orders_two_different_triggered_effects() -> None:
    game = _walk_into_two_ambushes([BIG, SMALL])
    now = game.pending()
    assert (now.seat, now.kind) == ("B", "order_effects")
    assert set(game.legal_actions()) >= {First("B:big#1", "ambush"), First("B:small#1", "ambush")}
    play(game, "first B:small#1 ambush")
    now = game.pending()
    assert (now.kind, now.details["mini"], now.details["dice"]) == ("special_dice", "B:small#1", 1)
    play(game, "dice 1")
    assert game.pending().details["mini"] == "B:big#1"


def test_identical_effects_of_different_miniatures_need_no_order() -> None:
    game = _walk_into_two_ambushes([BIG, BIG])
    assert game.pending().kind == "special_dice"


def test_a_pick_that_is_not_waiting_is_refused_and_changes_nothing() -> None:
    game = _walk_into_two_ambushes([BIG, SMALL])
    before = game.position()
    with pytest.raises(IllegalActionError) as err:
        play(game, "first A:walker#1 ambush")
    assert err.value.rule == "effects.order"
    assert game.position() == before


def test_the_order_decides_which_drive_the_stack_limit_stops() -> None:
    zones = {"A:driver#1": "c1", "A:driver#2": "c1", **{f"A:pal#{k}": "c2" for k in (1, 2, 3)}}
    game = at([DRIVER, DRIVER, *[PAL] * 3], [creature("foe")], zones, phase="initiative", turn=3)
    play(game, "init 5 2")
    assert game.pending().kind == "order_effects"
    play(game, "first A:driver#2 locus-drive")
    assert (game.state.zone["A:driver#1"], game.state.zone["A:driver#2"]) == ("c1", "c2")
    assert game.pending().kind == "spawn"


def test_a_position_waiting_for_the_order_round_trips() -> None:
    game = _walk_into_two_ambushes([BIG, SMALL])
    again = DreambladeGame.from_position(game.position())
    assert again.pending() == game.pending()
    play(again, "first B:big#1 ambush")
    assert again.pending().details["mini"] == "B:big#1"
