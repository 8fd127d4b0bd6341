"""The protocol every game follows (python-chess is the model).

A ``Game`` holds the full state. ``push(action)`` applies one action and returns the events it
caused; ``pop()`` undoes the last action; ``copy()`` copies. ``pending()`` says whose input the game
waits for and of what kind; ``legal_actions()`` lists what may be pushed now, and
``action in game.legal_actions()`` works. An illegal push raises ``IllegalActionError`` and changes
nothing. A game serialises to a versioned JSON *position* and to a *record* (setup + actions).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.errors import IllegalActionError
from companion.events import Event

__all__ = ["Action", "Game", "IllegalActionError", "Pending"]


class Action:
    """Base of every game's actions: frozen dataclasses with a text notation.

    ``str(action)`` gives the notation; the game's ``parse_action(text)`` reads it back, so
    ``game.parse_action(str(a)) == a`` for every action.

    ``judge_only`` marks a correction (the camera or the players got something wrong): only the
    judge may push it, at any moment; the table enforces that for every game.
    """

    judge_only: ClassVar[bool] = False


@dataclass(frozen=True)
class Pending:
    """What the game waits for.

    ``seat`` is the seat whose input is needed (``None`` when the game is over or anyone may act);
    ``kind`` is a short stable identifier the panel and the prompts key on (e.g. ``"initiative"``,
    ``"spawn"``, ``"choose_action"``, ``"attack_dice"``); ``details`` carries what the panel needs
    to render the decision (e.g. ``{"dice": 7}``), all JSON-serialisable. ``title`` is the
    message key the phones name the decision by (``kind.<kind>`` unless a game gives another),
    said in each phone's language.
    """

    seat: str | None
    kind: str
    details: dict[str, Any] = field(default_factory=dict)
    title: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "details": self.details,
            "title": self.title or f"kind.{self.kind}",
        }


class Game(ABC):
    """One game in progress. Subclasses register themselves in ``companion.games.GAMES``."""

    name: ClassVar[str]
    seats: tuple[str, ...]
    # The judge's corrections this game accepts, as usage lines of their notation (e.g.
    # ``"correct move <mini> <cell>"``); none by default. Their actions are ``judge_only``.
    corrections: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def push(self, action: Action) -> list[Event]:
        """Apply ``action``; raise ``IllegalActionError`` (state unchanged) if it is not legal."""

    @abstractmethod
    def pop(self) -> Action:
        """Undo the last action and return it; raise ``IndexError`` if there is none."""

    @abstractmethod
    def copy(self) -> Self: ...

    @abstractmethod
    def pending(self) -> Pending: ...

    @abstractmethod
    def legal_actions(self) -> Collection[Action]: ...

    def decision_actions(self) -> Collection[Action]:
        """The legal actions that answer the pending decision, which the phones list for it.
        A game leaves out those it offers with controls of their own (Dreamblade's manual
        adjustments after an ability it does not implement); by default, every legal action."""
        return self.legal_actions()

    def seat_for(self, action: Action) -> str | None:
        """The seat that may propose ``action`` now (the judge and the camera act for it): by
        default the seat the game waits for; ``None`` when any seat may."""
        return self.pending().seat

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action from its notation; raise ``ValueError`` on malformed text."""

    @abstractmethod
    def position(self) -> dict[str, Any]:
        """A versioned JSON-serialisable position: everything needed to continue from here."""

    @classmethod
    @abstractmethod
    def from_position(cls, data: dict[str, Any]) -> Self: ...

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The game record: the initial setup plus every action pushed, in notation."""

    @classmethod
    @abstractmethod
    def from_record(cls, data: dict[str, Any]) -> Self: ...

    @property
    @abstractmethod
    def actions(self) -> list[Action]:
        """Every action pushed so far, oldest first."""

    def summary(self) -> dict[str, Any]:
        """A few JSON facts for standings and the many-tables hub (turn, score...).

        Games override it; the default says only who won.
        """
        return {"winner": self.winner()}

    @property
    def is_over(self) -> bool:
        return self.winner() is not None

    @abstractmethod
    def winner(self) -> str | None:
        """The winning seat once the game is over, else ``None``."""
