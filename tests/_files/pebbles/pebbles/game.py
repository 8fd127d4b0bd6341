"""The rules: a pile of pebbles, seats A and B taking 1 or 2 in turn; the last pebble wins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.protocol import Action, Game, Pending

PILE = 7


@dataclass(frozen=True)
class Take(Action):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class Pebbles(Game):
    name = "pebbles"
    seats = ("A", "B")
    action_types = (Take,)  # labelled "action.pebbles.take" with its ``n`` (the default label)

    def __init__(self, pile: int = PILE) -> None:
        self.pile = pile
        self._actions: list[Action] = []

    @property
    def left(self) -> int:
        return self.pile - sum(a.n for a in self._actions if isinstance(a, Take))

    def taken(self, seat: str) -> int:
        index = self.seats.index(seat)
        return sum(
            a.n for i, a in enumerate(self._actions) if i % 2 == index and isinstance(a, Take)
        )

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def push(self, action: Action) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not possible now", rule="pebbles")
        self._actions.append(action)
        return [Event("pebbles_taken", {"left": self.left})]

    def pop(self) -> Action:
        return self._actions.pop()

    def copy(self) -> Self:
        clone = type(self)(self.pile)
        clone._actions = list(self._actions)
        return clone

    def pending(self) -> Pending:
        if self.winner() is not None:
            return Pending(None, "game_over")
        return Pending(self.seats[len(self._actions) % 2], "take", {"left": self.left})

    def legal_actions(self) -> list[Action]:
        return [] if self.winner() else [Take(n) for n in (1, 2) if n <= self.left]

    def parse_action(self, text: str) -> Action:
        word, _, n = text.partition(" ")
        if word != "take" or not n.isdigit():
            raise ValueError(f"not a move of pebbles: {text!r}")
        return Take(int(n))

    def position(self) -> dict[str, Any]:
        return {"version": 1, "pile": self.pile, "actions": [str(a) for a in self._actions]}

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Self:
        return cls.from_record(data)

    def record(self) -> dict[str, Any]:
        return self.position()

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Self:
        game = cls(int(data["pile"]))
        for text in data["actions"]:
            game.push(game.parse_action(text))
        return game

    def winner(self) -> str | None:
        return (
            self.seats[(len(self._actions) - 1) % 2] if self._actions and self.left == 0 else None
        )
