"""Dreamblade's shared virtual dice: the roll the pending decision asks for, made with the RNG the
table gives (``secrets.SystemRandom`` at a table, a seeded one in tests) and said as the action a
player would type: the attack or deathblow dice (as many as asked, with the game's die faces,
``data/dice.yaml``) or the initiative dice still to roll (the six-sided initiative die).

A reroll (Fortunate: which dice to roll again is the player's choice) is typed, never rolled here.
"""

from __future__ import annotations

import random

from companion.games.dreamblade.actions import Dice, Initiative
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.legal import Combined, DiceResults

INITIATIVE_SIDES = 6  # the engine's initiative die: 1–6


def virtual_dice(game: DreambladeGame, rng: random.Random) -> str | None:
    """The action rolling the dice the pending decision asks for; ``None`` if it asks for none."""
    pending = game.pending()
    if pending.kind == "initiative_roll":
        to_roll = tuple(pending.details.get("roll", ()))
        rolls = {seat: rng.randint(1, INITIATIVE_SIDES) for seat in to_roll}
        if to_roll == ("A", "B"):
            return str(Initiative(rolls["A"], rolls["B"]))
        if to_roll == ("A",):
            return str(Initiative(rolls["A"], None))
        if to_roll == ("B",):
            return str(Initiative(None, rolls["B"]))
        return None
    legal = game.legal_actions()
    parts = legal.parts if isinstance(legal, Combined) else (legal,)
    for part in parts:
        if isinstance(part, DiceResults):
            faces = game.setup.attack_die
            return str(Dice(tuple(rng.choice(faces) for _ in range(part.count))))
    return None
