"""Listed = accepted, checked like a perft (issue 26): random Arena games in the three scenarios
(d20 first rolls, summons, moves onto glyphs, engagements, falls, combats, spells' damage and
returns); at every position each listed action is accepted by ``push`` and every candidate
``push`` accepts is listed."""

from __future__ import annotations

import random

from companion.games.arena.actions import End
from companion.games.arena.game import Arena
from companion.games.arena.setup import Setup
from tests.companion.games.arena.candidates import candidates
from tests.companion.games.arena.conftest import army, duel_setup
from tests.companion.games.listed_accepted import Tally, check_position

END_WEIGHT = 0.1  # a random player ends the turn now and then, not at every chance


def _setups() -> list[Setup]:
    teams = tuple(army(s, t) for s, t in zip("abcd", "xxyy", strict=True))
    return [
        duel_setup(),
        Setup("skirmish", teams, {"g1": None, "g2": None}),
        Setup("melee", (army("a"), army("b"), army("c")), {"g1": "power", "g2": "knowledge"}),
    ]


def test_every_position_lists_exactly_what_push_accepts() -> None:
    tally = Tally()
    for seed in range(18):
        rng = random.Random(seed)
        game = Arena(_setups()[seed % 3])
        for _ in range(120):
            check_position(game, candidates(game), tally, rng)
            legal = game.legal_actions()
            if not legal:
                break
            stay = [action for action in legal if not isinstance(action, End)]
            game.push(rng.choice(legal if not stay or rng.random() < END_WEIGHT else stay))
    assert tally.positions >= 800 and tally.accepted_candidates > 0
    kinds = {"first_roll", "choose_army", "summon", "move", "attack", "attack_dice"}
    assert kinds | {"defence_dice"} <= tally.kinds
