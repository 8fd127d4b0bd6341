"""Listed = accepted, checked like a perft (issue 26): random Dreamblade games from random
warbands (every keyword the engine implements); at every position each listed action is
accepted by ``push`` and every candidate action ``push`` accepts is listed."""

from __future__ import annotations

import random
from itertools import islice

from companion.games.dreamblade.actions import Fight
from companion.games.dreamblade.random_play import random_action
from tests.companion.games.dreamblade.builders import at, creature, new_game, play
from tests.companion.games.dreamblade.candidates import candidates
from tests.companion.games.dreamblade.test_properties import KEYWORD_LINES
from tests.companion.games.listed_accepted import Tally, check_position

LISTED_SAMPLE = 60  # dice results and damage splits are many: a seeded sample of them is pushed


def _warband(rng: random.Random, seat: str) -> list:
    kinds = []
    for i in range(rng.randint(3, 5)):
        abilities = rng.sample(KEYWORD_LINES, rng.randint(0, 2))
        kinds.append(creature(f"{seat}{i}", cost=rng.randint(0, 5), power=rng.randint(0, 4),
                              defense=rng.randint(1, 5), life=rng.randint(1, 8),
                              abilities=abilities))  # fmt: skip
    return [mini for mini in kinds for _ in range(rng.randint(1, 2))]


def test_every_position_lists_exactly_what_push_accepts() -> None:
    tally = Tally()
    for seed in range(3):
        rng = random.Random(seed)
        game = new_game(_warband(rng, "a"), _warband(rng, "b"))

        def sample(legal, rng=rng):  # type: ignore[no-untyped-def]
            listed = list(islice(legal, 400))
            return rng.sample(listed, min(LISTED_SAMPLE, len(listed)))

        for _ in range(170):
            check_position(game, candidates(game), tally, rng, listed_sample=sample)
            if game.is_over:
                break
            game.push(random_action(game, rng))
    assert tally.positions >= 400 and tally.accepted_candidates > 0
    kinds = {"spawn", "shift", "choose_strike_cell", "attack_dice", "reroll", "assign_damage"}
    assert kinds | {"disrupt_or_destroy", "place_disruption", "deathblow_dice"} <= tally.kinds


def test_a_skirmished_attacker_may_fight_again_where_it_was_moved() -> None:
    """Rulebook "moving during combat": a creature that attacked and was moved by Skirmish into
    a cell not yet fought may attack again there; naming it is the same fight as ``cell d3``."""
    knight = creature("knight", power=1, abilities=["blade: Skirmish"])
    foe = creature("foe", power=0, defense=9, life=9)
    zones = {"A:knight#1": "c3", "A:x#1": "c3", "B:foe#1": "c3", "B:foe#2": "d3"}
    game = at([knight, creature("x", power=1)], [foe, foe], zones, mode="strike")
    play(game, "cell c3", "dice blade,1", "blade A:knight#1 skirmish A:x#1>d3", "damage B:foe#1=1")
    assert game.pending().kind == "choose_strike_cell"
    legal = game.legal_actions()
    assert Fight("d3", ("A:x#1",)) in legal and Fight("d3") in legal
    assert [str(f) for f in legal] == ["done", "cell d3"]  # the phones list the fight once
    check_position(game, candidates(game), Tally(), random.Random(0))
    play(game, "cell d3 A:x#1")
    assert game.state.combat is not None and game.state.combat.attackers == ("A:x#1",)
