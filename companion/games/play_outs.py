"""Play-outs, how a strong computer player weighs its best few choices in any game
(``companion.games.ai_seat``): each choice pushed and its game played out to the end of the
turn by the game's own ``play_out``, round after round, every choice of a round on the same
dice (its seed); the rounds finished within the time budget count, and another choice
overrules the first (the normal level's) only when :func:`clearly_better`."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from companion.games.protocol import Action, Game

G = TypeVar("G", bound=Game)

CLEARLY = 1.0  # standard errors a choice's play-outs must beat the first choice's by


class OutOfTime(Exception):
    """A strong move's budget ran out (a game's ``play_out`` raises it past its deadline)."""


@contextmanager
def tried(game: Game) -> Iterator[Callable[[Action], None]]:
    """A push for the block: every action pushed with it is popped when the block ends, however
    it ends (a play-out's game is left as it was)."""
    pushed = 0

    def push(action: Action) -> None:
        nonlocal pushed
        game.push(action)
        pushed += 1

    try:
        yield push
    finally:
        for _ in range(pushed):
            game.pop()


def play_out_rounds(
    game: G,
    choices: Sequence[Action],
    seeds: Sequence[int],
    play_out: Callable[[G, int], float],
) -> list[list[float]]:
    """One round a seed, each the ends of ``choices`` (in order) played out on that seed's dice;
    the rounds finished before ``play_out`` ran out of time. The game is left as it was."""
    rounds: list[list[float]] = []
    try:
        for seed in seeds:
            ends = []
            for action in choices:
                game.push(action)
                try:
                    ends.append(play_out(game, seed))
                finally:
                    game.pop()
            rounds.append(ends)
    except OutOfTime:
        pass
    return rounds


def clearly_better(rounds: list[list[float]]) -> int:
    """Which choice the play-outs pick: each round's ends (one a choice, the first choice
    first), the choice with the best mean if it beats the first by more than ``CLEARLY``
    standard errors of their paired differences (round by round, on the same dice), else the
    first: the turn's luck outweighs a small difference over a few rounds."""
    means = [statistics.fmean(column) for column in zip(*rounds, strict=True)]
    best = max(range(len(means)), key=means.__getitem__)
    if best == 0 or len(rounds) < 2:
        return 0
    gains = [ends[best] - ends[0] for ends in rounds]
    spread = statistics.stdev(gains) / math.sqrt(len(gains))
    return best if statistics.fmean(gains) > CLEARLY * spread else 0
