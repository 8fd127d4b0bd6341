"""Ambition X: if this creature claims a scoring cell this turn, its owner scores X more
conquest points (facts.md, SOLID: the card text)."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature

ENVOY = creature("envoy", abilities=["Ambition 1"])
FOE = creature("foe")


def test_adds_x_when_it_claims_a_scoring_cell() -> None:
    game = at([ENVOY], [FOE], {"A:envoy#1": "c3", "B:foe#1": "a1"}, phase="conquest")
    assert game.tally()["A"] == 5 + 1


def test_nothing_on_a_contested_or_non_scoring_cell() -> None:
    contested = at([ENVOY], [FOE], {"A:envoy#1": "c3", "B:foe#1": "c3"}, phase="conquest")
    assert contested.tally()["A"] == 0
    home = at([ENVOY], [FOE], {"A:envoy#1": "a1", "B:foe#1": "e5"}, phase="conquest")
    assert home.tally()["A"] == 0
