"""The organizer PIN: set first on the hub's own screen, then the organizer and judges sign in
from their own devices and change the event under their names; a stranger on the store's Wi-Fi
neither gets in nor locks them out; bad requests are refused in EN/JA and change nothing."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask

from companion.hub.tournament import Tournament
from tests.web_panel.hub.conftest import Organizer
from web_panel.judge import FREE_TRIES

PIN = "246810"
STRANGER = "192.168.1.66"
JUDGES_PHONE = "192.168.1.20"
ORGANIZERS_LAPTOP = "192.168.1.21"


def device(app: Flask, address: str, language: str = "en") -> Organizer:
    return Organizer(app, remote=address, language=language)


def sign_in(phone: Organizer, name: str, pin: str = PIN) -> str:
    reply = phone.post("/api/sign_in", {"name": name, "pin": pin})
    return "ok" if reply.status_code == 200 else str(reply.get_json()["error"])


def test_only_the_hubs_own_screen_sets_the_first_pin(hub_app: Flask, organizer: Organizer):
    stranger = device(hub_app, STRANGER)
    refused = stranger.post("/api/pin", {"pin": "111111"})
    assert refused.status_code == 403 and refused.get_json()["error"] == "organizer_only"
    assert sign_in(stranger, "Mallory", "111111") == "no_pin"
    weak = organizer.post("/api/pin", {"pin": "12ab"})
    assert weak.status_code == 400 and weak.get_json()["message"] == "The PIN has 6 to 12 digits."
    assert sign_in(device(hub_app, JUDGES_PHONE), "Ken", "12ab") == "no_pin"  # nothing was set
    assert organizer.post("/api/pin", {"pin": PIN}).status_code == 200
    assert sign_in(device(hub_app, JUDGES_PHONE), "Ken") == "ok"
    assert not list(Path(hub_app.extensions["hub_access"]._path.parent).glob("*.tmp"))


def test_a_judge_signed_in_on_a_phone_runs_the_event_under_their_name(
    hub_app: Flask, organizer: Organizer, tournament: Tournament
):
    organizer.post("/api/pin", {"pin": PIN})
    judge = device(hub_app, JUDGES_PHONE)
    assert judge.post("/api/players", {"name": "Aiko"}).status_code == 403  # not signed in yet
    page = judge.get("/").get_data(as_text=True)
    assert 'id="sign-in"' in page and 'id="checkin"' in page
    assert sign_in(judge, "  Ken   Sato ") == "ok"
    assert '"organizer": true' in judge.get("/").get_data(as_text=True)
    for name in ("Aiko", "Ben"):
        assert judge.post("/api/players", {"name": name}).status_code == 201
    assert judge.post("/api/rounds").status_code == 201
    (match,) = tournament.state.round_matches(1)
    assert judge.post(f"/api/matches/{match.id}/result", {"outcome": "a"}).status_code == 200
    assert tournament.state.matches[match.id].reported_by == "Ken Sato"
    fixed = {"outcome": "b", "reason": "seats swapped"}
    assert judge.post(f"/api/matches/{match.id}/correction", fixed).status_code == 200
    (correction,) = tournament.state.corrections
    assert (correction["by"], correction["old"], correction["outcome"]) == ("Ken Sato", "a", "b")
    assert tournament.export_json()["corrections"][0]["by"] == "Ken Sato"
    call = tournament.call_judge("table-1", "A", "attack")
    assert judge.post(f"/api/judge_calls/{call.id}/answer").status_code == 200
    assert tournament.state.judge_calls[call.id].answered_by == "Ken Sato"
    assert judge.post("/api/sign_out").status_code == 200
    refused = judge.post("/api/players", {"name": "Cho"})
    assert refused.status_code == 403 and refused.get_json()["error"] == "organizer_only"
    assert [p.name for p in tournament.state.players.values()] == ["Aiko", "Ben"]


def test_a_strangers_guesses_never_lock_the_organizer_out(hub_app: Flask, organizer: Organizer):
    organizer.post("/api/pin", {"pin": PIN})
    stranger = device(hub_app, STRANGER)
    answers = [sign_in(stranger, "Mallory", f"{n:06d}") for n in range(12)]
    assert answers[:FREE_TRIES] == ["wrong_pin"] * FREE_TRIES
    assert set(answers[FREE_TRIES:]) == {"judge_locked"}
    assert sign_in(stranger, "Mallory") == "judge_locked"  # even the right PIN must wait
    locked = device(hub_app, STRANGER, "ja").post("/api/sign_in", {"name": "M", "pin": PIN})
    assert locked.get_json()["wait"] > 0
    assert locked.get_json()["message"].startswith("この端末からの PIN の誤りが多すぎます。")
    assert sign_in(device(hub_app, ORGANIZERS_LAPTOP), "Rie") == "ok"  # another source: at once
    assert stranger.post("/api/players", {"name": "Mallory"}).status_code == 403


def test_an_ipv6_stranger_does_not_hold_back_the_organizers_phone_on_its_network(
    hub_app: Flask, organizer: Organizer
):
    """Issue 24: the whole /64 counted as one source, so one stranger slowed every IPv6 phone."""
    organizer.post("/api/pin", {"pin": PIN})
    stranger = device(hub_app, "2001:db8:5:6::bad")
    answers = [sign_in(stranger, "Mallory", f"{n:06d}") for n in range(6)]
    assert answers[:FREE_TRIES] == ["wrong_pin"] * FREE_TRIES
    assert set(answers[FREE_TRIES:]) == {"judge_locked"}
    assert sign_in(device(hub_app, "2001:db8:5:6::a11"), "Rie") == "ok"  # same /64, at once


def test_wrong_pin_missing_csrf_and_oversized_bodies_change_nothing(
    hub_app: Flask, organizer: Organizer, tournament: Tournament
):
    organizer.post("/api/pin", {"pin": PIN})
    judge = device(hub_app, JUDGES_PHONE)
    english = judge.post("/api/sign_in", {"name": "Ken", "pin": "000000"})
    assert english.status_code == 403 and english.get_json()["message"] == "Wrong PIN."
    japanese = device(hub_app, JUDGES_PHONE, "ja").post("/api/sign_in", {"name": "K", "pin": "1"})
    assert japanese.get_json()["message"] == "PIN が違います。"
    no_name = judge.post("/api/sign_in", {"name": "  ", "pin": PIN})
    assert no_name.status_code == 400 and no_name.get_json()["error"] == "sign_in_form"
    assert sign_in(judge, "Ken") == "ok"
    before = tournament.export_json()
    forged = judge.post("/api/players", {"name": "Aiko"}, csrf=False)
    assert forged.status_code == 403 and forged.get_json()["error"] == "csrf"
    assert forged.get_json()["message"] == "The page is out of date: reload it and try again."
    huge = {"name": "Aiko", "padding": "x" * 70_000}
    for who in (judge, organizer):
        too_large = who.post("/api/players", huge)
        assert too_large.status_code == 413
        assert too_large.get_json()["message"] == "That request is too large."
    ja = device(hub_app, "127.0.0.1", "ja").post("/api/players", huge)
    assert ja.status_code == 413 and ja.get_json()["message"] == "リクエストが大きすぎます。"
    deep = judge.client.post(
        "/api/players",
        data=json.dumps({"name": "Aiko", "x": json.loads("[" * 40 + "]" * 40)}),
        content_type="application/json",
        environ_base=judge.environ,
        headers={**judge.headers, "X-CSRF-Token": judge.csrf},
    )
    assert deep.status_code == 400 and deep.get_json()["error"] == "bad_request"
    missing = judge.post("/api/no-such-thing")
    assert missing.status_code == 404 and missing.get_json()["error"] == "not_found"
    assert tournament.export_json() == before
    assert tournament.state.players == {}


def test_a_new_pin_ends_every_other_session(hub_app: Flask, organizer: Organizer):
    organizer.post("/api/pin", {"pin": PIN})
    judge, other = device(hub_app, JUDGES_PHONE), device(hub_app, ORGANIZERS_LAPTOP)
    assert sign_in(judge, "Ken") == "ok" and sign_in(other, "Rie") == "ok"
    assert other.post("/api/pin", {"pin": "13579135"}).status_code == 200
    assert other.post("/api/players", {"name": "Aiko"}).status_code == 201  # the changer stays
    assert judge.post("/api/players", {"name": "Ben"}).status_code == 403
    assert sign_in(judge, "Ken") == "wrong_pin"
    assert sign_in(judge, "Ken", "13579135") == "ok"
    # a restarted hub keeps the PIN (hashed in the data folder), not the sessions
    stored = json.loads(hub_app.extensions["hub_access"]._path.read_text())
    assert "13579135" not in json.dumps(stored) and set(stored) == {"salt", "hash", "iterations"}
