"""Starting a game is one store transaction (``Table.start_game``): the game, who plays it, the
seats, the round clock, the pieces' tags, the seated players' labels and the catalog entries its
set-up typed in are all kept — or, when any write fails, none is, on disk and in memory — and
``GAME_STARTED`` is published only once they are committed."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from companion import events as ev
from companion.events import Event
from companion.games.dreamblade.demo_game import demo_game
from companion.settings import ClockSettings, SeatSettings
from companion.table.catalog import EnteredBy, TableCatalog, checked_entry
from companion.table.printed_maps import PrintedMaps
from companion.table.session import Lineup, Session
from companion.table.start_request import NewRound, SeatedLabels, StartRequest
from companion.table.store import Store, StoreError
from companion.table.table import Table
from tests.companion.entries import hound_entry

CLOCK = ClockSettings(round_minutes=50)
SCISSORS = "db:spellbound-scissors#9"
AIKO_BEN = {
    "A": SeatSettings(name="Aiko", colour="#e53935"),
    "B": SeatSettings(name="Ben", colour="#1e88e5"),
}
CAROL_DAN = {
    "A": SeatSettings(name="Carol", colour="#43a047"),
    "B": SeatSettings(name="Dan", colour="#fdd835"),
}
ANN = {"family": "aruco4x4", "key": 3, "serials": {"0": "db:sir-glorious#1"}}


def _first_table(path: Path) -> Table:
    """A table playing its first game with Aiko and Ben seated, their labels, their round
    clock running and a tag shown for one piece."""
    table = Table.start(Store(path), demo_game())
    table.start_game(StartRequest(demo_game(), tags={"B:spellbound-scissors#1": SCISSORS}))
    table.session.set_seats(AIKO_BEN)
    table.session.adopt(table.game_id, Lineup.of({"A": "Aiko", "B": "Ben"}))
    table.session.set_labels(4, {"A": ANN})
    code = table.session.issue_code("A", table.game_id)
    table.session.join(code, table.game_id, "phone-aiko")
    clock = table.session.clock(CLOCK)
    clock.configure(30)
    clock.start()
    TableCatalog(path).close()  # the panel opened the table's catalog: its table is in the file
    PrintedMaps(table.store).remember("map-1", {"b2": 2})  # values read off a printed map
    return table


def _request(table: Table) -> StartRequest:
    """Carol and Dan's game: every part a start can change."""
    typed = checked_entry("dreamblade", "miniature", hound_entry(), EnteredBy("A", "Carol"), 1.0)
    return StartRequest(
        demo_game(),
        Lineup.of({"A": "Carol", "B": "Dan"}, paired=True),
        seats=CAROL_DAN,
        clock=NewRound(45),
        tags={"A:sir-glorious#1": "db:sir-glorious#7"},
        labels=SeatedLabels(5, {"B": ANN}),
        entries=(typed,),
        map_values=(("map-1", {"b2": 3, "d4": 1}),),
    )


def _everything(store: Store, table: Table | None, session: Session) -> dict[str, Any]:
    """What a start may change, as the store (and the table, when given) says it."""
    game_id = table.game_id if table is not None else store.unfinished().id  # type: ignore[union-attr]
    catalog = TableCatalog(store.path)
    try:
        entries = [entry.id for entry in catalog.entries()]
    finally:
        catalog.close()
    seen = {
        "games": [(g.id, g.status) for g in store.games()],
        "game_id": game_id,
        "record": store.record(game_id),
        "tags": store.tags(game_id),
        "seats": session.seats(),
        "lineup": session.lineup(game_id),
        "phones": session.phones(game_id),
        "labels": session.labels(),
        "labels_revision": session.labels_revision,
        "entries": entries,
        "map_values": PrintedMaps(store).values("map-1"),
    }
    if table is not None:
        seen["playing"] = (table.game_id, table.version, table.read(lambda g: g.record()))
    return seen


def _clock(clock_status: dict[str, Any]) -> tuple[Any, ...]:
    return clock_status["length"], clock_status["running"], clock_status["enabled"]


FAILING = [
    "catalog_entries",
    "game_tags",
    "session_labels",
    "session_seats",
    "session_lineups",
    "printed_map_values",
    "session_meta",  # the round clock
]


@pytest.mark.parametrize("failing", FAILING)
def test_a_start_whose_write_fails_leaves_nothing_half_done(tmp_path: Path, failing: str):
    path = tmp_path / "table.sqlite3"
    table = _first_table(path)
    table.submit("A", table.read(lambda g: str(g.legal_actions()[0])))  # the game is under way
    clock = table.session.clock(CLOCK)
    before = _everything(table.store, table, table.session)
    clock_before = _clock(clock.status())
    assert clock_before == (1800.0, True, True)
    published: list[Event] = []
    table.bus.subscribe(published.append)
    with sqlite3.connect(path) as db:  # the store refuses one of the start's writes
        db.execute(
            f"CREATE TRIGGER refuse BEFORE INSERT ON {failing} "
            "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
        )

    with pytest.raises(sqlite3.IntegrityError, match="injected failure"):
        table.start_game(_request(table))

    assert _everything(table.store, table, table.session) == before  # in memory and in the store
    assert _clock(clock.status()) == clock_before
    assert published == []  # nothing was said
    table.store.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER refuse")  # the failure was for that start only
    store = Store(path)  # and on disk, reopened
    reopened = Table.resume(store)
    assert reopened is not None
    assert _everything(store, reopened, reopened.session) == before
    assert _clock(reopened.session.clock(CLOCK).status()) == clock_before


def test_a_start_with_a_clock_it_refuses_changes_nothing(tmp_path: Path):
    table = _first_table(tmp_path / "table.sqlite3")
    before = _everything(table.store, table, table.session)
    request = _request(table)
    with pytest.raises(ValueError, match="between 1 and 600"):
        table.start_game(StartRequest(request.game, clock=NewRound(0), seats=request.seats))
    assert _everything(table.store, table, table.session) == before


def test_a_start_keeps_every_part_together_and_says_so_once_committed(tmp_path: Path):
    path = tmp_path / "table.sqlite3"
    table = _first_table(path)
    first = table.game_id
    clock = table.session.clock(CLOCK)
    on_disk: list[tuple[int, str]] = []

    def committed(event: Event) -> None:  # what another connection reads when it is published
        if event.kind == ev.GAME_STARTED:
            with sqlite3.connect(path) as db:
                on_disk.extend(db.execute("SELECT id, status FROM games ORDER BY id"))

    table.bus.subscribe(committed)
    game_id = table.start_game(_request(table))

    assert on_disk[-2:] == [(first, "abandoned"), (game_id, "playing")]
    assert table.game_id == game_id and table.version == 0
    assert _clock(clock.status()) == (2700.0, False, True)  # the new round, not running yet
    table.store.close()
    store = Store(path)
    reopened = Table.resume(store)
    assert reopened is not None and reopened.game_id == game_id
    seen = _everything(store, reopened, reopened.session)
    assert seen["seats"] == CAROL_DAN
    assert seen["lineup"] == Lineup.of({"A": "Carol", "B": "Dan"}, paired=True)
    assert seen["phones"] == {}  # a pairing unseats every phone of the game replaced
    assert seen["tags"] == {"A:sir-glorious#1": "db:sir-glorious#7"}
    assert seen["labels"] == {"B": ANN}
    assert seen["entries"] == [hound_entry()["id"]]
    assert seen["map_values"] == {"b2": 3, "d4": 1}
    assert _clock(reopened.session.clock(CLOCK).status()) == (2700.0, False, True)
    with pytest.raises(StoreError, match="not in play"):
        store.end_game(store._db, first, "finished", "A")  # the replaced game was abandoned


def test_a_start_leaves_what_it_does_not_name(tmp_path: Path):
    table = _first_table(tmp_path / "table.sqlite3")
    clock = table.session.clock(CLOCK)
    time.sleep(0.01)
    table.start_game(StartRequest(demo_game()))  # the same players play on
    assert table.session.seats()["A"].name == "Aiko"
    assert table.session.labels() == {"A": ANN}
    assert table.session.phones(table.game_id) == {"A": ["phone-aiko"]}
    assert _clock(clock.status()) == (1800.0, True, True)
