"""Candidate Dungeon Command actions for the listed-equals-accepted test: every creature label of
the setup (and an unknown one) in every action of the notation, damage from 0 to 130, tens and not,
every seat's and a stranger's morale and leadership moved either way.

Built from one generator per action kind (``GENERATORS``), so a new action adds its own: the
creature state (damage, tapping, activation) adds generators here when it lands."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.games.dungeon_command.actions import TRACKS, Adjust, Cower, Deploy, Destroyed, Next
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.protocol import Action

DAMAGES = (0, 5, 10, 25, 30, 130)  # tens and not-tens, up to past any morale


def labels(game: DungeonCommand) -> list[str]:
    """Every creature label of both warbands, and one no warband has."""
    return [label for band in game.setup.warbands for label in band.creatures] + ["nolabel"]


def _deploys(game: DungeonCommand) -> Iterator[Action]:
    yield from (Deploy(label) for label in labels(game))


def _removals(game: DungeonCommand) -> Iterator[Action]:
    for label in labels(game):
        yield Destroyed(label)
        yield from (Cower(label, damage) for damage in DAMAGES)


def _steps(game: DungeonCommand) -> Iterator[Action]:
    yield Next()


def _adjustments(game: DungeonCommand) -> Iterator[Action]:
    for seat in (*game.seats, "stranger"):
        for track in TRACKS:
            yield from (Adjust(seat, track, change) for change in (+1, -1))


GENERATORS: list[Callable[[DungeonCommand], Iterator[Action]]] = [
    _deploys,
    _removals,
    _steps,
    _adjustments,
]


def candidates(game: DungeonCommand) -> Iterator[Action]:
    for generate in GENERATORS:
        yield from generate(game)
