"""A game export handed to the viewer is checked whole before anything is built from it: what is
wrong is said in the phone's language, and a good file opened on the panel replays."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.web_panel.conftest import Phone
from tests.web_panel.replay.conftest import PlayedGame
from web_panel.replay.reading import ExportError
from web_panel.replay.versions import replay_of


@pytest.fixture(scope="module")
def exported(whole_game: PlayedGame) -> dict[str, Any]:
    client = whole_game.app.test_client()
    document: dict[str, Any] = json.loads(client.get("/api/replay/1/export.json").data)
    return document


def _broken(document: dict[str, Any], change: Any) -> dict[str, Any]:
    broken = copy.deepcopy(document)
    change(broken)
    return broken


CASES = [
    ("not_export", lambda d: d.update(format="dreamblade-record"), {}),
    ("version", lambda d: d.update(version=2), {"version": "2"}),
    ("game", lambda d: d.update(game="chess"), {"game": "chess"}),
    ("field", lambda d: d["seats"][0].update(colour="red"), {"field": "seats[0]"}),
    ("field", lambda d: d["log"][3].update(seq=9), {"field": "log[3]"}),
    ("field", lambda d: d["pictures"][0].update(last=10_000), {"field": "pictures[0]"}),
    ("entry", lambda d: d["log"][5].update(action="spawn A:nobody#1 a1"), {"seq": 6}),
    ("differs", lambda d: d["record"]["actions"].pop(), {}),
    ("record", lambda d: d["record"].update(setup={}), {}),
]


@pytest.mark.parametrize(("what", "change", "params"), CASES)
def test_a_wrong_export_says_what_is_wrong(exported, what, change, params):
    with pytest.raises(ExportError) as caught:
        replay_of(_broken(exported, change))
    assert caught.value.key == f"error.replay.{what}"
    assert caught.value.params == params


def test_an_export_opened_on_the_panel_replays_without_its_jpegs(whole_game, exported):
    phone = Phone(whole_game.app.test_client())
    sent = {
        **exported,
        "pictures": [{**p, "before": "", "after": ""} for p in exported["pictures"]],
    }
    response = phone.post("/api/replay/file", sent)
    assert response.status_code == 200
    replay = response.get_json()
    assert len(replay["frames"]) == len(exported["log"]) + 1
    assert replay["frames"][-1]["winner"] == "A"


def test_a_wrong_file_is_refused_in_the_phones_language(whole_game, exported):
    phone = Phone(whole_game.app.test_client())
    phone.client.set_cookie("lang", "ja")
    broken = _broken(exported, lambda d: d["log"][5].update(action="spawn A:nobody#1 a1"))
    before = whole_game.table.version
    response = phone.post("/api/replay/file", broken)
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "replay"
    assert body["message"] == "このファイルの 6 手目が再生できません。"
    assert whole_game.table.version == before  # the table's own game never moves
