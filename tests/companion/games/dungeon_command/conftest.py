import pytest

from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.setup import Setup, Stats, warband

# Levels typed in by the test players (the data knows only three creature levels).
ANN = {f"a{i:02d}": 1 + i % 3 for i in range(12)}  # a00:1 a01:2 a02:3 a03:1 ...
BEN = {f"b{i:02d}": 1 + i % 4 for i in range(12)}  # b00:1 b01:2 b02:3 b03:4 ...
# Card numbers typed in by the test players; b00's card numbers were not typed in (unknown).
ANN_STATS = {
    "a00": Stats(hit_points=20, melee=10),
    "a01": Stats(hit_points=30, melee=10, ranged=10),
    "a02": Stats(hit_points=40, melee=20),
}
BEN_STATS = {"b01": Stats(hit_points=30, melee=20), "b03": Stats(hit_points=60, melee=30)}


def make_setup(ann_morale=10, ben_morale=10, ben_commander="kalteros"):
    ann = warband("ann", "valnar-trueblade", ANN, morale=ann_morale, stats=ANN_STATS)
    ben = warband("ben", ben_commander, BEN, morale=ben_morale, leadership=6, stats=BEN_STATS)
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
