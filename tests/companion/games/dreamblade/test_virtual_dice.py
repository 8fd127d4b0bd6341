from __future__ import annotations

import random

from companion.games import find_kit
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.games.dreamblade.virtual_dice import virtual_dice


def _played(until: str):
    game = demo_game()
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index(until)]:
        game.push(game.parse_action(text))
    return game


def test_the_kit_rolls_the_attack_dice_the_strike_asks_for_with_the_games_faces():
    game = _played("dice 2,3,3,blade")
    assert game.pending().kind == "attack_dice"
    faces = set(game.setup.attack_die)
    rolls = {virtual_dice(game, random.Random(seed)) for seed in range(40)}
    for text in rolls:
        assert text is not None and text.startswith("dice ")
        rolled = text.split(" ", 1)[1].split(",")
        assert len(rolled) == game.pending().details["dice"] == 4
        assert set(rolled) <= faces
        assert game.parse_action(text) in game.legal_actions()
    assert len(rolls) > 10  # random, not one fixed answer
    assert find_kit(game.name).virtual_dice is virtual_dice


def test_the_same_seed_rolls_the_same_dice():
    game = _played("dice 1,2,blade")  # the deathblow's dice
    assert virtual_dice(game, random.Random(7)) == virtual_dice(game, random.Random(7))


def test_both_initiative_dice_are_rolled_1_to_6():
    game = demo_game()
    assert game.pending().kind == "initiative_roll"
    rolls = {virtual_dice(game, random.Random(seed)) for seed in range(200)}
    values = {int(v) for text in rolls if text for v in text.split()[1:]}
    assert values == set(range(1, 7))
    assert all(text and game.parse_action(text) in game.legal_actions() for text in rolls)


def test_nothing_to_roll_when_the_decision_asks_for_no_dice():
    game = _played("spawn A:sir-glorious#1 a1")
    assert virtual_dice(game, random.Random(1)) is None
