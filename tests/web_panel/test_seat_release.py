"""Seats at a tournament table: the screen hides a held seat's code, the judge frees a seat whose
phone died, and a confirmation from a phone without a seat in the match is refused and logged."""

from __future__ import annotations

import logging

from flask import Flask

from tests.web_panel.conftest import Phone, seated
from tests.web_panel.test_tournament_confirm import attach
from web_panel.i18n import translate


def test_the_judge_frees_a_seat_whose_phone_died(app: Flask, judge: Phone):
    dead = seated(app, "A")
    assert dead.state()["held"] == ["A"]
    refused = dead.post("/api/judge/release", {"seat": "A"})
    assert refused.status_code == 403  # a player cannot free seats
    assert judge.post("/api/judge/release", {"seat": "Z"}).status_code == 404
    released = judge.post("/api/judge/release", {"seat": "A"})
    assert released.status_code == 200 and released.get_json() == {"seat": "A", "released": 1}
    assert dead.get("/api/me").get_json()["seat"] is None
    assert dead.act("add 1").status_code == 403
    assert judge.state()["held"] == []
    spare = seated(app, "A")  # the player's other phone joins with a new code
    assert spare.act("add 1").status_code == 200


def test_a_tournament_tables_screen_shows_no_code_for_a_held_seat(app: Flask, judge: Phone):
    screen = app.test_client()  # loopback: the table's own screen
    assert screen.get("/api/join/A").status_code == 200  # not a tournament table yet
    attach(app, None)  # the table plays in an event
    seated(app, "A")
    held = screen.get("/api/join/A", headers={"Accept-Language": "ja"})
    assert held.status_code == 409 and held.get_json()["error"] == "seat_held"
    assert held.get_json()["message"] == translate("ja", "error.seat_held")
    assert screen.get("/api/join/B").status_code == 200  # B still waits for its player
    assert judge.get("/api/join/A").status_code == 200  # the judge still gets one
    judge.post("/api/judge/release", {"seat": "A"})
    assert screen.get("/api/join/A").status_code == 200  # free again: the screen shows it


def test_a_confirmation_from_a_phone_without_a_seat_is_refused_and_logged(app: Flask, caplog):
    attach(app, {"match": 12, "outcome": "a", "confirmed": []})
    stranger = app.test_client()
    assert stranger.get("/join/1.B.forged0000000000").status_code == 403  # a forged code
    phone = Phone(stranger)
    with caplog.at_level(logging.WARNING, logger="web_panel.api"):
        refused = phone.post("/api/tournament/confirm")
    assert refused.status_code == 403
    [record] = [r for r in caplog.records if "confirmation refused" in r.getMessage()]
    assert "match 12" in record.getMessage()
    with stranger.session_transaction() as cookie:
        assert cookie["phone"][:6] in record.getMessage()  # the phone, by its label
