"""A minimal game that follows the protocol, for testing the store and the table on their own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.kit import GameKit
from companion.games.protocol import Action, Game, Pending


@dataclass(frozen=True)
class Add(Action):
    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


class CounterGame(Game):
    """Seats take turns adding 1–3; reaching 10 wins."""

    name = "test-counter"
    seats = ("A", "B")
    action_types = (Add,)

    def __init__(self, start: int = 0) -> None:
        self.start = start
        self._actions: list[Action] = []

    @property
    def total(self) -> int:
        return self.start + sum(a.n for a in self._actions if isinstance(a, Add))

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def push(self, action: Action) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not legal", rule="counter")
        self._actions.append(action)
        return [Event("added", {"n": getattr(action, "n", 0)})]

    def pop(self) -> Action:
        return self._actions.pop()

    def copy(self) -> Self:
        clone = type(self)(self.start)
        clone._actions = list(self._actions)
        return clone

    def pending(self) -> Pending:
        return Pending(self.seats[len(self._actions) % 2], "add")

    def legal_actions(self) -> list[Action]:
        return [] if self.winner() else [Add(n) for n in (1, 2, 3)]

    def parse_action(self, text: str) -> Action:
        word, n = text.split()
        if word != "add":
            raise ValueError(text)
        return Add(int(n))

    def position(self) -> dict[str, Any]:
        return {"version": 1, "total": self.total}

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Self:
        return cls(data["total"])

    def record(self) -> dict[str, Any]:
        return {"version": 1, "start": self.start, "actions": [str(a) for a in self._actions]}

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Self:
        game = cls(data["start"])
        for text in data["actions"]:
            game.push(game.parse_action(text))
        return game

    def winner(self) -> str | None:
        return self.seats[(len(self._actions) - 1) % 2] if self.total >= 10 else None


# the counter game's kit: an engine and nothing else (no map, no demo, the generic phone view)
COUNTER_KIT = GameKit(
    name=CounterGame.name,
    title="Counter",
    game_class=CounterGame,
    starting_game=lambda settings: CounterGame(),
)
