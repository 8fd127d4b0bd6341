"""The hub's pages and JSON API with Flask's test client: the organizer's changes, refusals in
English and Japanese that change nothing, and what other screens may not do."""

from __future__ import annotations

import csv
import io

from flask import Flask

from companion.hub.tournament import Tournament
from tests.web_panel.hub.conftest import Organizer


def check_in(organizer: Organizer, *names: str) -> None:
    for name in names:
        assert organizer.post("/api/players", {"name": name}).status_code == 201


def test_check_in_and_a_duplicate_in_both_languages(hub_app: Flask, organizer: Organizer):
    check_in(organizer, "Aiko")
    again = organizer.post("/api/players", {"name": "aiko"})
    assert again.status_code == 409
    assert again.get_json()["message"] == "Aiko has already checked in."
    japanese = Organizer(hub_app, language="ja").post("/api/players", {"name": "AIKO"})
    assert japanese.get_json()["message"] == "Aiko さんはすでに受付済みです。"
    players = organizer.get("/api/event").get_json()["players"]
    assert [p["name"] for p in players] == ["Aiko"]


def test_a_registered_warband_is_checked(organizer: Organizer):
    warbands = organizer.get("/api/warbands").get_json()["warbands"]
    valor = next(w for w in warbands if w["key"] == "sample-valor")
    body = {"name": "Ben", "warband": {"name": valor["name"], "miniatures": valor["miniatures"]}}
    assert organizer.post("/api/players", body).status_code == 201
    too_big = {"name": "Cho", "warband": {"name": "x", "miniatures": [{"id": "B45", "count": 9}]}}
    refused = organizer.post("/api/players", too_big)
    assert refused.status_code == 400 and refused.get_json()["error"] == "warband"
    assert "3 copies" in refused.get_json()["message"]
    players = organizer.get("/api/event").get_json()["players"]
    assert [(p["name"], p["warband"]) for p in players] == [("Ben", valor["name"])]


def test_a_round_its_results_and_the_exports(organizer: Organizer, tournament: Tournament):
    check_in(organizer, "Aiko", "Ben", "Cho", "Dai", "Eri")
    assert organizer.post("/api/rounds").status_code == 201
    event = organizer.get("/api/event").get_json()
    matches = event["round"]["matches"]
    assert [m["table"] for m in matches] == ["table-1", "table-2", None]
    assert matches[-1]["outcome"] == "bye"
    first, second = matches[0], matches[1]
    assert organizer.post(f"/api/matches/{first['id']}/result", {"outcome": "a"}).status_code == 200
    twice = organizer.post(f"/api/matches/{first['id']}/result", {"outcome": "b"})
    assert twice.status_code == 409 and twice.get_json()["error"] == "reported_twice"
    early = organizer.post("/api/rounds")
    assert early.status_code == 409 and "table-2" in early.get_json()["message"]
    organizer.post(f"/api/matches/{second['id']}/result", {"outcome": "draw"})
    no_reason = organizer.post(f"/api/matches/{first['id']}/correction", {"outcome": "b"})
    assert no_reason.status_code == 400
    fixed = {"outcome": "b", "reason": "wrong seat reported"}
    assert organizer.post(f"/api/matches/{first['id']}/correction", fixed).status_code == 200
    rows = list(csv.DictReader(io.StringIO(organizer.get("/export.csv").get_data(as_text=True))))
    assert rows[0]["name"] in (first["b"]["name"], matches[-1]["a"]["name"])
    exported = organizer.get("/export.json").get_json()
    assert exported["corrections"][0]["reason"] == "wrong seat reported"
    assert tournament.state.matches[first["id"]].outcome == "b"


def test_odd_players_with_no_bye_left_is_a_clear_refusal(organizer: Organizer):
    check_in(organizer, "Aiko", "Ben", "Cho")
    for _ in range(3):
        organizer.post("/api/rounds")
        for match in organizer.get("/api/event").get_json()["round"]["matches"]:
            if match["outcome"] is None:
                organizer.post(f"/api/matches/{match['id']}/result", {"outcome": "a"})
    refused = organizer.post("/api/rounds")
    assert refused.status_code == 400
    assert "every one has had a bye" in refused.get_json()["message"]
    assert organizer.get("/api/event").get_json()["round"]["number"] == 3


def test_other_screens_only_read(hub_app: Flask, organizer: Organizer):
    phone = Organizer(hub_app, remote="192.168.1.23", language="ja")
    refused = phone.post("/api/players", {"name": "Mallory"})
    assert refused.status_code == 403
    assert refused.get_json()["message"] == (
        "大会を変更できるのは、ハブ本体の画面か、サインインした主催者・ジャッジだけです。"
    )
    assert phone.get("/api/event").status_code == 200
    assert phone.get("/wall").status_code == 200
    no_token = organizer.post("/api/players", {"name": "Mallory"}, csrf=False)
    assert no_token.status_code == 403 and no_token.get_json()["error"] == "csrf"
    assert organizer.post("/api/players", ["not", "an object"]).status_code == 400  # type: ignore[arg-type]
    assert organizer.get("/api/event").get_json()["players"] == []


def test_the_pages_carry_their_language_and_security_headers(hub_app: Flask):
    client = hub_app.test_client()
    for path in ("/", "/wall", "/print"):
        page = client.get(path, headers={"Accept-Language": "ja"})
        assert page.status_code == 200
        assert '<html lang="ja">' in page.get_data(as_text=True)
        assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")


def test_the_event_settings_and_their_refusals(organizer: Organizer, tournament: Tournament):
    body = {"round_minutes": 50, "at_time": "leader_wins", "tiebreakers": ["oomw", "omw"]}
    assert organizer.post("/api/settings", body).status_code == 200
    settings = organizer.get("/api/event").get_json()["settings"]
    assert (settings["round_minutes"], settings["at_time"]) == (50, "leader_wins")
    assert settings["tiebreakers"] == ["oomw", "omw"]
    for bad in ({"at_time": "sudden_death"}, {"round_minutes": 0}, {"tiebreakers": ["coin"]}):
        refused = organizer.post("/api/settings", bad)
        assert refused.status_code == 400, bad
    assert tournament.state.settings.at_time == "leader_wins"
    assert tournament.state.settings.round_minutes == 50
