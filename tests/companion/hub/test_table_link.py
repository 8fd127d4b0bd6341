"""A table's side of the tournament, with no broker reachable (the link must not mind): the
paired game, the names, the round clock and the ``at_time`` policy."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from companion import events as ev
from companion.events import JUDGE_ANSWERED, JUDGE_CALLED, TIME_UP, Event
from companion.hub.table_link import MATCH_FILE, TableLink, game_for_match
from companion.settings import HubSettings, Settings
from companion.table.setup import starting_game
from companion.table.start_request import StartRequest
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port, wait_for

VALOR = {"name": "Valor", "miniatures": [{"id": "runetagged-brawler", "count": 2}]}
MADNESS = {"name": "Madness", "miniatures": [{"id": "dreadmorph-ogre"}, {"id": "B45"}]}


def match(match_id: int, warbands: tuple[dict | None, dict | None] = (None, None)) -> dict:
    return {
        "id": match_id,
        "a": {"id": 1, "name": "Aiko", "warband": warbands[0]},
        "b": {"id": 2, "name": "Ben", "warband": warbands[1]},
        "outcome": None,
    }


def settings(tmp_path: Path) -> Settings:
    hub = HubSettings(mqtt_host="127.0.0.1", mqtt_port=free_port())  # nobody listens there
    return Settings(table_name="table-4", data_dir=tmp_path, hub=hub)


class Started:
    """The games the link started at the table, by the names it put on the seats."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.names: list[dict[str, str]] = []
        table.bus.subscribe(self._on_event)

    def _on_event(self, event: Event) -> None:
        if event.kind == ev.GAME_STARTED:
            self.names.append({s: seat.name for s, seat in self.table.session.seats().items()})


def link_for(tmp_path: Path) -> tuple[TableLink, Started]:
    config = settings(tmp_path)
    table = Table.start(Store(config.store_path), starting_game(config))
    started = Started(table)
    return TableLink(config, table), started


def test_registered_warbands_are_the_paired_game(tmp_path: Path):
    game = game_for_match(match(1, (VALOR, MADNESS)), settings(tmp_path))
    warbands = game.record()["setup"]["warbands"]
    assert [m["id"] for m in warbands["A"]] == ["runetagged-brawler", "runetagged-brawler"]
    assert [m["id"] for m in warbands["B"]] == ["dreadmorph-ogre", "B45"]
    # one player without a registered warband: the table's usual game, set up on the panel
    fallback = game_for_match(match(1, (VALOR, None)), settings(tmp_path))
    assert fallback.record() == starting_game(settings(tmp_path)).record()


def test_the_pairing_starts_the_events_game_not_the_tables_own(tmp_path: Path, caplog):
    from companion.games import kits

    other = kits()[-1]
    assert settings(tmp_path).game != other.name
    game = game_for_match({**match(1), "game": other.name}, settings(tmp_path))
    assert game.name == other.name
    # a game this table does not have: its own, and the log says why
    own = game_for_match({**match(1), "game": "chess"}, settings(tmp_path))
    assert own.record() == starting_game(settings(tmp_path)).record()
    assert "chess" in caplog.text


@pytest.mark.process
def test_a_pairing_starts_the_game_once_and_is_remembered(tmp_path: Path):
    link, started = link_for(tmp_path)
    try:
        link.on_match(match(7, (VALOR, MADNESS)))
        game_id = link.table.game_id
        assert started.names == [{"A": "Aiko", "B": "Ben"}]
        link.on_match(match(7, (VALOR, MADNESS)))  # sent again after a reconnection
        assert link.table.game_id == game_id and len(started.names) == 1
        saved = json.loads((tmp_path / MATCH_FILE).read_text())
        assert saved == {"match": 7, "game_id": game_id, "outcome": None}
        link.on_match({"id": None})  # no pairing at this table: nothing changes
        assert link.table.game_id == game_id
    finally:
        link.close()


@pytest.mark.process
def test_at_time_the_leader_wins_policy_reports_and_says_so(tmp_path: Path):
    link, _ = link_for(tmp_path)
    flags: list[str] = []
    link.table.bus.subscribe(
        lambda e: flags.append(e.data["policy"]) if e.kind == TIME_UP else None
    )
    shown: list[tuple] = []
    link._show_clock = lambda *status: shown.append(status)
    try:
        link.on_match(match(3))
        now = time.time()
        status = {"round": 1, "length": 3000.0, "deadline": now + 0.2, "remaining": 0.2,
                  "running": True, "at_time": "leader_wins", "hub_time": now}  # fmt: skip
        link.on_clock(status)
        # the panel's clock follows, with the event's rule (the phones say it in their language)
        assert shown and shown[-1][0] == 3000.0 and shown[-1][2:] == (True, "leader_wins")
        assert wait_for(lambda: bool(flags), seconds=5)
        assert flags[0] == "leader_wins"
        assert link.match is not None and link.match["outcome"] == "draw"  # 0–0: level
        link.on_clock(status)  # the same round's clock again: applied once only
        time.sleep(0.4)
        assert len(flags) == 1
    finally:
        link.close()


@pytest.mark.process
def test_at_time_notify_only_announces_and_reports_nothing(tmp_path: Path):
    link, _ = link_for(tmp_path)
    flags: list[str] = []
    link.table.bus.subscribe(
        lambda e: flags.append(e.data["policy"]) if e.kind == TIME_UP else None
    )
    try:
        link.on_match(match(3))
        now = time.time()
        link.on_clock({"round": 2, "length": 60.0, "deadline": now + 0.1, "running": True,
                       "at_time": "notify_only", "hub_time": now})  # fmt: skip
        assert wait_for(lambda: bool(flags), seconds=5)
        assert flags[0] == "notify_only"
        assert link.match is not None and link.match["outcome"] is None
    finally:
        link.close()


@pytest.mark.process
def test_a_restarted_table_keeps_its_reported_result(tmp_path: Path):
    link, _ = link_for(tmp_path)
    link.on_match(match(5))
    link._report("b")
    link.close()
    again, started = link_for(tmp_path)  # same data folder: the file says what was sent
    try:
        assert again.match is not None and again.match["outcome"] == "b"
        again.on_match(match(5))
        assert started.names == []  # the same pairing does not restart the game
    finally:
        again.close()


@pytest.mark.process
def test_the_recorded_result_is_offered_for_confirmation(tmp_path: Path):
    link, _ = link_for(tmp_path)
    changes: list[int] = []
    link.on_change = lambda: changes.append(1)
    try:
        link.on_match(match(9))
        assert link.result_view() is None
        with pytest.raises(LookupError):
            link.confirm("A")
        link.on_match({**match(9), "outcome": "b", "confirmed": [2]})  # the hub's echo
        assert link.result_view() == {"match": 9, "outcome": "b", "confirmed": ["B"]}
        assert len(changes) == 2  # the panel was told each time
        link.on_match({"id": None})  # the next round leaves this table empty
        assert link.result_view() is None
    finally:
        link.close()


@pytest.mark.process
def test_a_game_set_up_on_the_panel_plays_the_match(tmp_path: Path):
    link, _ = link_for(tmp_path)
    try:
        link.on_match(match(11))  # no registered warbands: the players set up their own game
        config = settings(tmp_path)
        link.table.start_game(StartRequest(starting_game(config)))  # what the panel's set-up does
        assert link.match is not None and link.match["game_id"] == link.table.game_id
        saved = json.loads((tmp_path / MATCH_FILE).read_text())
        assert saved["game_id"] == link.table.game_id
    finally:
        link.close()


@pytest.mark.process
def test_the_seated_players_labels_are_read_for_their_match_only(tmp_path: Path):
    from companion.table.seated_labels import load_seated
    from vision.registration import registration_from_data

    ann = {"family": "aruco4x4", "key": 3, "serials": {"0": "db:runetagged-brawler#1"}}
    ben = {"family": "aruco4x4", "key": 8, "serials": {"0": "db:B45#1"}}
    link, _started = link_for(tmp_path)
    told: list[set[str]] = []  # the seats whose labels were kept each time the panel was told
    link.on_change = lambda: told.append(set(load_seated(link.table.session)))
    try:
        paired = match(7, (VALOR, MADNESS))
        paired["a"]["labels"], paired["b"]["labels"] = ann, ben
        link.on_match(paired)
        assert load_seated(link.table.session) == {
            "A": registration_from_data(ann, "a"),
            "B": registration_from_data(ben, "b"),
        }
        assert told[-1] == {"A", "B"}  # the panel is told once the labels are kept
        # the next pairing: only its players' labels (Ben's damaged in transit is left out)
        following = match(8, (VALOR, MADNESS))
        following["a"]["labels"] = {**ben, "key": 99}
        following["b"]["labels"] = ann
        link.on_match(following)
        assert load_seated(link.table.session) == {"B": registration_from_data(ann, "a")}
        link.on_match({"id": None})  # the hub pairs no one here: no players' labels
        assert load_seated(link.table.session) == {}
        assert told[-1] == set()
    finally:
        link.close()


EVENT_VALUES = {"b2": 1, "c2": 2, "d2": 1, "b3": 3, "c3": 5, "d3": 3, "b4": 1, "c4": 2, "d4": 1}


def event_map_data(**changes: object) -> dict:
    from companion.games.dreamblade.event_maps import map_data
    from companion.games.dreamblade.maps import builtin_map

    data = map_data(builtin_map("default"))
    return {**data, "name": "Store night", "key_values": dict(EVENT_VALUES), **changes}


def test_every_paired_game_plays_on_the_events_map(tmp_path: Path):
    registered = {**match(1, (VALOR, MADNESS)), "map": event_map_data()}
    unregistered = {**match(2), "map": event_map_data()}
    for paired in (registered, unregistered):
        game = game_for_match(paired, settings(tmp_path))
        assert game.record()["setup"]["map"]["key_values"] == EVENT_VALUES
        assert game.record()["setup"]["map"]["name"] == "Store night"


def test_a_map_that_is_no_map_leaves_the_tables_own(tmp_path: Path, caplog):
    broken = {**match(1), "map": event_map_data(key_values={"b2": "lots"})}
    game = game_for_match(broken, settings(tmp_path))
    assert game.record() == starting_game(settings(tmp_path)).record()
    assert "the event's map from the hub" in caplog.text


@pytest.mark.process
def test_the_panel_sets_up_on_the_map_of_the_tables_pairing(tmp_path: Path):
    link, _ = link_for(tmp_path)
    try:
        assert link.event_map() is None
        link.on_match({**match(1), "map": event_map_data()})
        chosen = link.event_map()
        assert chosen is not None and chosen.key_values == EVENT_VALUES
        link.on_match({"id": None})  # no pairing here now: no event map either
        assert link.event_map() is None
    finally:
        link.close()


@pytest.mark.process
def test_a_count_sent_before_the_hub_heard_the_call_does_not_clear_it(tmp_path: Path):
    """The hub's count of open calls can cross a new call on the wire: a 0 that does not yet
    count the call made here must leave its notice up; the hub's answer to it clears it."""
    link, _ = link_for(tmp_path)
    answered: list[dict] = []
    link.table.bus.subscribe(lambda e: answered.append(e.data), kinds={JUDGE_ANSWERED})
    try:
        link.on_judge_calls({"open": 0, "calls": 2})  # two earlier calls, both answered
        link.table.bus.publish(Event(JUDGE_CALLED, {"by": "A"}))
        link.on_judge_calls({"open": 0, "calls": 2})  # sent before the hub heard of it
        assert answered == []
        link.on_judge_calls({"open": 1, "calls": 3})  # the hub recorded it
        assert answered == []
        link.on_judge_calls({"open": 0, "calls": 3})  # and answered it
        assert answered == [{"by": "hub"}]
    finally:
        link.close()


@pytest.mark.process
def test_the_table_screen_names_the_table_round_match_and_players(tmp_path: Path):
    link, _ = link_for(tmp_path)
    try:
        assert link.event_view() == {"table": "table-4", "round": None}  # nobody paired yet
        link.on_match({**match(7), "round": 2})
        assert link.event_view() == {
            "table": "table-4", "round": 2, "match": 7, "players": {"A": "Aiko", "B": "Ben"},
        }  # fmt: skip
    finally:
        link.close()


@pytest.mark.process
def test_the_players_of_the_match_before_are_told_where_they_play_now(tmp_path: Path):
    """Round 2's pairing carries where round 1's players at this table went: the phones that
    lost their seats to it say so; a restarted table still knows."""
    link, _ = link_for(tmp_path)
    try:
        link.on_match({**match(3), "round": 1})
        first_game = link.table.game_id
        assert link.moved(first_game, "B") is None  # still this match's game
        before = {
            "match": 3, "round": 1,
            "seats": {
                "A": {"table": "table-4", "seat": "B", "bye": False},
                "B": {"table": "table-2", "seat": "A", "bye": False},
            },
        }  # fmt: skip
        # a phone asks who it is as soon as it sees the new game: it already learns where to go
        asked: list[dict[str, Any] | None] = []
        link.table.bus.subscribe(
            lambda _e: asked.append(link.moved(first_game, "B")), {ev.GAME_STARTED}
        )
        link.on_match({**match(9), "round": 2, "before": before})
        assert link.table.game_id != first_game
        assert asked and asked[0] == link.moved(first_game, "B")
        assert link.moved(first_game, "B") == {
            "table": "table-2", "seat": "A", "bye": False, "round": 2, "here": False,
        }  # fmt: skip
        assert link.moved(first_game, "A") == {
            "table": "table-4", "seat": "B", "bye": False, "round": 2, "here": True,
        }  # fmt: skip
        assert link.moved(first_game - 1, "A") is None  # a game of no match here
        assert link.moved(link.table.game_id, "A") is None
    finally:
        link.close()
    again = TableLink(settings(tmp_path), link.table, Started(link.table))
    try:
        again.on_match({**match(9), "round": 2, "before": before})  # the hub's retained pairing
        assert again.moved(first_game, "B") is not None
    finally:
        again.close()
