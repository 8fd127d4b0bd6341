"""Outside an event, both seated players agree an unknown map value on their phones: the same
number sets it (in the game record) and the game goes on; two numbers call the judge; a number
out of the map's range or no number at all is refused in the phone's language, changing nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion import events as ev
from companion.settings import Settings
from tests.web_panel.conftest import JUDGE_PIN, Phone, seated
from tests.web_panel.map_agreement_table import table_waiting_for_a_value
from web_panel.app import create_app


@pytest.fixture
def waiting_app(tmp_path: Path) -> Iterator[Flask]:
    table = table_waiting_for_a_value(tmp_path)
    settings = Settings.model_validate(
        {"data_dir": str(tmp_path), "game": "dreamblade", "panel": {"judge_pin": JUDGE_PIN}}
    )
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def unknown(phone: Phone) -> list[str]:
    cells: list[str] = phone.state()["pending"]["details"]["unknown_values"]
    return cells


def say(phone: Phone, cell: str, value: object, language: str = "en") -> object:
    game_id = phone.state()["game_id"]
    return phone.client.post(
        "/api/map_value",
        json={"cell": cell, "value": value, "game_id": game_id},
        headers={"X-CSRF-Token": phone.csrf, "Accept-Language": language},
    )


def judge_calls(app: Flask) -> list[dict]:
    called: list[dict] = []
    app.extensions["panel"].table.bus.subscribe(
        lambda event: called.append(event.data) if event.kind == ev.JUDGE_CALLED else None
    )
    return called


def test_the_same_number_from_both_phones_sets_the_value_and_the_game_goes_on(waiting_app):
    a, b = seated(waiting_app, "A"), seated(waiting_app, "B")
    called = judge_calls(waiting_app)
    cell = unknown(a)[0]
    version = a.state()["version"]
    first = say(a, cell, 3)
    assert first.status_code == 200 and first.get_json()["outcome"] == "waiting"
    shown = b.state()["map_agreement"][cell]
    assert shown == {"seats": ["A"], "disagreed": False}  # B does not see A's number
    assert a.state()["version"] == version and cell in unknown(a)
    second = say(b, cell, "3")
    assert second.get_json()["outcome"] == "agreed"
    after = a.state()
    assert after["version"] == version + 1 and cell not in unknown(a)
    assert cell not in after["map_agreement"]
    table = waiting_app.extensions["panel"].table
    record = table.store.record(table.game_id)
    assert record["actions"][-1] == f"value {cell} 3"
    assert called == []
    for other in unknown(a):  # the other cells the same way; then the conquest is confirmed
        say(a, other, 2)
        say(b, other, 2)
    assert a.act("confirm").status_code == 200


def test_two_numbers_call_the_judge_who_settles_it(waiting_app):
    a, b = seated(waiting_app, "A"), seated(waiting_app, "B")
    called = judge_calls(waiting_app)
    cell = unknown(a)[0]
    version = a.state()["version"]
    assert say(a, cell, 2).get_json()["outcome"] == "waiting"
    assert say(b, cell, 4).get_json()["outcome"] == "disagreed"
    assert called == [{"by": "B", "cell": cell}]
    assert say(b, cell, 5).get_json()["outcome"] == "disagreed"
    assert len(called) == 1  # still the same disagreement: the judge is not called again
    shown = a.state()["map_agreement"][cell]
    assert shown == {"seats": ["A", "B"], "disagreed": True, "values": {"A": 2, "B": 5}}
    assert a.state()["version"] == version and cell in unknown(a)
    assert a.act(f"value {cell} 2").status_code == 403  # a player alone never sets it
    judge = Phone(waiting_app.test_client())
    assert judge.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    assert judge.act(f"value {cell} 2").status_code == 200
    assert cell not in unknown(a) and cell not in a.state()["map_agreement"]


def test_either_player_may_correct_a_misread_number_before_the_judge_comes(waiting_app):
    a, b = seated(waiting_app, "A"), seated(waiting_app, "B")
    cell = unknown(a)[0]
    say(a, cell, 2)
    assert say(b, cell, 4).get_json()["outcome"] == "disagreed"
    assert say(b, cell, 2).get_json()["outcome"] == "agreed"
    assert cell not in unknown(a)


@pytest.mark.parametrize(
    ("value", "language", "message"),
    [
        (9, "en", "type the whole number printed on the map, from 1 to 5"),
        (0, "ja", "1〜5 の整数"),
        ("three", "en", "from 1 to 5"),
        ("三", "ja", "マップに印刷された"),
        (2.5, "en", "whole number"),
        (None, "ja", "整数"),
        (True, "en", "whole number"),
    ],
)
def test_a_number_out_of_range_or_no_number_is_refused_and_changes_nothing(
    waiting_app, value, language, message
):
    a, b = seated(waiting_app, "A"), seated(waiting_app, "B")
    cell = unknown(a)[0]
    before = a.state()
    refused = say(a, cell, value, language)
    assert refused.status_code == 400
    body = refused.get_json()
    assert body["error"] == "map_value" and message in body["message"] and cell in body["message"]
    assert a.state()["version"] == before["version"] and cell in unknown(a)
    assert a.state()["map_agreement"] == {}
    say(b, cell, 3)  # B's number alone sets nothing either
    assert cell in unknown(a)


def test_only_a_seated_phone_for_a_cell_the_game_waits_for(waiting_app):
    a = seated(waiting_app, "A")
    spectator = Phone(waiting_app.test_client())
    cell = unknown(a)[0]
    assert say(spectator, cell, 3).status_code == 403
    assert say(a, "c3", 3).status_code == 409  # known, and no cell the conquest waits for
    assert say(a, "zz", 3, "ja").get_json()["message"] == "ゲームはそのマスの値を待っていません。"
    stale = a.client.post(
        "/api/map_value",
        json={"cell": cell, "value": 3, "game_id": a.state()["game_id"] - 1},
        headers={"X-CSRF-Token": a.csrf},
    )
    assert stale.status_code == 409
    assert a.state()["map_agreement"] == {}
