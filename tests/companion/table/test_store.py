"""The store on a minimal game that follows the protocol (the real games are replayed through the
store in the table tests)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.table.store import Store, StoreError
from tests.companion.counter_game import Add, CounterGame

pytestmark = pytest.mark.usefixtures("counter_game_registered")


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
