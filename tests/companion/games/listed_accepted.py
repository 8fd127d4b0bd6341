"""The listed-equals-accepted check every game's property test runs (issue 26), like a perft:
at a position, every action ``legal_actions()`` lists is accepted by ``push``, and every action
of a candidate generator (every piece × cell × option in the game's notation) that ``push``
accepts is listed. Judge-only corrections are not phone actions and are left out.

Candidates of an action type the position lists are all pushed; of the other types (a spawn
while the game waits for dice), a seeded sample of ``OTHER_TYPES_SAMPLE`` per position is, which
over thousands of positions covers them while keeping each game's test to seconds."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import islice

from companion.errors import IllegalActionError
from companion.games.protocol import Action, Game

OTHER_TYPES_SAMPLE = 40
TYPES_FROM = 2000  # the listed actions whose types count as listed (lists of dice are huge)


@dataclass
class Tally:
    """What a run checked, so a test can show it really looked (positions, pushes)."""

    positions: int = 0
    listed: int = 0
    candidates: int = 0
    accepted_candidates: int = 0
    kinds: set[str] = field(default_factory=set)


def accepts(game: Game, action: Action) -> bool:
    """Whether ``push`` takes ``action`` here; the game is left exactly as it was."""
    try:
        game.push(action)
    except IllegalActionError:
        return False
    game.pop()
    return True


def check_position(
    game: Game,
    candidates: Iterable[Action],
    tally: Tally,
    rng: random.Random,
    *,
    listed_sample: Callable[[Iterable[Action]], Iterable[Action]] = lambda listed: listed,
) -> None:
    """Assert listed ⇒ accepted and accepted ⇒ listed at this position.

    ``listed_sample`` picks the listed actions pushed (all by default; a game whose lists hold
    every dice result or damage split passes a bounded, seeded sample of them)."""
    legal = game.legal_actions()
    pending = game.pending()
    trial = game.copy()  # pushed and popped; a refused push changes nothing
    tally.positions += 1
    tally.kinds.add(pending.kind)
    for action in listed_sample(legal):
        tally.listed += 1
        assert accepts(trial, action), f"listed but refused: {action} ({pending})"
    listed_types = {type(action) for action in islice(legal, TYPES_FROM)}
    same, other = [], []
    for action in candidates:
        if not action.judge_only:
            (same if type(action) in listed_types else other).append(action)
    for action in same + rng.sample(other, min(OTHER_TYPES_SAMPLE, len(other))):
        tally.candidates += 1
        if accepts(trial, action):
            tally.accepted_candidates += 1
            assert action in legal, f"accepted but not listed: {action} ({pending})"
