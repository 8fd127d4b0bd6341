"""The store on a minimal game that follows the protocol (the real games are replayed through the
store in the table tests)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.table.store import Store, StoreError, open_store
from tests.companion.counter_game import Add, CounterGame

pytestmark = pytest.mark.usefixtures("counter_game_registered")


def play(store: Store, game_id: int, game: CounterGame, *ns: int) -> None:
    for n in ns:
        action = Add(n)
        game.push(action)
        store.append_action(game_id, action, "A")


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
    store.append_undo(game_id, "A")
    play(store, game_id, game, 1)
    assert store.record(game_id)["actions"] == ["add 3", "add 1"]
    log = store.log(game_id)
    assert [e["kind"] for e in log] == ["push", "push", "undo", "push"]
    assert [e.get("undone") for e in log] == [False, True, None, False]
    assert log[2]["undoes"] == {k: log[1][k] for k in ("seq", "action", "seat", "by", "label")}
    assert log[2]["undoes"]["action"] == "add 2"
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


# -- a damaged store (finding 7) and its identity (finding 11) -------------------------------------


def played_store(path: Path, games: int = 3, moves: tuple[int, ...] = (1, 2, 1, 2)) -> list[int]:
    """A store with ``games`` games (all but the last abandoned), each with ``moves`` played."""
    store = Store(path)
    ids = []
    for number in range(games):
        game = CounterGame()
        game_id = store.start_game(game)
        play(store, game_id, game, *moves)
        if number < games - 1:
            store.abandon(game_id)
        ids.append(game_id)
    store.close()
    return ids


def test_a_sound_store_opens_as_it_is(tmp_path: Path):
    played_store(tmp_path / "t.sqlite3")
    store, recovery = open_store(tmp_path / "t.sqlite3")
    assert recovery is None
    assert len(store.games()) == 3
    assert not list(tmp_path.glob("*.damaged-*"))


def test_one_bad_row_is_set_aside_and_everything_before_it_kept(tmp_path: Path):
    path = tmp_path / "t.sqlite3"
    ids = played_store(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE entries SET action='add seven' WHERE game_id=? AND seq=3", (ids[-1],))
    original = path.read_bytes()
    store, recovery = open_store(path)
    assert recovery is not None
    assert recovery.damaged_copy.read_bytes() == original
    assert recovery.kept_games == 3
    assert recovery.set_aside == (f"game {ids[-1]}: 2 of 4 entries",)
    assert "copied to t.sqlite3.damaged-" in recovery.summary()
    assert recovery.about() == {  # what the phones word in their language
        "copy": recovery.damaged_copy.name,
        "games": 3,
        "set_aside": [f"game {ids[-1]}: 2 of 4 entries"],
    }
    assert store.record(ids[-1])["actions"] == ["add 1", "add 2"]
    assert store.record(ids[0])["actions"] == ["add 1", "add 2", "add 1", "add 2"]
    assert store.unfinished() is not None and store.unfinished().id == ids[-1]
    store.append_action(ids[-1], Add(3))  # the table plays on
    again, second = open_store(path)
    assert second is None and again.record(ids[-1])["actions"][-1] == "add 3"


def test_an_unreadable_game_record_loses_only_that_game(tmp_path: Path):
    path = tmp_path / "t.sqlite3"
    ids = played_store(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET header='{not json' WHERE id=?", (ids[-1],))
    store, recovery = open_store(path)
    assert recovery is not None
    assert recovery.set_aside == (f"game {ids[-1]} (its record cannot be read)",)
    assert [g.id for g in store.games()] == ids[:-1]
    assert store.unfinished() is None


def test_a_file_damaged_on_disk_still_gives_a_working_store(tmp_path: Path):
    """Whichever page of the file is overwritten, the table gets a store it can play on, the
    damaged file is kept as it was, and what could be read is recovered."""
    played_store(tmp_path / "base.sqlite3", games=40, moves=(1, 2, 1, 2, 1, 1))
    original = (tmp_path / "base.sqlite3").read_bytes()
    page = 4096
    kept = []
    for number in range(1, len(original) // page):
        path = tmp_path / f"damaged-{number}.sqlite3"
        data = bytearray(original)
        data[number * page : (number + 1) * page] = b"\xde\xad" * (page // 2)
        path.write_bytes(bytes(data))
        store, recovery = open_store(path)
        assert recovery is not None, f"page {number}"
        assert recovery.damaged_copy.read_bytes() == bytes(data)
        kept.append(recovery.kept_games)
        for game in store.games():  # what was kept replays
            store.load(game.id)
        game = CounterGame()
        game_id = store.start_game(game)
        play(store, game_id, game, 1)
        assert store.record(game_id)["actions"] == ["add 1"]
        store.close()
    assert len(kept) >= 5
    assert sum(kept) >= 40 * (len(kept) - 1)  # only a page of game records loses many games


def test_a_file_that_is_no_database_at_all_gives_an_empty_store(tmp_path: Path):
    path = tmp_path / "t.sqlite3"
    path.write_bytes(b"\x00\x01 this is not a database " * 400)
    store, recovery = open_store(path)
    assert recovery is not None
    assert recovery.kept_games == 0
    assert store.games() == []


def test_a_new_store_has_a_new_identity_and_a_reopened_one_keeps_it(tmp_path: Path):
    first = Store(tmp_path / "t.sqlite3")
    identity = first.store_id
    first.close()
    assert Store(tmp_path / "t.sqlite3").store_id == identity
    (tmp_path / "t.sqlite3").unlink()
    assert Store(tmp_path / "t.sqlite3").store_id != identity


def test_a_schema_1_store_is_migrated_with_the_judge_and_camera_apart_from_seats(tmp_path: Path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
                header TEXT NOT NULL, started_at REAL NOT NULL, finished_at REAL, winner TEXT,
                status TEXT NOT NULL);
            CREATE TABLE entries (game_id INTEGER NOT NULL, seq INTEGER NOT NULL,
                kind TEXT NOT NULL, action TEXT, seat TEXT, at REAL NOT NULL,
                PRIMARY KEY (game_id, seq));
            INSERT INTO meta VALUES ('schema', '1');
            INSERT INTO games VALUES (1, 'test-counter', '{"version": 1, "start": 0}', 0, NULL,
                NULL, 'playing');
            INSERT INTO entries VALUES (1, 1, 'push', 'add 1', 'A', 0), (1, 2, 'push', 'add 1',
                'judge', 0), (1, 3, 'push', 'add 1', 'camera', 0), (1, 4, 'push', 'add 1', NULL, 0);
            """
        )
    store = Store(path)
    assert [(e["by"], e["seat"]) for e in store.log(1)] == [
        ("seat", "A"), ("judge", None), ("camera", None), ("camera", None),
    ]  # fmt: skip
    assert store.record(1)["actions"] == ["add 1"] * 4
    assert {(e["label"]["key"], e["step"]) for e in store.log(1)} == {
        ("action.test-counter.add", "add")
    }  # and on to schema 3: labelled as it was played


def test_the_table_catalog_kept_in_the_same_file_is_recovered_too(tmp_path: Path):
    from companion.table.catalog import TableCatalog

    path = tmp_path / "t.sqlite3"
    ids = played_store(path)
    catalog = TableCatalog(path)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO catalog_entries VALUES "
            "('planechase', 'plane', 'x1', '{}', 'A', 'Ann', 0, 1)"
        )
        db.execute("UPDATE entries SET action='add seven' WHERE game_id=? AND seq=3", (ids[-1],))
    catalog.close()
    _, recovery = open_store(path)
    assert recovery is not None
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT game, id, name FROM catalog_entries").fetchall()
    assert rows == [("planechase", "x1", "Ann")]


_SCHEMA_2 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, header TEXT NOT NULL,
    started_at REAL NOT NULL, finished_at REAL, winner TEXT, status TEXT NOT NULL);
CREATE TABLE entries (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
    action TEXT, seat TEXT, at REAL NOT NULL, role TEXT NOT NULL DEFAULT 'seat',
    PRIMARY KEY (game_id, seq));
INSERT INTO meta VALUES ('schema', '2');
"""


def test_a_schema_2_store_gets_each_old_push_labelled_once_as_it_was_taken(tmp_path: Path):
    """A store written before labels were kept: opening it labels every push of every game by
    replaying it, in the state each push was taken in; a game that stops replaying keeps the
    rest of its entries unlabelled (and still opens)."""
    import json

    from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game

    header = demo_game().record()
    header.pop("actions")
    played = DEMO_ACTIONS[:60]  # past the first spawn phases, into the action phase
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(_SCHEMA_2)
        for game_id in (1, 2):
            db.execute(
                "INSERT INTO games VALUES (?, 'dreamblade', ?, 0, NULL, NULL, 'abandoned')",
                (game_id, json.dumps(header)),
            )
        db.executemany(
            "INSERT INTO entries VALUES (1, ?, 'push', ?, NULL, 0, 'judge')",
            list(enumerate(played, start=1)),
        )
        db.executemany(  # game 2: its third entry does not replay
            "INSERT INTO entries VALUES (2, ?, 'push', ?, NULL, 0, 'judge')",
            [(1, played[0]), (2, played[1]), (3, "spawn A:nobody#1 a1"), (4, played[2])],
        )
    store = Store(path)
    log = store.log(1)
    game = demo_game()
    for entry, text in zip(log, played, strict=True):
        offer = game.describe(game.parse_action(text))
        assert (entry["label"], entry["step"]) == (offer.label.to_json(), offer.step)
        game.push(game.parse_action(text))
    done = [(e["label"]["key"], e["step"]) for e in log if e["action"] == "done"]
    assert ("action.done.spawn", "spawn") in done
    assert ("action.done.choose_strike_cell", "choose_strike_cell") in done
    assert [e["label"] is None for e in store.log(2)] == [False, False, True, True]
    store.close()
    assert Store(path).log(1) == log  # labelled once: opening again changes nothing
