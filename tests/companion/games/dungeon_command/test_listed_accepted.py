"""Listed = accepted, checked like a perft (issue 26): random Dungeon Command games (starting
deployments, the four phases, creatures activated, damaged, tapped, marked, destroyed or cowering,
card effects on the trackers);
at every position each listed action is accepted by ``push`` and every candidate ``push``
accepts is listed. New actions add their candidates to ``candidates.GENERATORS``."""

from __future__ import annotations

import random

from companion.games.dungeon_command.actions import Activate, Cower, Deploy, Next
from companion.games.dungeon_command.game import DungeonCommand
from tests.companion.games.dungeon_command.candidates import candidates
from tests.companion.games.dungeon_command.conftest import make_setup, play
from tests.companion.games.listed_accepted import Tally, check_position

LISTED_SAMPLE = 30  # cowering is listed at every amount up to the morale left: a seeded sample
CALM = 0.8  # a random player mostly deploys, activates and walks the phases; the rest now and then


def _pick(game: DungeonCommand, rng: random.Random):  # type: ignore[no-untyped-def]
    legal = list(game.legal_actions())
    calm = [a for a in legal if isinstance(a, Deploy | Activate | Next)]
    return rng.choice(calm if calm and rng.random() < CALM else legal)


def test_every_position_lists_exactly_what_push_accepts() -> None:
    tally = Tally()
    for seed in range(5):
        rng = random.Random(seed)
        game = DungeonCommand(make_setup(ann_morale=rng.randint(3, 12), ben_morale=12))

        def sample(legal, rng=rng):  # type: ignore[no-untyped-def]
            listed = list(legal)
            return rng.sample(listed, min(LISTED_SAMPLE, len(listed)))

        for _ in range(100):
            check_position(game, candidates(game), tally, rng, listed_sample=sample)
            if game.is_over:
                break
            game.push(_pick(game, rng))
    assert tally.positions >= 300 and tally.accepted_candidates > 0
    assert {"initial_deploy", "refresh", "activate", "deploy", "cleanup"} <= tally.kinds


def test_cowering_past_the_morale_left_is_accepted_and_listed() -> None:
    """Seed 002: cowering costs damage ÷ 10 morale; more than the morale left ends the game the
    same, so the phones list amounts up to it, and a larger amount is still in the list."""
    game = play(DungeonCommand(make_setup(ann_morale=2)), "deploy a02", "next", "deploy b03")
    play(game, "next", "next")
    listed = [a for a in game.legal_actions() if isinstance(a, Cower) and a.label == "a02"]
    assert [a.damage for a in listed] == [10, 20]
    assert Cower("a02", 90) in game.legal_actions()
    assert Cower("a02", 95) not in game.legal_actions() and Next() in game.legal_actions()
    check_position(game, candidates(game), Tally(), random.Random(0))
