"""A miniature typed in on a phone's set-up page: saved in the table catalog as that player's,
found by the builder, playable in a new game; bad input refused in the phone's language."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.companion.entries import hound_entry
from tests.web_panel.conftest import JUDGE_PIN, Phone
from tests.web_panel.map_values import DEFAULT_MAP_VALUES

# the test hound as its form is filled in: what is printed on its base, the ability picked
_PRINTED = ("name", "kind", "spawn_cost", "aspects", "power", "defense", "life", "lineage")
HOUND = {field: hound_entry()[field] for field in _PRINTED} | {
    "abilities": [{"keyword": "Crit", "activation": "blade", "value": 2}]
}


def test_a_seated_player_adds_a_miniature_and_it_is_marked_as_theirs(app: Flask, phone_a: Phone):
    response = phone_a.post("/api/setup/miniatures", HOUND)
    assert response.status_code == 200, response.get_json()
    saved = response.get_json()["miniature"]
    assert (saved["id"], saved["cost"], saved["unknown"], saved["entered"]) == (
        "glass-hound", 3, [], True,
    )  # fmt: skip
    [entry] = app.extensions["panel"].table_catalog.entries("dreamblade")
    assert (entry.entered_by.seat, entry.entered_by.name) == ("A", "Player A")
    [found] = phone_a.get("/api/setup/catalog?q=glass").get_json()["results"]
    assert found["entered"] is True
    assert found["data"]["abilities"] == ["blade: Crit 2"]


def test_the_options_offer_the_keywords_and_lineages(phone_a: Phone):
    options = phone_a.get("/api/setup/options").get_json()["dreamblade"]
    assert "Crit" in [k["name"] for k in options["keywords"]]
    assert "Janus" in options["lineages"]


def test_search_results_say_which_values_are_unknown(phone_a: Phone):
    [brawler] = phone_a.get("/api/setup/catalog?q=runetagged").get_json()["results"]
    assert brawler["unknown"] == ["power"]
    response = phone_a.post("/api/setup/miniatures", {"id": "runetagged-brawler", "power": 4})
    assert response.get_json()["miniature"]["unknown"] == []


def test_a_spectator_on_the_lan_cannot_add_one(app: Flask):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    response = Phone(client).post("/api/setup/miniatures", HOUND)
    assert response.status_code == 403
    assert app.extensions["panel"].table_catalog.entries() == []


@pytest.mark.parametrize(
    ("language", "change", "says"),
    [
        ("en", {"power": 99}, "Power: a whole number from 0 to 40."),
        ("ja", {"power": 99}, "パワー:0から40までの整数にしてください。"),
        (
            "en",
            {"abilities": [{"keyword": "Frobnicate", "value": 1}]},
            "Ability: the companion does not know the ability “Frobnicate”",
        ),
        ("ja", {"abilities": [{"keyword": "Frobnicate"}]}, "能力:「Frobnicate」という能力は"),
        ("ja", {"name": "Spellbound Scissors"}, "名前:「Spellbound Scissors」はすでにカタログに"),
    ],
)
def test_bad_input_says_why_in_the_phones_language_and_changes_nothing(
    app: Flask, phone_a: Phone, language: str, change: dict, says: str
):
    phone_a.client.set_cookie("lang", language)
    response = phone_a.post("/api/setup/miniatures", {**HOUND, **change})
    assert response.status_code == 400
    error = response.get_json()
    assert error["error"] == "catalog_entry"
    assert error["detail"].startswith(says)
    assert app.extensions["panel"].table_catalog.entries() == []


def test_an_entered_miniature_plays_in_a_new_game(app: Flask, phone_a: Phone):
    phone_a.post("/api/setup/miniatures", HOUND)
    judge = Phone(app.test_client())
    judge.post("/api/judge/login", {"pin": JUDGE_PIN})
    hounds = {"name": "Hounds", "miniatures": [{"id": "glass-hound", "count": 2}]}
    response = judge.post(
        "/api/setup/new",
        {
            "game": "dreamblade",
            "dreamblade": {
                "map": "default",
                "map_values": DEFAULT_MAP_VALUES,
                "warbands": {"A": hounds, "B": {"saved": "builtin:sample-valor"}},
            },
        },
    )
    assert response.status_code == 200, response.get_json()
    table = app.extensions["panel"].table
    reserve = table.read(lambda game: game.reserve("A"))
    assert reserve == ["A:glass-hound#1", "A:glass-hound#2"]
    assert table.read(lambda game: game.setup.pieces["A:glass-hound#1"].mini.power) == 2
