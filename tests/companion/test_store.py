"""The store on a minimal game that follows the protocol (the real games are replayed through the
store in the table tests)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import pytest

from companion.errors import IllegalActionError
from companion.events import Event
from companion.games import GAMES, register
from companion.games.protocol import Action, Game, Pending
from companion.store import Store, StoreError


@dataclass(frozen=True)
class Add(Action):
    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


class CounterGame(Game):
    """Seats take turns adding 1–3; reaching 10 wins."""

    name = "test-counter"
    seats = ("A", "B")

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


@pytest.fixture(autouse=True)
def _registered():
    register(CounterGame)
    yield
    GAMES.pop(CounterGame.name, None)


def play(store: Store, game_id: int, game: CounterGame, *ns: int) -> None:
    for n in ns:
        action = Add(n)
        game.push(action)
        store.append_action(game_id, action, seat="A")


def test_a_reopened_store_resumes_the_unfinished_game(tmp_path: Path):
    store = Store(tmp_path / "t.sqlite3")
    game = CounterGame(start=1)
    game_id = store.start_game(game)
    play(store, game_id, game, 3, 2)
    store.close()

    reopened = Store(tmp_path / "t.sqlite3")
    unfinished = reopened.unfinished()
    assert unfinished is not None and unfinished.id == game_id
    resumed = reopened.load(game_id)
    assert resumed.record() == game.record()


def test_undo_is_logged_and_replayed(tmp_path: Path):
    store = Store(tmp_path / "t.sqlite3")
    game = CounterGame()
    game_id = store.start_game(game)
    play(store, game_id, game, 3, 2)
    game.pop()
    store.append_undo(game_id, seat="A")
    play(store, game_id, game, 1)
    assert store.record(game_id)["actions"] == ["add 3", "add 1"]
    assert [e["kind"] for e in store.log(game_id)] == ["push", "push", "undo", "push"]
    assert store.load(game_id).record() == game.record()


def test_finished_games_are_kept_and_closed_to_new_actions(tmp_path: Path):
    store = Store(tmp_path / "t.sqlite3")
    game = CounterGame()
    game_id = store.start_game(game)
    play(store, game_id, game, 3, 3, 3, 1)
    store.finish(game_id, game.winner())
    assert store.unfinished() is None
    [stored] = store.games()
    assert (stored.status, stored.winner) == ("finished", "B")
    with pytest.raises(StoreError, match="finished"):
        store.append_action(game_id, Add(1))
    assert store.record(game_id)["actions"] == ["add 3", "add 3", "add 3", "add 1"]


def test_unknown_game_ids_are_refused(tmp_path: Path):
    store = Store(tmp_path / "t.sqlite3")
    with pytest.raises(StoreError, match="no game 7"):
        store.append_action(7, Add(1))
    with pytest.raises(StoreError, match="no game 7"):
        store.record(7)


def test_the_store_runs_in_wal_mode(tmp_path: Path):
    Store(tmp_path / "t.sqlite3").close()
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_store_of_another_schema_is_refused(tmp_path: Path):
    Store(tmp_path / "t.sqlite3").close()
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    with pytest.raises(StoreError, match="schema 99"):
        Store(tmp_path / "t.sqlite3")
