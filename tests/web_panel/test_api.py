"""The JSON API with Flask's test client: seats, validation, staleness, undo, judge, clock."""

from __future__ import annotations

import contextlib
import math
import threading
from pathlib import Path

import pytest
from flask import Flask

from companion.errors import IllegalActionError
from companion.settings import Settings
from companion.table.proposers import CAMERA
from companion.table.session import Lineup
from companion.table.start_request import StartRequest
from companion.table.table import Table
from tests.companion.counter_game import CounterGame
from tests.web_panel.conftest import JUDGE_PIN, Phone, seated
from web_panel import api as api_module
from web_panel import create_app
from web_panel.i18n import translate
from web_panel.judge import FIRST_WAIT_SECONDS, FREE_TRIES


def test_the_state_is_the_tables_generic_state_plus_seats_log_and_clock(
    spectator: Phone, table: Table
):
    view = spectator.state()
    assert view["game"] == "test-counter"
    assert view["version"] == table.version == 0
    assert view["pending"] == {"seat": "A", "kind": "add", "details": {}, "title": "kind.add"}
    assert [offer["notation"] for offer in view["offers"]] == ["add 1", "add 2", "add 3"]
    assert view["offers"][0] == {
        "notation": "add 1",
        "verb": "add",
        "args": {"n": 1},
        "seat": "A",
        "step": "add",
        "label": {"key": "action.test-counter.add", "params": {"n": 1}},
    }
    assert [s["seat"] for s in view["seats"]] == ["A", "B"]
    assert view["seats"][0]["name"] == "Player A"
    assert view["log"] == []
    assert view["clock"]["enabled"] is False
    assert view["event_id"] == f"{table.game_id}.0.0"


def test_a_seated_phone_acts_and_every_view_moves_on(phone_a: Phone, spectator: Phone):
    response = phone_a.act("add 2")
    assert response.status_code == 200
    assert response.get_json() == {
        "action": "add 2",
        "version": 1,
        "label": {"key": "action.test-counter.add", "params": {"n": 2}},
    }
    view = spectator.state()
    assert view["version"] == 1
    assert view["pending"]["seat"] == "B"
    assert view["log"][-1]["action"] == "add 2"
    assert view["log"][-1]["seat"] == "A"


def test_a_wrong_seat_action_is_refused_and_changes_nothing(phone_b: Phone, table: Table):
    before = table.state()
    response = phone_b.act("add 1")
    assert response.status_code == 403
    body = response.get_json()
    assert body["error"] == "wrong_seat"
    assert "not your decision" in body["message"]
    assert table.state() == before


def test_a_spectator_cannot_act(spectator: Phone, table: Table):
    response = spectator.act("add 1")
    assert response.status_code == 403
    assert response.get_json()["error"] == "spectator"
    assert table.version == 0


def test_a_stale_action_is_refused(phone_a: Phone, phone_b: Phone, table: Table):
    seen = phone_b.state()
    assert phone_a.act("add 1").status_code == 200
    phone_a_seen = {"version": seen["version"], "game_id": seen["game_id"]}
    response = phone_b.post("/api/actions", {"action": "add 1", **phone_a_seen})
    assert response.status_code == 409
    assert response.get_json()["error"] == "stale"
    assert table.version == 1


@pytest.mark.parametrize(
    ("action", "status", "error"),
    [("add 7", 422, "illegal"), ("fly 1", 400, "malformed"), ("add", 400, "malformed")],
)
def test_bad_actions_get_a_clear_message_and_change_nothing(
    phone_a: Phone, table: Table, action: str, status: int, error: str
):
    before = table.state()
    response = phone_a.act(action)
    assert response.status_code == status
    body = response.get_json()
    assert body["error"] == error
    assert body["message"]
    assert table.state() == before


def test_an_illegal_action_names_the_rule_the_engine_gave(phone_a: Phone):
    body = phone_a.act("add 9").get_json()
    assert body["rule"] == "counter"
    assert "add 9" in body["detail"]


@pytest.mark.parametrize(
    "body",
    [
        {"action": "add 1", "version": "0", "game_id": 1},
        {"action": "add 1", "version": 0},
        {"action": "", "version": 0, "game_id": 1},
        {"action": 5, "version": 0, "game_id": 1},
        {"action": "add 1" + " " * 600, "version": 0, "game_id": 1},
    ],
)
def test_malformed_requests_are_refused(phone_a: Phone, table: Table, body: dict):
    response = phone_a.post("/api/actions", body)
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad_request"
    assert table.version == 0


def test_a_request_body_that_is_not_an_object_is_refused(phone_a: Phone):
    response = phone_a.client.post(
        "/api/actions", data="add 1", headers={"X-CSRF-Token": phone_a.csrf}
    )
    assert response.status_code == 400


def test_posts_without_the_session_token_are_refused_as_cross_site(phone_a: Phone, table: Table):
    view = phone_a.state()
    body = {"action": "add 1", "version": view["version"], "game_id": view["game_id"]}
    missing = phone_a.client.post("/api/actions", json=body)
    wrong = phone_a.client.post("/api/actions", json=body, headers={"X-CSRF-Token": "guess"})
    foreign = phone_a.client.post(
        "/api/actions",
        json=body,
        headers={"X-CSRF-Token": phone_a.csrf, "Origin": "http://evil.example"},
    )
    for response in (missing, wrong, foreign):
        assert response.status_code == 403
        assert response.get_json()["error"] == "csrf"
    assert table.version == 0


def test_the_same_origin_with_the_token_is_accepted(phone_a: Phone):
    view = phone_a.state()
    response = phone_a.client.post(
        "/api/actions",
        json={"action": "add 1", "version": view["version"], "game_id": view["game_id"]},
        headers={"X-CSRF-Token": phone_a.csrf, "Origin": "http://localhost"},
    )
    assert response.status_code == 200


def test_a_seat_undoes_only_its_own_last_action(phone_a: Phone, phone_b: Phone, table: Table):
    phone_a.act("add 1")
    phone_b.act("add 2")
    refused = phone_a.undo()
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "undo_not_yours"
    response = phone_b.undo()
    assert response.status_code == 200
    assert response.get_json() == {"undone": "add 2", "version": 3}
    assert table.store.record(table.game_id)["actions"] == ["add 1"]


def test_a_stale_undo_is_refused(phone_a: Phone, table: Table):
    phone_a.act("add 1")
    response = phone_a.post("/api/undo", {"version": 0, "game_id": table.game_id})
    assert response.status_code == 409
    assert table.version == 1


def test_an_undo_never_takes_back_a_push_that_slipped_in_after_its_check(app: Flask, table: Table):
    """Finding 10: the endpoint checked the version, then undid; a camera push in between was
    taken back instead. Each accepted undo must be the entry right after the state it saw."""
    judge = Phone(app.test_client())
    judge.post("/api/judge/login", {"pin": JUDGE_PIN})
    stop = threading.Event()

    def camera() -> None:
        while not stop.is_set():
            with contextlib.suppress(IllegalActionError):
                table.submit(CAMERA, "add 1")

    pusher = threading.Thread(target=camera)
    pusher.start()
    replies = []
    try:
        for _ in range(150):
            seen = table.version
            reply = judge.post("/api/undo", {"version": seen, "game_id": table.game_id})
            replies.append((seen, reply.status_code, reply.get_json()))
    finally:
        stop.set()
        pusher.join()
    log = table.store.log(table.game_id)
    accepted = [(seen, body) for seen, status, body in replies if status == 200]
    for seen, body in accepted:
        assert body["version"] == seen + 1
        assert log[seen]["kind"] == "undo"
    assert {status for _, status, _ in replies} <= {200, 409, 422}


def test_undo_with_nothing_to_undo(app: Flask):
    judge = Phone(app.test_client())
    judge.post("/api/judge/login", {"pin": JUDGE_PIN})
    response = judge.undo()
    assert response.status_code == 422
    assert response.get_json()["error"] == "nothing_to_undo"


def test_the_judge_pin_unlocks_corrections_and_undo_past_the_last_action(
    phone_a: Phone, phone_b: Phone, spectator: Phone, table: Table
):
    phone_a.act("add 1")
    phone_b.act("add 1")
    wrong = spectator.post("/api/judge/login", {"pin": "0000"})
    assert wrong.status_code == 403
    assert wrong.get_json()["error"] == "wrong_pin"
    me = spectator.post("/api/judge/login", {"pin": JUDGE_PIN}).get_json()
    assert me["judge"] is True
    assert spectator.undo().status_code == 200
    assert spectator.undo().status_code == 200
    assert table.version == 4
    assert table.store.record(table.game_id)["actions"] == []
    # a correction: the judge acts for whichever seat the game waits for
    assert spectator.act("add 3").status_code == 200
    assert table.store.log(table.game_id)[-1]["by"] == "judge"
    spectator.post("/api/judge/logout")
    assert spectator.act("add 1").get_json()["error"] == "spectator"


def test_the_judge_pin_locks_after_repeated_wrong_tries(spectator: Phone):
    for _ in range(FREE_TRIES):
        assert spectator.post("/api/judge/login", {"pin": "111111"}).get_json()["error"] == (
            "wrong_pin"
        )
    locked = spectator.post("/api/judge/login", {"pin": JUDGE_PIN})
    assert locked.status_code == 403
    assert locked.get_json()["error"] == "judge_locked"
    assert spectator.client.get("/api/me").get_json()["judge"] is False
    # the phone is told how long to wait, in its language, and nothing in English besides
    for language in ("en", "ja"):
        body = spectator.client.post(
            "/api/judge/login",
            json={"pin": JUDGE_PIN},
            headers={"X-CSRF-Token": spectator.csrf, "Accept-Language": language},
        ).get_json()
        waits = range(1, math.ceil(FIRST_WAIT_SECONDS) + 1)
        said = {translate(language, "error.judge_locked_wait", wait=n) for n in waits}
        assert body["message"] in said
        assert body["detail"] == ""


def test_judge_tools_are_off_without_a_configured_pin(table: Table, tmp_path: Path):
    app = create_app(table, Settings(data_dir=tmp_path), secret_key="s", testing=True)
    phone = Phone(app.test_client())
    assert phone.get("/api/me").get_json()["judge_enabled"] is False
    response = phone.post("/api/judge/login", {"pin": "123456"})
    assert response.status_code == 403
    assert response.get_json()["error"] == "judge_locked"
    app.extensions["panel"].close()


def test_the_round_clock_is_the_judges_when_a_pin_is_set(phone_a: Phone, spectator: Phone):
    assert phone_a.post("/api/clock", {"op": "start"}).get_json()["error"] == "judge_only"
    spectator.post("/api/judge/login", {"pin": JUDGE_PIN})
    status = spectator.post("/api/clock", {"op": "configure", "minutes": 50}).get_json()
    assert status["enabled"] is True
    assert status["remaining"] == 3000
    assert spectator.post("/api/clock", {"op": "start"}).get_json()["running"] is True
    again = spectator.post("/api/clock", {"op": "start"})
    assert again.status_code == 409
    assert again.get_json()["error"] == "clock"
    assert phone_a.state()["clock"]["running"] is True
    assert spectator.post("/api/clock", {"op": "fly"}).status_code == 400
    assert spectator.post("/api/clock", {"op": "configure", "minutes": "5"}).status_code == 400


def test_join_codes_only_for_the_tables_own_screen_and_the_judge(app: Flask):
    remote = app.test_client()
    remote.environ_base["REMOTE_ADDR"] = "192.168.1.23"
    refused = remote.get("/api/join/A")
    assert refused.status_code == 403
    judge = Phone(remote)
    judge.post("/api/judge/login", {"pin": JUDGE_PIN})
    allowed = remote.get("/api/join/A").get_json()
    assert allowed["seat"] == "A"
    assert allowed["svg"].startswith("<svg")
    assert "/join/1.A." in allowed["url"]
    assert remote.get("/api/join/Z").status_code == 404


def test_a_join_link_is_short_text_on_the_lan_address(app: Flask, monkeypatch):
    monkeypatch.setattr(api_module, "lan_address", lambda: "192.168.1.5")
    table_screen = app.test_client()  # loopback: the table's own screen
    data = table_screen.get("/api/join/B", base_url="http://127.0.0.1:8000").get_json()
    assert data["reachable"] is True
    prefix = "http://192.168.1.5:8000/join/"
    assert data["url"].startswith(prefix)
    assert len(data["url"]) - len(prefix) <= 24  # short enough to type
    phone = app.test_client()
    assert phone.get(data["url"].removeprefix("http://192.168.1.5:8000")).status_code == 303
    assert phone.get("/api/me").get_json()["seat"] == "B"


def test_without_a_lan_address_the_join_link_says_phones_cannot_reach_it(app: Flask, monkeypatch):
    monkeypatch.setattr(api_module, "lan_address", lambda: None)
    data = app.test_client().get("/api/join/A", base_url="http://127.0.0.1:8000").get_json()
    assert data["url"].startswith("http://127.0.0.1:8000/join/")
    assert data["reachable"] is False


def test_joining_sets_the_seat_and_a_forged_code_does_not(app: Flask):
    phone = seated(app, "B")
    assert phone.get("/api/me").get_json()["seat"] == "B"
    forger = app.test_client()
    response = forger.get("/join/1.A.abcdefghjkmnpqrs")
    assert response.status_code == 403
    assert forger.get("/api/me").get_json()["seat"] is None


def test_a_seat_stays_seated_when_a_new_game_starts_at_the_table(app: Flask, table: Table):
    phone = seated(app, "A")
    table.start_game(StartRequest(CounterGame(start=2)))
    assert phone.get("/api/me").get_json()["seat"] == "A"


def test_a_seat_is_the_tables_word_never_the_phones_cookie(app: Flask, table: Table):
    phone = Phone(app.test_client())
    with phone.client.session_transaction() as session:
        session["seat"], session["game"] = "A", table.game_id  # what phones kept before
    assert phone.get("/api/me").get_json()["seat"] is None


def test_a_game_for_other_players_unseats_every_phone(app: Flask, table: Table):
    phone = seated(app, "A")
    table.start_game(StartRequest(CounterGame(start=2), Lineup.of({"A": "Carol", "B": "Dan"})))
    assert phone.get("/api/me").get_json()["seat"] is None
    assert phone.act("add 1").status_code == 403


def test_the_log_lists_every_entry_with_undos(phone_a: Phone):
    phone_a.act("add 1")
    phone_a.undo()
    entries = phone_a.get("/api/log").get_json()["entries"]
    assert [e["kind"] for e in entries] == ["push", "undo"]


def test_messages_follow_the_phones_language(phone_b: Phone):
    view = phone_b.state()
    body = {"action": "add 1", "version": view["version"], "game_id": view["game_id"]}
    headers = {"X-CSRF-Token": phone_b.csrf, "Accept-Language": "ja,en;q=0.5"}
    response = phone_b.client.post("/api/actions", json=body, headers=headers)
    message = response.get_json()["message"]
    assert message == translate("ja", "error.wrong_seat")
    assert message != translate("en", "error.wrong_seat")


@pytest.mark.parametrize(
    ("language", "words"), [("en", "disk is full"), ("ja", "ディスクがいっぱい")]
)
def test_a_full_disk_reaches_the_phone_as_disk_full(
    app: Flask, table: Table, language: str, words: str
):
    """Finding 11: a full disk answered 'The request was not understood'. SQLite's page limit
    gives the store the very error a full disk does (SQLITE_FULL)."""
    judge = Phone(app.test_client())
    judge.client.set_cookie("lang", language)
    judge.post("/api/judge/login", {"pin": JUDGE_PIN})
    db = table.store._db
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")
    reply = None
    for _ in range(300):  # the log grows (push, undo, ...) until it needs a new page
        reply = judge.act("add 1") if table.version % 2 == 0 else judge.undo()
        if reply.status_code != 200:
            break
    assert reply is not None and reply.status_code == 507
    assert reply.get_json()["error"] == "disk_full"
    assert words in reply.get_json()["message"]
    entries = table.store.log(table.game_id)
    assert table.version == len(entries)  # what was refused was neither applied nor stored
    assert table.state()["position"]["total"] == len(entries) % 2


def test_every_api_error_is_json_in_the_phones_language(spectator: Phone):
    spectator.client.set_cookie("lang", "ja")
    missing = spectator.get("/api/no-such-thing")
    assert missing.status_code == 404
    assert missing.get_json()["message"] == translate("ja", "error.not_found")
    wrong_method = spectator.client.delete("/api/state", headers={"X-CSRF-Token": spectator.csrf})
    assert wrong_method.status_code == 405
    assert wrong_method.get_json()["error"] == "bad_request"
