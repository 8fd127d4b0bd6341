"""Setting up Planechase, Dungeon Command and Arena from the panel: the engines' own checks, with
clear refusals that change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.games.arena.game import Arena
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.planechase.game import Planechase
from companion.games.planechase.planes import load_planes
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone

PLANES = [plane.id for plane in load_planes()]
SEATS = {
    "p1": {"name": "Aiko", "colour": "#0072B2"},
    "p2": {"name": "Ben", "colour": "#E69F00"},
    "p3": {"name": "Chie", "colour": "#009E73"},
}


@pytest.fixture
def judge(app: Flask) -> Phone:
    phone = Phone(app.test_client())
    assert phone.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    return phone


def _new(judge: Phone, game: str, part: object, seats: dict[str, Any] | None = None) -> Any:
    return judge.post("/api/setup/new", {"game": game, "seats": seats or SEATS, game: part})


def _refused(judge: Phone, table: Table, game: str, part: object, words: str) -> None:
    before = (table.game_id, table.version)
    response = _new(judge, game, part)
    assert response.status_code == 400, response.get_json()
    body = response.get_json()
    assert body["error"] == "setup"
    assert words in body["detail"]
    assert (table.game_id, table.version) == before


def test_the_options_come_from_the_games_data(judge: Phone):
    options = judge.get("/api/setup/games").get_json()
    assert [p["id"] for p in options["planechase"]["planes"]] == PLANES
    assert options["planechase"]["players"] == [2, 6]
    assert options["planechase"]["shared_deck_minimum"]["3"] == 30
    valnar = next(
        c for c in options["dungeon_command"]["commanders"] if c["name"].startswith("Val")
    )
    assert (valnar["morale"], valnar["leadership"]) == (None, 7)  # morale unknown: typed in
    assert {s["id"] for s in options["arena"]["scenarios"]} == {"duel", "skirmish", "melee"}
    chandra = next(c for c in options["arena"]["cards"] if c["id"] == "chandra")
    assert chandra["values"] == {"range": 5}


# -- Planechase ---------------------------------------------------------------------------------


def test_planechase_with_own_decks(judge: Phone, table: Table):
    decks = {seat: PLANES[10 * i : 10 * i + 10] for i, seat in enumerate(SEATS)}
    part = {"players": list(SEATS), "first": "p2", "decks": decks}
    assert _new(judge, "planechase", part).status_code == 200
    game = table.snapshot()
    assert isinstance(game, Planechase)
    assert game.seats == ("p1", "p2", "p3")
    assert game.pending().seat == "p2"
    assert game.candidates() == decks["p2"]  # physical cards: any unseen plane may come up
    assert judge.state()["seats"][2]["name"] == "Chie"


def test_planechase_with_a_shared_virtual_deck(judge: Phone, table: Table):
    part = {"players": ["p1", "p2"], "shared": True, "virtual": True}
    assert _new(judge, "planechase", part).status_code == 200
    game = table.snapshot()
    assert isinstance(game, Planechase)
    assert game.setup.shared and game.setup.ordered
    assert sorted(game.setup.decks["shared"]) == sorted(PLANES)
    assert len(game.candidates()) == 1  # a shuffled deck: only its top plane


@pytest.mark.parametrize(
    ("part", "words"),
    [
        ({"players": ["p1"], "shared": True}, "2 to 6 players"),
        ({"players": [f"p{i}" for i in range(1, 8)], "shared": True}, "2 to 6 players"),
        (
            {"players": ["p1", "p2"], "decks": {"p1": PLANES[:9], "p2": PLANES[10:20]}},
            "at least 10",
        ),
        (
            {"players": ["p1", "p2"], "shared": True, "decks": {"shared": PLANES[:15]}},
            "at least 20",
        ),
        ({"players": ["p1", "p2"], "decks": {"p1": PLANES[:10]}}, "exactly one planar deck"),
        (
            {"players": ["p1", "p2"], "decks": {"p1": ["nowhere"], "p2": PLANES[:10]}},
            "unknown planes",
        ),
        ({"players": ["p1", "p2"], "first": "p9", "shared": True}, "not seated"),
        ({"players": "p1 p2", "shared": True}, "'players' must be a list"),
        ({"players": ["p1", "p2"], "shared": "yes"}, "true or false"),
    ],
)
def test_a_bad_planechase_setup_is_refused(judge: Phone, table: Table, part: dict, words: str):
    _refused(judge, table, "planechase", part, words)


# -- Dungeon Command ------------------------------------------------------------------------------


def _band(seat: str, commander: str, **values: Any) -> dict[str, Any]:
    creatures = {f"{seat}-c{i:02d}": 1 + i % 3 for i in range(12)}
    return {"seat": seat, "commander": commander, "creatures": creatures, **values}


def test_dungeon_command_with_typed_in_start_values(judge: Phone, table: Table):
    part = {
        "first": "p2",
        "warbands": [
            _band("p1", "valnar-trueblade", morale=11),
            _band("p2", "snig-the-axe", morale=10, leadership=6),
        ],
    }
    assert _new(judge, "dungeon_command", part).status_code == 200
    game = table.snapshot()
    assert isinstance(game, DungeonCommand)
    assert (game.morale("p1"), game.leadership("p1")) == (11, 7)  # leadership from the data
    assert (game.morale("p2"), game.leadership("p2")) == (10, 6)
    assert game.pending().seat == "p2"


@pytest.mark.parametrize(
    ("bands", "words"),
    [
        ([_band("p1", "valnar-trueblade"), _band("p2", "snig-the-axe", morale=9, leadership=5)],
         "type it in"),
        ([_band("p1", "valnar-trueblade", morale=9, leadership=8),
          _band("p2", "snig-the-axe", morale=9, leadership=5)], "is 7, not 8"),
        ([_band("p1", "valnar-trueblade", morale=9)], "two warbands"),
        ([_band("p1", "valnar-trueblade", morale=9),
          {**_band("p2", "kalteros", morale=9, leadership=5), "creatures": {"x": 1}}],
         "at least 12"),
        ([_band("p1", "valnar-trueblade", morale="ten"),
          _band("p2", "kalteros", morale=9, leadership=5)], "whole number"),
        ([{"seat": "p1"}, _band("p2", "kalteros", morale=9, leadership=5)], "commander"),
    ],
)  # fmt: skip
def test_a_bad_dungeon_command_setup_is_refused(
    judge: Phone, table: Table, bands: list, words: str
):
    _refused(judge, table, "dungeon_command", {"warbands": bands}, words)


# -- Arena --------------------------------------------------------------------------------------


def _walker(card_id: str, **values: Any) -> dict[str, Any]:
    numbers = {"figures": 1, "life": 5, "power": 2, "toughness": 1, "cost": 120}
    return {"id": card_id, "name": card_id.title(), "kind": "planeswalker", **numbers, **values}


def _squad(card_id: str) -> dict[str, Any]:
    numbers = {"figures": 3, "life": 1, "power": 1, "toughness": 1, "cost": 60, "ppf": 20}
    return {"id": card_id, "name": "Soldiers", "kind": "squad", **numbers}


def test_an_arena_duel(judge: Phone, table: Table):
    part = {
        "scenario": "duel",
        "armies": [
            {"seat": "p1", "cards": [_walker("chandra"), _squad("soldiers")]},
            {"seat": "p2", "cards": [_walker("gideon")]},
        ],
        "glyphs": {"g1": "power", "g2": "toughness"},
    }
    assert _new(judge, "arena", part).status_code == 200
    game = table.snapshot()
    assert isinstance(game, Arena)
    assert game.card("chandra").range == 5  # the known value joins the typed ones
    assert game.setup.turns == 30
    assert game.figure("soldiers-2").place == "reserve"


@pytest.mark.parametrize(
    ("part", "words"),
    [
        ({"scenario": "duel", "armies": [{"seat": "p1", "cards": [_walker("chandra")]}]},
         "not 1"),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("chandra", range=4)]},
            {"seat": "p2", "cards": [_walker("gideon")]}]}, "range is 5, not 4"),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [{"id": "nissa"}]},
            {"seat": "p2", "cards": [_walker("gideon")]}]}, "type in figures"),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_squad("soldiers")]},
            {"seat": "p2", "cards": [_walker("gideon")]}]}, "exactly one planeswalker"),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("chandra", cost=600)]},
            {"seat": "p2", "cards": [_walker("gideon")]}]}, "over 500"),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("chandra")]},
            {"seat": "p2", "cards": [_walker("gideon")]}], "glyphs": {"g1": None}},
         "name each"),
        ({"scenario": "nowhere", "armies": []}, "unknown scenario"),
        ({"scenario": "duel", "armies": [{"seat": "p1", "cards": [{"name": "x"}]}]}, "an id"),
    ],
)  # fmt: skip
def test_a_bad_arena_setup_is_refused(judge: Phone, table: Table, part: dict, words: str):
    _refused(judge, table, "arena", part, words)


def test_a_game_part_that_is_not_an_object_is_refused(judge: Phone, table: Table):
    _refused(judge, table, "arena", ["duel"], "'arena' must be a JSON object")


def test_without_its_part_a_game_starts_from_its_demo_setup(judge: Phone, table: Table):
    assert judge.post("/api/setup/new", {"game": "arena"}).status_code == 200
    assert table.read(lambda game: game.name) == "arena"
