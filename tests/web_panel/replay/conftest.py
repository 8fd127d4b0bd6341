"""A Dreamblade game played at a panel as players play it: two phones seated by their join codes,
the judge signed in with the PIN, one action taken back, one move the camera saw (its pictures
kept with it), to its winner. The recorded game the replay tests read, and the live views the
phones had at every version."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from PIL import Image

from companion.games.dreamblade.demo_game import DEMO_GAME, demo_game
from companion.settings import Settings
from companion.table.proposers import CAMERA
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone, join_url
from web_panel import create_app

HUB_PASSWORD = "hub-account-password-7f3k"
UNDONE_AT = 12  # the demo action taken back once (then taken again)
CAMERA_AT = 3  # the demo action the camera proposes, with its pictures


def jpeg(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (24, 24), colour).save(out, "JPEG", quality=70)
    return out.getvalue()


@dataclass
class PlayedGame:
    app: Flask
    table: Table
    secrets: dict[str, str] = field(default_factory=dict)  # what no export may hold, by name
    phones: dict[str, Phone] = field(default_factory=dict)


def playing_app(tmp_path: Path) -> tuple[Flask, Table]:
    setup = demo_game().record()
    setup.pop("actions")
    table = Table.new_game(Store(tmp_path / "db.sqlite3"), "dreamblade", setup)
    settings = Settings.model_validate(
        {
            "data_dir": str(tmp_path),
            "game": "dreamblade",
            "panel": {"judge_pin": JUDGE_PIN},
            "hub": {"mqtt_host": "127.0.0.1", "username": "table-7", "password": HUB_PASSWORD},
        }
    )
    app = create_app(table, settings, secret_key="replay-test-secret", testing=True)
    return app, table


def seat_phone(app: Flask, seat: str, secrets: dict[str, str]) -> Phone:
    url = join_url(app, seat)
    code = url.rsplit("/join/", 1)[1]
    secrets[f"join code {seat}"] = code
    client = app.test_client()
    assert client.get("/join/" + code).status_code == 303
    phone = Phone(client)
    secrets[f"csrf {seat}"] = phone.csrf
    return phone


def play(game: PlayedGame, actions: tuple[str, ...], after: Any = None) -> None:
    """Play ``actions`` as the phones would (the seat the game waits for, else the judge), one
    taken back and taken again, one proposed by the camera; ``after(version)`` is called once
    each version is reached."""
    table = game.table
    for index, text in enumerate(actions):
        seat = table.state()["pending"]["seat"]
        if index == CAMERA_AT:
            cells = [("e5", jpeg((200, 40, 40)), jpeg((40, 40, 200)))]  # B's spawn in e5
            with table.evidence(cells):
                table.submit(CAMERA, text)
        else:
            phone = game.phones.get(seat, game.phones["judge"])
            assert phone.act(text).status_code == 200, text
        if after:
            after(table.version)
        if index == UNDONE_AT:
            assert game.phones["judge"].undo().status_code == 200
            if after:
                after(table.version)
            assert game.phones["judge"].act(text).status_code == 200
            if after:
                after(table.version)


def played_game(tmp_path: Path, actions: tuple[str, ...] = DEMO_GAME) -> PlayedGame:
    app, table = playing_app(tmp_path)
    game = PlayedGame(app, table)
    game.secrets["PIN"] = JUDGE_PIN
    game.secrets["hub password"] = HUB_PASSWORD
    game.phones["A"] = seat_phone(app, "A", game.secrets)
    game.phones["B"] = seat_phone(app, "B", game.secrets)
    judge = Phone(app.test_client())
    assert judge.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    game.phones["judge"] = judge
    game.secrets["csrf judge"] = judge.csrf
    game.secrets["panel key"] = str(app.secret_key)
    game.secrets["store id"] = table.store.store_id
    ((code_key,),) = table.store.rows("SELECT value FROM session_meta WHERE key='code_key'")
    game.secrets["join code key"] = str(code_key)
    for (phone,) in table.store.rows("SELECT DISTINCT phone FROM session_phones"):
        game.secrets[f"phone {phone}"] = str(phone)
    play(game, actions)
    return game


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PlayedGame]:
    """The whole game, played once for a module's tests (which only read it)."""
    game = played_game(tmp_path_factory.mktemp("whole_game"))
    yield game
    game.app.extensions["panel"].close()
