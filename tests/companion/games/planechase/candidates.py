"""Candidate Planechase actions for the listed-equals-accepted test: every plane the game knows
revealed, every die face rolled, the turn ended, and every seat (and a stranger) leaving."""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.planechase.actions import EndTurn, Face, Leave, Reveal, Roll
from companion.games.planechase.game import Planechase
from companion.games.protocol import Action


def candidates(game: Planechase) -> Iterator[Action]:
    yield from (Reveal(plane) for plane in game.planes)
    yield from (Roll(face) for face in Face)
    yield EndTurn()
    yield from (Leave(seat) for seat in (*game.seats, "stranger"))
