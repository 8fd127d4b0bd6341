"""The schemas of the messages between tables and hub, and reading one off the broker."""

from __future__ import annotations

import json

import pytest

from companion.hub import messages as msg
from companion.hub.publisher import table_summary


def state(**extra: object) -> dict:
    table = {"game": "dreamblade", "game_id": 2, "version": 7, "pending": {"seat": "A"}}
    return {**table_summary("table-4", table, {"winner": None, "turn": 3}), **extra}


def test_a_table_state_reads_back_with_its_version_and_a_games_own_fields():
    sent = msg.TableState.model_validate(state(score={"A": 2, "B": 1}, tally=[1, 2])).payload()
    read = msg.read_kind("state", sent.encode(), msg.TABLE_MESSAGES)
    assert isinstance(read, msg.TableState)
    assert json.loads(sent)["schema_version"] == msg.SCHEMA_VERSION
    assert (read.version, read.turn, read.score) == (7, 3, {"A": 2.0, "B": 1.0})
    assert read.model_dump()["tally"] == [1, 2]  # a game's own summary field is kept


def test_a_message_from_before_the_schema_version_reads_as_version_one():
    read = msg.read(msg.MatchResult, b'{"match": 3, "outcome": "a"}', 100)
    assert (read.schema_version, read.match, read.outcome) == (1, 3, "a")


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        (b'{"match": [1], "outcome": "a"}', "match"),  # a TypeError in the hub once
        (b'{"match": "1", "outcome": "a"}', "match"),  # no "3" for 3
        (b'{"match": true, "outcome": "a"}', "match"),  # no true for 1
        (b'{"outcome": "a"}', "match"),
        (b"[" * 400 + b"]" * 400, "nested"),  # 100,000 deep was a RecursionError in the hub
        (b'{"match": 1, "outcome": "' + b"a" * 2000 + b'"}', "bytes"),
        (b"\xff\xfe", "JSON"),
        (b"[1, 2]", "the message"),
        (b'{"match": 1, "outcome": "a", "schema_version": 2}', "schema_version"),
    ],
)
def test_an_unreadable_result_says_briefly_why(payload: bytes, reason: str):
    with pytest.raises(msg.Unreadable, match=reason) as caught:
        msg.read_kind("result", payload, msg.TABLE_MESSAGES)
    assert len(str(caught.value)) < 200  # never the payload itself


def test_a_spectator_view_nests_well_within_the_depth_allowed():
    deep = {"view": {"board": {"cells": [{"pieces": [{"tags": [["x"]]}]}]}}}
    sent = msg.TableState.model_validate(state(**deep)).payload().encode()
    assert msg.read_kind("state", sent, msg.TABLE_MESSAGES).view == deep["view"]


def test_a_status_is_one_of_two_words():
    assert msg.read_status(b"online") is True
    assert msg.read_status(b"offline") is False
    with pytest.raises(msg.Unreadable):
        msg.read_status(b"online\x00" * 1000)


def test_the_hubs_pairing_and_clock_read_back_on_the_table():
    pairing = {
        "id": 5, "round": 1, "table": "table-4", "outcome": None, "reported_by": None,
        "a": {"id": 1, "name": "Ann", "warband": None, "labels": None},
        "b": {"id": 2, "name": "Ben", "warband": {"name": "w", "miniatures": []}, "labels": None},
        "confirmed": [],
    }  # fmt: skip
    sent = msg.Pairing.model_validate(pairing).payload().encode()
    read = msg.read_kind("match", sent, msg.HUB_MESSAGES).model_dump()
    assert {k: read[k] for k in pairing} == pairing
    clock = {"round": 2, "length": 60, "deadline": None, "remaining": 30.5, "running": False,
             "at_time": "leader_wins", "hub_time": 1.5}  # fmt: skip
    assert msg.read_kind("clock", msg.RoundClock.model_validate(clock).payload().encode(),
                         msg.HUB_MESSAGES).model_dump()["remaining"] == 30.5  # fmt: skip
    with pytest.raises(msg.Unreadable):
        msg.read_kind("match", b'{"id": 5, "a": {"id": 1}}', msg.HUB_MESSAGES)  # no name


@pytest.mark.parametrize("game", ["dreamblade", "dungeon_command", "arena", "planechase"])
def test_every_games_table_state_reads_back_at_the_hub(game: str, tmp_path):
    """What each game's table sends (its state and summary) passes the hub's strict read."""
    from companion.settings import Settings
    from companion.table.setup import starting_game
    from companion.table.store import Store
    from companion.table.table import Table

    table = Table.start(Store(tmp_path / "t.sqlite3"), starting_game(Settings(game=game)))
    summary = table_summary("table-1", table.state(), table.read(lambda g: g.summary()))
    sent = msg.TableState.model_validate(summary, strict=False).payload().encode()
    read = msg.read_kind("state", sent, msg.TABLE_MESSAGES)
    assert isinstance(read, msg.TableState) and read.game == summary["game"]
    table.store.close()
