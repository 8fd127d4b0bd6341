"""The organizer's map through the hub's API: refused slips in the page's language change
nothing; the map chosen is journalled (a restarted hub keeps it), carried by every pairing and
offered again by name; only the organizer sets it."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from companion.hub.journal import Journal
from companion.hub.tournament import Tournament
from tests.web_panel.hub.conftest import Organizer

PRINTED = {"b2": 1, "c2": 2, "d2": 1, "b3": 3, "d3": 3, "b4": 1, "c4": 2, "d4": 1}


@pytest.mark.parametrize(
    ("values", "language", "message"),
    [
        ({**PRINTED, "b2": 9}, "en", "b2: a whole number from 1 to 5."),
        ({**PRINTED, "b2": "nine"}, "ja", "b2：1〜5 の整数を入力してください。"),
        ({**PRINTED, "d4": None}, "en", "Type the value printed on the map for d4."),
        ({**PRINTED, "c3": 2}, "ja", "c3 の値は 5 と分かっています。"),
        ({**PRINTED, "a1": 2}, "en", "a1 is not one of the map's key cells."),
        ([1, 2, 3], "ja", "不明なマスの値をそれぞれ数で入力してください。"),
    ],
)
def test_a_slip_is_refused_in_the_pages_language_and_changes_nothing(
    hub_app: Flask, tournament: Tournament, tmp_path: Path, values, language, message
):
    organizer = Organizer(hub_app, language=language)
    before = tournament.journal.operations()
    refused = organizer.post("/api/map", {"base": "default", "values": values})
    assert refused.status_code == 400
    assert refused.get_json()["message"] == message
    assert tournament.journal.operations() == before and tournament.state.dream_map is None
    assert not (tmp_path / "maps").exists()


def test_an_unknown_map_is_refused(organizer: Organizer):
    refused = organizer.post("/api/map", {"base": "moon", "values": PRINTED})
    assert refused.status_code == 400 and refused.get_json()["error"] == "map_unknown_map"


def test_the_map_is_kept_carried_by_every_pairing_and_offered_again(
    organizer: Organizer, tournament: Tournament, tmp_path: Path
):
    answer = organizer.post("/api/map", {"base": "default", "values": PRINTED, "name": "Night"})
    assert answer.status_code == 200
    chosen = answer.get_json()["map"]
    assert chosen["key_values"] == {**PRINTED, "c3": 5} and chosen["name"] == "Night"
    assert organizer.get("/api/event").get_json()["settings"]["map"] == chosen
    maps = organizer.get("/api/maps").get_json()
    assert maps["current"] == chosen and maps["maps"]["Night"]["unknown"] == []
    for name in ("Aiko", "Ben", "Cho", "Dai"):
        tournament.check_in(name)
    tournament.start_round()
    assert all(tournament.match_view(m)["map"] == chosen for m in tournament.state.matches.values())
    restarted = Tournament(Journal(tmp_path / "hub.sqlite3"))
    assert restarted.state.dream_map == chosen  # replayed from the journal
    restarted.journal.close()


def test_only_the_organizer_sets_the_map(hub_app: Flask, tournament: Tournament):
    stranger = Organizer(hub_app, remote="192.0.2.7")
    refused = stranger.post("/api/map", {"base": "default", "values": PRINTED})
    assert refused.status_code in (401, 403)
    assert tournament.state.dream_map is None
