"""Solo play from the panel (issue 35): ``POST /api/solo`` starts the game at the table anew, with
its warbands and map, against the table at the level chosen; who may, what is refused (said in
the phone's language, nothing changed), and the set-up's own choice of the table as opponent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.conftest import Phone, dreamblade_table, join_url
from tests.web_panel.test_game_setup import _dreamblade
from web_panel import create_app
from web_panel.i18n import translate

PHONE_ADDRESS = "192.168.1.20"  # a phone on the table's network, not the table's own screen


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, 0)


@pytest.fixture
def app(table: Table, tmp_path: Path) -> Iterator[Flask]:
    settings = Settings.model_validate({"data_dir": str(tmp_path / "data"), "game": "dreamblade"})
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def _phone(app: Flask, seat: str | None, lang: str = "en") -> Phone:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = PHONE_ADDRESS
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    if seat is not None:
        path = "/join/" + join_url(app, seat).rsplit("/join/", 1)[1]
        assert client.get(path).status_code == 303
    return Phone(client)


def _setup(table: Table) -> dict[str, Any]:
    record: dict[str, Any] = table.read(lambda game: game.record())
    return record["setup"]


def test_the_table_screen_starts_a_solo_game_with_the_same_warbands_and_map(
    app: Flask, table: Table
) -> None:
    phone = _phone(app, "A")
    assert phone.state()["solo"] == {"levels": ["easy", "normal", "strong"]}
    for _ in range(3):  # a game under way
        phone.post("/api/roll", {"version": table.version, "game_id": table.game_id})
    assert table.version > 0
    setup, game_id = _setup(table), table.game_id
    screen = Phone(app.test_client())  # the table's own screen (loopback, no judge PIN)
    started = screen.post("/api/solo", {"level": "strong"})
    assert started.status_code == 200, started.get_json()
    assert started.get_json()["seat"] == "A"  # the table's screen: its first seat plays
    assert table.game_id != game_id and table.version == 0
    assert _setup(table) == setup  # the same warbands and map, from the start
    view = phone.state()
    assert view["computer"] == {"B": "strong"}
    assert phone.get("/api/me").get_json()["seat"] == "A"  # the phone kept its seat


def test_a_seated_phone_starts_one_before_the_first_action_and_plays_its_own_seat(
    app: Flask, table: Table
) -> None:
    phone = _phone(app, "B")
    started = phone.post("/api/solo", {"level": "easy"})
    assert started.status_code == 200, started.get_json()
    assert phone.state()["computer"] == {"A": "easy"}  # the phone's seat is B: the table is A


def test_a_new_solo_game_shows_no_notice_of_the_last_one(app: Flask, table: Table) -> None:
    phone = _phone(app, "A")
    assert phone.post("/api/solo", {"level": "easy"}).status_code == 200
    table.flag("refused", ("d3",), subject="B:B45#1", rule="expect.other")  # the camera saw it
    assert [n["reason"] for n in phone.state()["notices"]] == ["refused"]
    screen = Phone(app.test_client())  # the table's own screen starts the next one
    assert screen.post("/api/solo", {"level": "normal"}).status_code == 200
    assert phone.state()["notices"] == []


def test_refusals_change_nothing_and_are_said_in_the_phones_language(
    app: Flask, table: Table
) -> None:
    phone = _phone(app, "A", "ja")
    bad = phone.post("/api/solo", {"level": "grandmaster"})
    assert bad.status_code == 400
    assert bad.get_json()["message"] == translate("ja", "error.solo_level")
    phone.post("/api/roll", {"version": table.version, "game_id": table.game_id})
    game_id, version = table.game_id, table.version
    assert version > 0
    refused = phone.post("/api/solo", {"level": "normal"})  # a game under way: not a phone's
    assert refused.status_code == 403
    assert (table.game_id, table.version) == (game_id, version)
    assert phone.state()["computer"] == {}
    watcher = _phone(app, None, "ja")  # a spectator may not either
    assert watcher.post("/api/solo", {"level": "normal"}).status_code == 403
    assert (table.game_id, table.version) == (game_id, version)


def test_the_set_up_form_gives_a_seat_to_the_table_or_to_people(app: Flask, table: Table) -> None:
    screen = Phone(app.test_client())
    new = screen.post("/api/setup/new", {**_dreamblade(), "computer": {"level": "normal"}})
    assert new.status_code == 200, new.get_json()
    assert screen.state()["computer"] == {"B": "normal"}  # the game's last seat by default
    seat_a = {**_dreamblade(), "computer": {"level": "easy", "seat": "A"}}
    assert screen.post("/api/setup/new", seat_a).status_code == 200
    assert screen.state()["computer"] == {"A": "easy"}
    assert screen.post("/api/setup/new", _dreamblade()).status_code == 200
    assert screen.state()["computer"] == {}  # people play the next one
    game_id = table.game_id
    wrong = {**_dreamblade(), "computer": {"level": "easy", "seat": "Z"}}
    assert screen.post("/api/setup/new", wrong).status_code == 400
    assert table.game_id == game_id


def test_the_set_up_form_gives_an_arena_seat_to_the_table(app: Flask, table: Table) -> None:
    screen = Phone(app.test_client())
    offered = screen.get("/api/setup/options").get_json()["computer"]
    assert {"dreamblade", "arena"} <= set(offered["games"])
    new = screen.post("/api/setup/new", {"game": "arena", "computer": {"level": "strong"}})
    assert new.status_code == 200, new.get_json()
    seats = table.read(lambda game: game.seats)
    assert table.read(lambda game: game.name) == "arena"
    assert screen.state()["computer"] == {seats[-1]: "strong"}
    assert screen.state()["dice_typed_for"] is None  # the first d20: the first seat's, a phone's
