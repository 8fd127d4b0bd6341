"""The hub's pages and JSON API with Flask's test client: the organizer's changes, refusals in
English and Japanese that change nothing, and what other screens may not do."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from flask import Flask

from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from tests.web_panel.hub.conftest import Organizer
from web_panel.hub.app import WATCHER, create_hub_app


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


def test_no_round_without_a_rematch_is_refused_saying_why_then_paired_as_chosen(
    hub_app: Flask, organizer: Organizer, tournament: Tournament
):
    check_in(organizer, "Aiko", "Ben", "Cho", "Dai")
    for _ in range(3):  # after three rounds everyone has met everyone
        organizer.post("/api/rounds")
        for match in organizer.get("/api/event").get_json()["round"]["matches"]:
            organizer.post(f"/api/matches/{match['id']}/result", {"outcome": "a"})
    before = tournament.export_json()
    refused = organizer.post("/api/rounds")
    assert refused.status_code == 409 and refused.get_json()["error"] == "rematch_only"
    assert refused.get_json()["message"] == (
        "Round 4 cannot be paired without a rematch: the 4 players still in the event have "
        "already played 6 of the 6 pairs they could make."
    )
    japanese = Organizer(hub_app, language="ja").post("/api/rounds", {"allow_rematches": "yes"})
    assert japanese.status_code == 409  # only a true allows them
    assert "第 4 回戦は再戦なしでは組めません" in japanese.get_json()["message"]
    assert tournament.export_json() == before  # nothing changed
    paired = organizer.post("/api/rounds", {"allow_rematches": True})
    assert paired.status_code == 201 and paired.get_json() == {"round": 4, "rematches": 2}
    assert organizer.get("/api/event").get_json()["round"]["rematches"] == 2


def test_the_organizer_ends_the_event(hub_app: Flask, organizer: Organizer, tournament: Tournament):
    check_in(organizer, "Aiko", "Ben")
    organizer.post("/api/rounds")
    match = organizer.get("/api/event").get_json()["round"]["matches"][0]
    assert organizer.post("/api/event/end").get_json()["error"] == "round_open"
    organizer.post(f"/api/matches/{match['id']}/result", {"outcome": "a"})
    phone = Organizer(hub_app, remote="192.168.1.23")
    assert phone.post("/api/event/end").status_code == 403  # a screen that only reads
    ended = organizer.post("/api/event/end")
    assert ended.status_code == 201 and ended.get_json() == {"by": "hub", "round": 1}
    assert organizer.get("/api/event").get_json()["ended"] == {"by": "hub", "round": 1}
    again = Organizer(hub_app, language="ja").post("/api/rounds")
    assert again.status_code == 409 and again.get_json()["message"] == (
        "大会は第 1 回戦のあとで終了しました。これ以上の回戦は組みません。"
    )
    assert len(tournament.state.rounds) == 1


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
    body = {"round_minutes": 50, "at_time": "leader_wins", "tiebreakers": ["gw", "omw"]}
    assert organizer.post("/api/settings", body).status_code == 200
    settings = organizer.get("/api/event").get_json()["settings"]
    assert (settings["round_minutes"], settings["at_time"]) == (50, "leader_wins")
    assert settings["tiebreakers"] == ["gw", "omw"]
    for bad in (
        {"at_time": "sudden_death"},
        {"round_minutes": 0},
        {"tiebreakers": ["coin"]},
        {"tiebreakers": ["oomw"]},
    ):
        refused = organizer.post("/api/settings", bad)
        assert refused.status_code == 400, bad
    assert tournament.state.settings.at_time == "leader_wins"
    assert tournament.state.settings.round_minutes == 50


@pytest.mark.process
def test_the_wall_gets_every_tables_view_and_the_judge_one_tables(
    tournament: Tournament, station: HubStation, tmp_path: Path
):
    view = {"game": "dreamblade", "version": 4, "seats": [], "extra": {"board": {"c3": []}}}
    station.tables["table-1"] = {"table": "table-1", "turn": 2, "score": {"A": 1}, "view": view}
    station.online.update({"table-1": True, "table-2": False})
    check_in_names = ("Aiko", "Ben")
    for name in check_in_names:
        tournament.check_in(name)
    tournament.start_round()
    app = create_hub_app(tournament, station, secret_key="k", data_dir=tmp_path, testing=True)
    client = app.test_client()
    remote = {"REMOTE_ADDR": "192.168.1.20"}  # the store's screen: reading is open to all

    plain = client.get("/api/event", environ_base=remote).get_json()
    assert all("view" not in table for table in plain["tables"])  # the organizer's page: light
    wall = client.get("/api/event?boards=1", environ_base=remote).get_json()
    assert {t["name"]: t["view"] for t in wall["tables"]} == {
        "table-1": view, "table-2": None, "table-3": None, "table-4": None,
    }  # fmt: skip

    one = client.get("/api/tables/table-1", environ_base=remote).get_json()
    (match,) = tournament.state.round_matches(1)
    assert (one["name"], one["online"], one["view"]) == ("table-1", True, view)
    assert one["match"] == tournament.match_view(match)
    assert {one["match"]["a"]["name"], one["match"]["b"]["name"]} == set(check_in_names)
    two = client.get("/api/tables/table-2", environ_base=remote).get_json()
    assert two == {"name": "table-2", "online": False, "match": None, "view": None}


def test_a_table_the_event_does_not_have(hub_app: Flask):
    client = hub_app.test_client()
    missing = client.get("/api/tables/table-9", headers={"Accept-Language": "ja"})
    assert missing.status_code == 404
    assert missing.get_json()["message"] == "この大会に table-9 という卓はありません。"
    page = client.get("/tables/table-9", headers={"Accept-Language": "en"})
    assert page.status_code == 404
    assert page.get_data(as_text=True) == "There is no table named table-9 in this event."


def test_the_pages_drawing_tables_load_the_panels_scripts_as_a_watcher(hub_app: Flask):
    client = hub_app.test_client()
    for path in ("/wall", "/tables/table-2"):
        page = client.get(path).get_data(as_text=True)
        boot = json.loads(page.split('type="application/json">', 1)[1].split("</script>", 1)[0])
        assert boot["watching"] is True
        assert boot["me"] == WATCHER and not any(WATCHER.values())  # nobody who may act
        assert "status.turn" in boot["messages"]  # the panel's own words for the game
        for script in ("page.js", "panel.js", "dreamblade.js", "hub.js"):
            assert f"/{script}" in page
        assert client.get("/games/dreamblade/static/dreamblade.js").status_code == 200
    organizer = client.get("/").get_data(as_text=True)
    assert "panel.js" not in organizer and "page.js" in organizer
    assert client.get("/tables/table-2").get_data(as_text=True).count('"table": "table-2"') == 1


def test_carriers_not_in_the_players_warband_are_refused_in_the_pages_language(
    hub_app: Flask, organizer: Organizer
):
    from tests.companion.hub.test_player_labels import registration, warband_and_its_tags

    warband, tags = warband_and_its_tags()
    printed_for_another = registration(4, [*tags[:2], "B45#3"])
    body = {"name": "Ann", "warband": warband, "labels": printed_for_another}
    refused = organizer.post("/api/players", body)
    assert refused.status_code == 400 and refused.get_json()["error"] == "labels_warband"
    english = refused.get_json()["message"]
    assert english.startswith(f"These carriers are not in the warband {warband['name']}:")
    assert "(copy 3)" in english and "nothing was changed" in english
    japanese = Organizer(hub_app, language="ja").post("/api/players", body).get_json()["message"]
    assert f"ウォーバンド「{warband['name']}」に入っていません" in japanese
    assert organizer.get("/api/event").get_json()["players"] == []  # nothing changed
    body["labels"] = registration(4, tags)
    assert organizer.post("/api/players", body).status_code == 201


def test_a_players_own_carriers_at_check_in_and_a_shared_key(hub_app: Flask, organizer: Organizer):
    from tests.companion.hub.test_player_labels import sheet

    assert organizer.post("/api/players", {"name": "Ann", "labels": sheet(4)}).status_code == 201
    corrupt = {"name": "Ben", "labels": "family: aruco4x4\nkey: 4\nserials: ["}
    refused = organizer.post("/api/players", corrupt)
    assert refused.status_code == 400 and refused.get_json()["error"] == "labels"
    assert refused.get_json()["message"].startswith("This label registration can't be used:")
    unknown = {"name": "Ben", "labels": "family: barcode\nkey: 4\nserials: {0: 'db:B45#1'}\n"}
    japanese = Organizer(hub_app, language="ja").post("/api/players", unknown)
    assert japanese.get_json()["error"] == "labels_family"
    assert "テーブルが読めるラベルの種類" in japanese.get_json()["message"]
    huge = {"name": "Ben", "labels": sheet(4) + "#" * 20000}
    assert organizer.post("/api/players", huge).get_json()["error"] == "labels_size"
    event = organizer.get("/api/event").get_json()
    assert [p["name"] for p in event["players"]] == ["Ann"]  # nothing changed
    assert event["players"][0]["labels"] == {"family": "aruco4x4", "key": 4, "count": 1}
    assert event["label_clashes"] == []
    assert organizer.post("/api/players", {"name": "Ben", "labels": sheet(4)}).status_code == 201
    clashes = organizer.get("/api/event").get_json()["label_clashes"]
    assert clashes == [{"family": "aruco4x4", "key": 4, "players": ["Ann", "Ben"], "free_key": 1}]
    # Ben reprints with --key 1 and gives the new registration
    ben = organizer.get("/api/event").get_json()["players"][1]["id"]
    assert organizer.post(f"/api/players/{ben}/labels", {"labels": sheet(1)}).status_code == 200
    assert organizer.get("/api/event").get_json()["label_clashes"] == []
    stranger = Organizer(hub_app, remote="192.168.1.50")
    assert stranger.post(f"/api/players/{ben}/labels", {"labels": sheet(4)}).status_code == 403
