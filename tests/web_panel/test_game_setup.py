"""Setting up a new game from the panel: rights, Dreamblade warbands and options, validation."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.games.dreamblade.warband import MAX_MINIATURES
from companion.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone
from web_panel.game_setup import load_seats


@pytest.fixture
def judge(app: Flask) -> Phone:
    phone = Phone(app.test_client())
    assert phone.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    return phone


def _remote(app: Flask) -> Phone:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = "192.168.1.40"
    return Phone(client)


def _dreamblade(warbands: dict | None = None, **options: object) -> dict:
    return {
        "game": "dreamblade",
        "seats": {
            "A": {"name": "Aiko", "colour": "#0072B2"},
            "B": {"name": "Ben", "colour": "#E69F00"},
        },
        "clock_minutes": 50,
        "dreamblade": {
            "map": "default",
            "rule_430": True,
            "warbands": warbands
            or {"A": {"saved": "builtin:sample-valor"}, "B": {"saved": "builtin:sample-madness"}},
            **options,
        },
    }


def test_the_options_offer_the_games_maps_and_warbands(judge: Phone):
    options = judge.get("/api/setup/options").get_json()
    assert options["may_set_up"] is True
    assert "dreamblade" in options["games"]
    assert "default" in options["dreamblade"]["maps"]
    keys = [w["key"] for w in options["dreamblade"]["warbands"]]
    assert "builtin:sample-valor" in keys
    assert options["current"]["game"] == "test-counter"


def test_with_a_judge_pin_only_the_judge_sets_up_a_game_in_progress(
    app: Flask, table: Table, phone_a: Phone
):
    assert _remote(app).get("/api/setup/options").get_json()["may_set_up"] is False
    assert phone_a.get("/api/setup/options").get_json()["may_set_up"] is False
    response = phone_a.post("/api/setup/new", _dreamblade())
    assert response.status_code == 403
    assert table.read(lambda game: game.name) == "test-counter"


def test_once_the_game_is_over_a_seated_player_may_set_up_the_next(
    app: Flask, table: Table, phone_a: Phone
):
    for seat, n in [("A", 3), ("B", 3), ("A", 3), ("B", 1)]:
        table.submit(seat, f"add {n}")
    assert phone_a.get("/api/setup/options").get_json()["may_set_up"] is True
    assert phone_a.post("/api/setup/new", _dreamblade()).status_code == 200
    statuses = [g.status for g in table.store.games()]
    assert statuses == ["finished", "playing"]


def test_a_new_dreamblade_game_replaces_the_one_in_play(
    app: Flask, table: Table, judge: Phone, phone_a: Phone, settings
):
    table.submit("A", "add 1")
    old_game = table.game_id
    response = judge.post("/api/setup/new", _dreamblade())
    assert response.status_code == 200
    assert response.get_json()["game_id"] == table.game_id != old_game
    view = judge.state()
    assert view["game"] == "dreamblade"
    assert view["version"] == 0
    assert [s["name"] for s in view["seats"]] == ["Aiko", "Ben"]
    assert view["clock"]["length"] == 50 * 60
    assert table.read(lambda game: game.setup.settings.rule_430) is True
    assert len(view["extra"]["reserve"]["A"]) == 12
    assert [g.status for g in table.store.games()] == ["abandoned", "playing"]
    # the old game's seats are spectators now: they scan the new join codes
    assert phone_a.get("/api/me").get_json()["seat"] is None
    # the names survive a restart of the panel
    assert load_seats(settings.data_dir)["A"].name == "Aiko"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"dreamblade": {"map": "nowhere", "warbands": {}}}, "unknown map"),
        ({"seats": {"A": {"name": "", "colour": "#0072B2"}}}, "seat A"),
        ({"seats": {"A": {"name": "Aiko", "colour": "blue"}}}, "seat A"),
        ({"clock_minutes": 0}, "clock_minutes"),
        ({"dreamblade": {"map": "default", "warbands": {"A": {"saved": "builtin:x"}}}}, "A and B"),
    ],
)
def test_a_bad_setup_is_refused_and_changes_nothing(
    judge: Phone, table: Table, change: dict, problem: str
):
    before = (table.game_id, table.version)
    response = judge.post("/api/setup/new", {**_dreamblade(), **change})
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "setup"
    assert problem in body["detail"]
    assert (table.game_id, table.version) == before


@pytest.mark.parametrize(
    ("miniatures", "problem"),
    [
        ([{"id": "runetagged-brawler", "count": MAX_MINIATURES + 1}], "at most"),
        ([{"id": "runetagged-brawler", "count": 4}], "copies"),
        ([{"id": "no-such-miniature"}], "known to the catalog"),
    ],
)
def test_an_illegal_warband_is_refused(judge: Phone, table: Table, miniatures, problem):
    warbands = {
        "A": {"name": "Mine", "miniatures": miniatures},
        "B": {"saved": "builtin:sample-madness"},
    }
    response = judge.post("/api/setup/new", _dreamblade(warbands))
    assert response.status_code == 400
    assert problem in response.get_json()["detail"]
    assert table.read(lambda game: game.name) == "test-counter"


def test_a_warband_built_from_the_catalog_is_saved_and_used(judge: Phone, table: Table):
    found = judge.get("/api/setup/catalog?q=scissors").get_json()["results"]
    assert found
    assert all("scissors" in f"{m['name']} {m['id']}".casefold() for m in found)
    warband = {"name": "Snip Snap", "miniatures": [{"id": found[0]["id"], "count": 2}]}
    saved = judge.post("/api/setup/warbands", warband).get_json()
    assert saved == {"key": "saved:snip-snap", "name": "Snip Snap", "size": 2}
    keys = [w["key"] for w in judge.get("/api/setup/options").get_json()["dreamblade"]["warbands"]]
    assert "saved:snip-snap" in keys
    warbands = {"A": {"saved": "saved:snip-snap"}, "B": {"name": "Inline", **warband}}
    assert judge.post("/api/setup/new", _dreamblade(warbands)).status_code == 200
    reserve = table.read(lambda game: game.reserve("A"))
    assert reserve == [f"A:{found[0]['id']}#1", f"A:{found[0]['id']}#2"]


def test_a_spectator_far_from_the_table_cannot_save_warbands(app: Flask):
    response = _remote(app).post(
        "/api/setup/warbands", {"name": "X", "miniatures": [{"id": "lockjaw"}]}
    )
    assert response.status_code == 403


def test_a_short_catalog_query_finds_nothing(judge: Phone):
    assert judge.get("/api/setup/catalog?q=a").get_json() == {"results": []}


def test_another_game_starts_from_its_ready_made_setup(judge: Phone, table: Table):
    response = judge.post("/api/setup/new", {"game": "planechase"})
    assert response.status_code == 200
    view = judge.state()
    assert view["game"] == "planechase"
    assert view["pending"]["seat"] in (None, *[s["seat"] for s in view["seats"]])
    assert view["extra"]["players"] == [s["seat"] for s in view["seats"]]  # Planechase's view
