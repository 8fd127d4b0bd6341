"""A random legal player: picks one legal action at a time. Used by the benchmark and the
property tests to drive whole games; it rolls virtual dice only through the RNG it is given."""

from __future__ import annotations

import random

from companion.games.dreamblade.actions import CellValue, Confirm, Dice, Done
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.legal import CellValues, Combined, DiceResults
from companion.games.protocol import Action

DONE_WEIGHT = 0.15  # chance to end a phase early when other actions are possible


def random_action(game: DreambladeGame, rng: random.Random) -> Action:
    legal = game.legal_actions()
    if isinstance(legal, Combined):  # the manual sacrifices are not for a random player
        legal = legal.parts[0]
    if isinstance(legal, DiceResults):
        return Dice(tuple(rng.choice(game.setup.attack_die) for _ in range(legal.count)))
    if isinstance(legal, CellValues):
        if legal.confirm:
            return Confirm()
        return CellValue(legal.cells[0], rng.randint(*legal.values))
    return _pick(list(legal), rng)


def _pick(actions: list[Action], rng: random.Random) -> Action:
    done = [a for a in actions if isinstance(a, Done)]
    others = [a for a in actions if not isinstance(a, Done)]
    if done and (not others or rng.random() < DONE_WEIGHT):
        return done[0]
    return rng.choice(others)


def play_randomly(game: DreambladeGame, rng: random.Random, max_actions: int) -> int:
    """Push random legal actions until the game ends or ``max_actions``; return how many."""
    for count in range(max_actions):
        if game.is_over:
            return count
        game.push(random_action(game, rng))
    return max_actions
