import pytest

from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.setup import Setup, warband

# Levels typed in by the test players (the data knows only three creature levels).
ANN = {f"a{i:02d}": 1 + i % 3 for i in range(12)}  # a00:1 a01:2 a02:3 a03:1 ...
BEN = {f"b{i:02d}": 1 + i % 4 for i in range(12)}  # b00:1 b01:2 b02:3 b03:4 ...


def make_setup(ann_morale=10, ben_morale=10, ben_commander="kalteros"):
    ann = warband("ann", "valnar-trueblade", ANN, morale=ann_morale)
    ben = warband("ben", ben_commander, BEN, morale=ben_morale, leadership=6)
    return Setup((ann, ben), first="ann")


def play(game, *texts):
    for text in texts:
        game.push(game.parse_action(text))
    return game


@pytest.fixture
def game():
    return DungeonCommand(make_setup())


@pytest.fixture
def battle(game):
    """Both sides deployed; ann's turn 1 in the activate phase."""
    return play(
        game, "deploy a02", "deploy a01", "next", "deploy b03", "deploy b00", "next", "next"
    )
