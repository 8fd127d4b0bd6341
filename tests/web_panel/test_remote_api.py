"""The panel's remote-play routes and the paused table's refusals (``web_panel/remote_api.py``)."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.table.table import Table
from tests.web_panel.conftest import Phone, join_url, seated
from web_panel.i18n import translate

HOST = {"role": "host", "seat": "B", "partner": "online", "connected": True, "names": {}}
GUEST = {**HOST, "role": "guest"}


def test_a_table_on_its_own_has_no_remote_block(app: Flask, spectator: Phone):
    assert spectator.get("/api/remote").get_json() is None
    assert spectator.state()["remote"] is None


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_paused_table_refuses_actions_with_503_in_the_phones_language(
    app: Flask, table: Table, language: str
):
    phone = seated(app, "A")
    phone.client.set_cookie("lang", language)
    table.set_remote(HOST)
    table.hold("partner_away")
    before = phone.state()
    assert before["remote"] == {**HOST, "paused": "partner_away"}
    response = phone.act("add 1")
    assert response.status_code == 503
    body = response.get_json()
    assert body["error"] == "paused" and body["reason"] == "partner_away"
    assert body["message"] == translate(language, "error.paused.partner_away")
    assert "partner_away" not in body["message"]
    assert phone.undo().status_code == 503
    after = phone.state()
    assert (after["version"], after["position"]) == (before["version"], before["position"])
    table.release()
    assert phone.act("add 1").status_code == 200


def test_the_remote_block_says_nothing_secret(app: Flask, table: Table, spectator: Phone):
    table.set_remote(GUEST)
    block = spectator.get("/api/remote").get_json()
    assert block == {**GUEST, "paused": None}
    assert "code" not in str(block).lower()


def test_a_guest_tables_phones_take_only_the_guests_seat(app: Flask, table: Table):
    table.set_remote(GUEST)
    screen = app.test_client()
    assert screen.get("/api/join/A").status_code == 409
    assert screen.get("/api/join/A").get_json()["error"] == "remote_seat"
    assert join_url(app, "B")
    table.set_remote(HOST)  # the host: every seat but the guest's
    assert screen.get("/api/join/B").status_code == 409
    assert join_url(app, "A")


def test_invites_and_joins_are_for_the_table_screen_and_the_judge(app: Flask):
    far = app.test_client()
    far.environ_base["REMOTE_ADDR"] = "192.168.1.23"
    phone = Phone(far)
    assert phone.post("/api/remote/invite").status_code == 403
    assert phone.post("/api/remote/join", {"code": "TTC1-X"}).status_code == 403
    assert phone.get("/api/remote/invite").status_code == 403
    screen = Phone(app.test_client())  # no remote control at this panel (no runtime)
    refused = screen.post("/api/remote/invite")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "remote_unavailable"


def test_a_guest_table_sets_up_no_game_of_its_own(app: Flask, table: Table, judge: Phone):
    table.set_remote(GUEST)
    judge.client.set_cookie("lang", "ja")
    refused = judge.post("/api/setup/new", {"game": "test-counter"})
    assert refused.status_code == 409
    assert refused.get_json()["message"] == translate("ja", "error.remote_guest_setup")
    assert table.game_id == 1
