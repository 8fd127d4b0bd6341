"""A table of a tournament: its phones show the result the hub recorded and its seated players
confirm it (the link to the hub is a stand-in here; the real one is tested over a real broker in
tests/companion/hub/test_station.py)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from tests.web_panel.browser import new_phone
from tests.web_panel.conftest import Phone, join_url, seated
from web_panel.app import PanelServer


class StandInLink:
    """What the hub recorded (``None``: nothing yet) and the confirmations sent to it."""

    def __init__(self, result: dict[str, Any] | None) -> None:
        self.result = result
        self.sent: list[str] = []

    def result_view(self) -> dict[str, Any] | None:
        return self.result

    def match_id(self) -> int | None:
        return self.result["match"] if self.result is not None else None

    def event_view(self) -> dict[str, Any]:
        return {"table": "table-1", "round": None}

    def moved(self, game_id: int, seat: str) -> None:
        return None

    def confirm(self, seat: str) -> None:
        if self.result is None:
            raise LookupError("nothing recorded")
        self.sent.append(seat)
        self.result = {**self.result, "confirmed": sorted({*self.result["confirmed"], seat})}


def attach(app: Flask, result: dict[str, Any] | None) -> StandInLink:
    link = StandInLink(result)
    app.extensions["panel"].tournament = link
    app.extensions["panel"].feed.panel_changed()
    return link


def test_a_seated_player_confirms_the_recorded_result(app: Flask, phone_a: Phone, spectator: Phone):
    link = attach(app, {"match": 4, "outcome": "b", "confirmed": []})
    assert phone_a.state()["tournament"] == {"match": 4, "outcome": "b", "confirmed": []}
    assert phone_a.post("/api/tournament/confirm").status_code == 200
    assert link.sent == ["A"]
    refused = spectator.post("/api/tournament/confirm")
    assert refused.status_code == 403 and refused.get_json()["error"] == "spectator"


def test_nothing_to_confirm_is_refused_in_the_phones_language(app: Flask):
    phone = seated(app, "B")
    assert phone.state()["tournament"] is None  # not a tournament table
    refused = phone.post("/api/tournament/confirm")
    assert refused.status_code == 409 and refused.get_json()["error"] == "nothing_to_confirm"
    link = attach(app, None)  # a tournament table whose result is not recorded yet
    japanese = phone.client.post(
        "/api/tournament/confirm",
        json={},
        headers={"X-CSRF-Token": phone.csrf, "Accept-Language": "ja"},
    )
    assert japanese.status_code == 409
    assert japanese.get_json()["message"] == "この卓にはまだ確認する大会の結果がありません。"
    assert link.sent == []


@pytest.mark.browser
@pytest.mark.parametrize(
    ("language", "recorded", "done"),
    [
        ("en-US", "The hub recorded: Player B wins.", "Confirmed by Player A."),
        ("ja-JP", "ハブに記録された結果：プレイヤーB さんの勝ち。", "確認済み：プレイヤーA。"),
    ],
)
def test_the_phone_shows_the_result_and_confirms_it(
    browser: Browser, server: PanelServer, app: Flask, language: str, recorded: str, done: str
):
    link = attach(app, {"match": 4, "outcome": "b", "confirmed": []})
    phone = new_phone(browser, server.url, language)
    errors: list[str] = []
    phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(
        server.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1],
        wait_until="domcontentloaded",
    )
    expect(phone.locator("#tournament .recorded")).to_have_text(recorded)
    phone.locator("#tournament-confirm").click()
    for _ in range(200):  # the confirmation reaches the link before the hub's echo comes back
        if link.sent:
            break
        phone.wait_for_timeout(50)
    app.extensions["panel"].feed.panel_changed()  # the hub's echo, as the link would pass it on
    expect(phone.locator("#tournament .confirmed")).to_have_text(done)
    expect(phone.locator("#tournament-confirm")).to_have_count(0)
    assert link.sent == ["A"]
    assert errors == []
