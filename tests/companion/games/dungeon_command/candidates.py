"""Candidate Dungeon Command actions for the listed-equals-accepted test: every creature label of
the setup (and an unknown one) in every action of the notation, damage and hit points around the
listed amounts, tens and not, every condition (and an unknown one), every seat's and a stranger's
morale and leadership moved either way.

Built from one generator per action kind (``GENERATORS``), so a new action adds its own."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.games.dungeon_command.actions import (
    TRACKS,
    Activate,
    Adjust,
    Clear,
    Cower,
    Damage,
    Deploy,
    Destroyed,
    Heal,
    HitPoints,
    Mark,
    Next,
    Tap,
    Untap,
)
from companion.games.dungeon_command.data_files import conditions
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.setup import MAX_HIT_POINTS
from companion.games.protocol import Action

DAMAGES = (0, 5, 10, 25, 30, 130)  # tens and not-tens, up to past any morale
AMOUNTS = (5, 10, 20, 25, 70, MAX_HIT_POINTS, MAX_HIT_POINTS + 10)


def labels(game: DungeonCommand) -> list[str]:
    """Every creature label of both warbands, and one no warband has."""
    return [label for band in game.setup.warbands for label in band.creatures] + ["nolabel"]


def _deploys(game: DungeonCommand) -> Iterator[Action]:
    yield from (Deploy(label) for label in labels(game))


def _removals(game: DungeonCommand) -> Iterator[Action]:
    for label in labels(game):
        yield Destroyed(label)
        yield from (Cower(label, damage) for damage in DAMAGES)


def _creature_actions(game: DungeonCommand) -> Iterator[Action]:
    for label in labels(game):
        yield from (kind(label) for kind in (Activate, Tap, Untap))
        yield from (kind(label, n) for kind in (Damage, Heal, HitPoints) for n in AMOUNTS)
        yield from (kind(label, c) for kind in (Mark, Clear) for c in (*conditions(), "x"))


def _steps(game: DungeonCommand) -> Iterator[Action]:
    yield Next()


def _adjustments(game: DungeonCommand) -> Iterator[Action]:
    for seat in (*game.seats, "stranger"):
        for track in TRACKS:
            yield from (Adjust(seat, track, change) for change in (+1, -1))


GENERATORS: list[Callable[[DungeonCommand], Iterator[Action]]] = [
    _deploys,
    _removals,
    _creature_actions,
    _steps,
    _adjustments,
]


def candidates(game: DungeonCommand) -> Iterator[Action]:
    for generate in GENERATORS:
        yield from generate(game)
