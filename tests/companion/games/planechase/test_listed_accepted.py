"""Listed = accepted, checked like a perft (issue 26): random Planechase games (own or shared
decks, known or unknown order, 2–4 players); at every position each listed action is accepted
by ``push`` and every candidate ``push`` accepts is listed."""

from __future__ import annotations

import random

from companion.games.planechase.actions import Leave
from companion.games.planechase.game import Planechase
from companion.games.planechase.setup import Setup
from tests.companion.games.listed_accepted import Tally, check_position
from tests.companion.games.planechase.candidates import candidates
from tests.companion.games.planechase.conftest import IDS, own_decks

LEAVE_WEIGHT = 0.06  # a random player leaves now and then, so games last


def _setup(rng: random.Random) -> Setup:
    seats = tuple("abcde"[: rng.randint(2, 4)])
    ordered = rng.random() < 0.5
    if rng.random() < 0.3:
        deck = tuple(IDS[: 10 * len(seats)])
        return Setup(seats, {"shared": deck}, first=rng.choice(seats), ordered=ordered)
    return Setup(seats, own_decks(seats), first=rng.choice(seats), ordered=ordered)


def test_every_position_lists_exactly_what_push_accepts() -> None:
    tally = Tally()
    for seed in range(30):
        rng = random.Random(seed)
        game = Planechase(_setup(rng))
        for _ in range(70):
            check_position(game, candidates(game), tally, rng)
            if game.is_over:
                break
            legal = game.legal_actions()
            stay = [a for a in legal if not isinstance(a, Leave)]
            game.push(rng.choice(legal if not stay or rng.random() < LEAVE_WEIGHT else stay))
    assert tally.positions >= 1000 and tally.accepted_candidates > 0
    assert {"reveal", "turn", "end_turn", "game_over"} <= tally.kinds
