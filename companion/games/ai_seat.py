"""A computer player any game kit may offer (``GameKit.ai``): the table asks it for the action of
the seat it holds, the way a phone proposes one, and shows why it chose it.

- the levels every kit's player understands: ``easy`` (a random legal action, a learning
  partner), ``normal`` (the best next step, with the dice's exact odds) and ``strong`` (a search
  ahead through the engine's push/pop, within a time budget);
- :class:`Choice`: the action and its reason, a message key of the panel's catalogs with its
  parameters (:class:`~companion.games.protocol.Label`), so the log says it in each language;
- :class:`AiPlayer`: what a kit's player does; it is seeded, so the same seed and the same game
  give the same choices (a ``strong`` search is cut by its time budget, so only its depth can vary
  with the machine's speed; a budget of ``None`` searches to its fixed depth).

"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from companion.games.protocol import Action, Game, Label

LEVELS: tuple[str, ...] = ("easy", "normal", "strong")


@dataclass(frozen=True)
class Choice:
    """The action an AI seat proposes and the reason it gives for it."""

    action: Action
    reason: Label
    # a miniature the players must carry to a cell for the action (spawn, move): (piece, cell)
    places: tuple[str, str] | None = None
    # the cell that miniature leaves (where it stands, or its seat's portal when it comes onto
    # the map), which the LEDs light it from; None: nowhere on the map
    start: str | None = None


class AiPlayer(Protocol):
    level: str

    def choose(self, game: Game) -> Choice:
        """The action for the seat the pending decision waits for (never a dice roll: the table's
        dice roll those)."""
        ...


# a kit's factory: (level, seed, seconds a strong move may think or None) → its player
AiFactory = Callable[[str, int, float | None], AiPlayer]


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"the AI's level must be one of {', '.join(LEVELS)}, not {level!r}")
    return level
