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
from tests.web_panel.conftest import Phone

PLANES = [plane.id for plane in load_planes()]
SEATS = {
    "p1": {"name": "Aiko", "colour": "#0072B2"},
    "p2": {"name": "Ben", "colour": "#E69F00"},
    "p3": {"name": "Chie", "colour": "#009E73"},
}


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


def test_a_plane_name_typed_from_the_card_names_the_plane_in_games_set_up_after(
    app: Flask, judge: Phone, phone_a: Phone, table: Table
):
    said = phone_a.post("/api/setup/plane_name", {"plane": "ohop-02", "name": "Aether Flues"})
    assert said.status_code == 200, said.get_json()
    assert said.get_json()["plane"] == {"id": "ohop-02", "name": "Aether Flues"}
    entry = app.extensions["panel"].table_catalog.entries("planechase", "plane")[0]
    assert entry.entered_by.seat == "A"
    offered = judge.get("/api/setup/games").get_json()["planechase"]["planes"]
    assert offered[1] == {"id": "ohop-02", "name": "Aether Flues", "number": 2, "status": "typed"}
    decks = {seat: PLANES[10 * i : 10 * i + 10] for i, seat in enumerate(SEATS)}
    part = {"players": list(SEATS), "first": "p1", "decks": decks}
    assert _new(judge, "planechase", part).status_code == 200
    game = table.snapshot()
    assert isinstance(game, Planechase)
    assert game.planes["ohop-02"].name == "Aether Flues"
    assert game.record()["setup"]["typed_names"] == {"ohop-02": "Aether Flues"}


@pytest.mark.parametrize(
    ("plane", "name", "language", "says"),
    [
        ("ohop-01", "Tolaria", "en", "already known as Academy at Tolaria West"),
        ("ohop-02", "Bant", "en", "another plane already has this name"),
        ("ohop-02", "Bant", "ja", "この名前はほかの次元カードがすでに使っています"),
        ("ohop-99", "Nowhere", "en", "pick one of the choices offered"),
    ],
)
def test_a_bad_plane_name_is_refused_and_nothing_is_kept(
    app: Flask, phone_a: Phone, plane: str, name: str, language: str, says: str
):
    phone_a.client.set_cookie("lang", language)
    response = phone_a.post("/api/setup/plane_name", {"plane": plane, "name": name})
    assert response.status_code == 400
    assert says in response.get_json()["detail"]
    assert app.extensions["panel"].table_catalog.entries("planechase") == []


def test_a_spectator_far_from_the_table_cannot_type_a_plane_name(app: Flask):
    far = app.test_client()
    far.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    phone = Phone(far)
    response = phone.post("/api/setup/plane_name", {"plane": "ohop-02", "name": "Aether Flues"})
    assert response.status_code == 403


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
    creatures = [{"name": f"Creature {seat}{i:02d}", "level": 1 + i % 3} for i in range(12)]
    return {"seat": seat, "commander": {"name": commander, **values}, "creatures": creatures}


def test_dungeon_command_with_typed_in_start_values(judge: Phone, table: Table):
    part = {
        "first": "p2",
        "warbands": [
            _band("p1", "Valnar Trueblade", morale=11),
            _band("p2", "snig the axe", morale=10, leadership=6),
        ],
    }
    assert _new(judge, "dungeon_command", part).status_code == 200
    game = table.snapshot()
    assert isinstance(game, DungeonCommand)
    assert (game.morale("p1"), game.leadership("p1")) == (11, 7)  # leadership from the data
    assert (game.morale("p2"), game.leadership("p2")) == (10, 6)
    assert game.pending().seat == "p2"
    assert game.setup.band("p2").commander == "snig-the-axe"  # the data's commander, by name
    assert game.setup.creature_name("creature-p105") == "Creature p105"


def test_cards_typed_once_are_kept_and_need_only_their_names_next_time(judge: Phone, table: Table):
    first = {"warbands": [_band("p1", "Homebrew Hero", morale=12, leadership=8),
                          _band("p2", "Kalteros", morale=9, leadership=5)]}  # fmt: skip
    assert _new(judge, "dungeon_command", first).status_code == 200
    saved = judge.get("/api/catalog/entries?game=dungeon_command").get_json()["entries"]
    kinds = {(entry["kind"], entry["data"]["name"]) for entry in saved}
    assert ("commander", "Homebrew Hero") in kinds and ("creature", "Creature p111") in kinds
    assert {entry["entered_by"]["name"] for entry in saved} == {None}  # the judge's phone
    names_only = {
        "warbands": [
            {"seat": "p1", "commander": {"name": "homebrew hero"},
             "creatures": [{"name": f"Creature p1{i:02d}"} for i in range(12)]},
            {"seat": "p2", "commander": {"name": "Kalteros"},
             "creatures": [{"name": f"creature p2{i:02d}"} for i in range(12)]},
        ]
    }  # fmt: skip
    assert _new(judge, "dungeon_command", names_only).status_code == 200
    game = table.snapshot()
    assert isinstance(game, DungeonCommand)
    assert (game.morale("p1"), game.leadership("p1")) == (12, 8)
    assert game.level("creature-p202") == 3 and game.level("creature-p111") == 3
    assert game.setup.band("p1").commander == "Homebrew Hero"  # as first typed, not "homebrew hero"
    assert game.setup.creature_name("creature-p202") == "Creature p202"


def test_the_same_creature_twice_gets_numbered_tags(judge: Phone, table: Table):
    band = _band("p1", "Valnar Trueblade", morale=11)
    band["creatures"][1] = dict(band["creatures"][0])
    other = _band("p2", "Kalteros", morale=9, leadership=5)
    other["creatures"][0] = dict(band["creatures"][0])
    assert _new(judge, "dungeon_command", {"warbands": [band, other]}).status_code == 200
    game = table.snapshot()
    assert isinstance(game, DungeonCommand)
    assert {"creature-p100", "creature-p100-2"} <= set(game.setup.band("p1").creatures)
    assert "creature-p100-3" in game.setup.band("p2").creatures


@pytest.mark.parametrize(
    ("bands", "words"),
    [
        ([_band("p1", "Valnar Trueblade"), _band("p2", "Snig the Axe", morale=9, leadership=5)],
         "Aiko: Valnar Trueblade: Morale: type it in from the card."),
        ([_band("p1", "Valnar Trueblade", morale=9, leadership=8),
          _band("p2", "Snig the Axe", morale=9, leadership=5)],
         "Aiko: Valnar Trueblade: Leadership: already known as 7"),
        ([_band("p1", "Valnar Trueblade", morale=9)], "two warbands"),
        ([_band("p1", "Valnar Trueblade", morale=9),
          {**_band("p2", "Kalteros", morale=9, leadership=5),
           "creatures": [{"name": "Goblin", "level": 1}]}],
         "Ben: a warband needs at least 12 creatures (1 entered)."),
        ([_band("p1", "Valnar Trueblade", morale="ten"),
          _band("p2", "Kalteros", morale=9, leadership=5)],
         "Aiko: Valnar Trueblade: Morale: a whole number from 1 to 60."),
        ([{"seat": "p1"}, _band("p2", "Kalteros", morale=9, leadership=5)],
         "Aiko: pick or type in the commander."),
        ([{**_band("p1", "Valnar Trueblade", morale=9),
           "creatures": [{"name": "Nameless"}] * 12},
          _band("p2", "Kalteros", morale=9, leadership=5)],
         "Aiko: Nameless: Level: type it in from the card."),
    ],
)  # fmt: skip
def test_a_bad_dungeon_command_setup_is_refused(
    judge: Phone, table: Table, bands: list, words: str
):
    _refused(judge, table, "dungeon_command", {"warbands": bands}, words)
    assert judge.get("/api/catalog/entries").get_json()["entries"] == []  # nothing kept


def test_a_refusal_speaks_the_phones_language(judge: Phone, table: Table):
    judge.client.set_cookie("lang", "ja")
    bands = [_band("p1", "Valnar Trueblade"), _band("p2", "Kalteros", morale=9, leadership=5)]
    _refused(judge, table, "dungeon_command", {"warbands": bands},
             "Aikoさん:Valnar Trueblade:モラル:カードを見て入力してください。")  # fmt: skip


# -- Arena --------------------------------------------------------------------------------------


def _walker(name: str, **values: Any) -> dict[str, Any]:
    numbers = {"figures": 1, "life": 5, "power": 2, "toughness": 1, "cost": 120}
    return {"name": name, "kind": "planeswalker", **numbers, **values}


def _squad(name: str = "Soldiers") -> dict[str, Any]:
    numbers = {"figures": 3, "life": 1, "power": 1, "toughness": 1, "cost": 60, "ppf": 20}
    return {"name": name, "kind": "squad", **numbers}


def test_an_arena_duel(judge: Phone, table: Table):
    part = {
        "scenario": "duel",
        "armies": [
            {"seat": "p1", "cards": [_walker("chandra"), _squad()]},
            {"seat": "p2", "cards": [_walker("Gideon"), _squad()]},
        ],
        "glyphs": {"g1": "power", "g2": "toughness"},
    }
    assert _new(judge, "arena", part).status_code == 200
    game = table.snapshot()
    assert isinstance(game, Arena)
    assert game.card("chandra").range == 5  # the known value joins the typed ones
    assert game.card("chandra").name == "Chandra"
    assert game.setup.turns == 30
    assert game.figure("soldiers-2").place == "reserve"
    assert game.card("soldiers-2").name == "Soldiers"  # the second army's copy of the card
    saved = judge.get("/api/catalog/entries?game=arena").get_json()["entries"]
    assert sorted(entry["data"]["name"] for entry in saved) == ["Chandra", "Gideon", "Soldiers"]


def test_an_army_card_typed_once_needs_only_its_name(judge: Phone, table: Table):
    part = {"scenario": "duel", "armies": [
        {"seat": "p1", "cards": [_walker("Jace"), _squad("Illusions")]},
        {"seat": "p2", "cards": [_walker("Liliana")]}]}  # fmt: skip
    assert _new(judge, "arena", part).status_code == 200
    again = {"scenario": "duel", "armies": [
        {"seat": "p1", "cards": [{"name": "jace"}, {"name": "Illusions"}]},
        {"seat": "p2", "cards": [{"name": "Liliana", "life": 6}]}]}  # fmt: skip
    assert _new(judge, "arena", again).status_code == 200
    game = table.snapshot()
    assert isinstance(game, Arena)
    assert (game.card("illusions").figures, game.card("illusions").ppf) == (3, 20)
    assert game.card("liliana").life == 6  # a value typed again replaces the kept one
    kept = judge.get("/api/catalog/entries?game=arena").get_json()["entries"]
    assert next(e for e in kept if e["data"]["name"] == "Liliana")["data"]["life"] == 6


@pytest.mark.parametrize(
    ("part", "words"),
    [
        ({"scenario": "duel", "armies": [{"seat": "p1", "cards": [_walker("Chandra")]}]},
         "not 1"),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("Chandra", range=4)]},
            {"seat": "p2", "cards": [_walker("Gideon")]}]},
         "Aiko: Chandra: Range: already known as 5"),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [{"name": "Nissa", "kind": "planeswalker"}]},
            {"seat": "p2", "cards": [_walker("Gideon")]}]},
         "Aiko: Nissa: Figures: type it in from the card."),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("Nissa", life=None)]},
            {"seat": "p2", "cards": [_walker("Gideon")]}]},
         "Aiko: Nissa: Life: type it in from the card."),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_squad()]},
            {"seat": "p2", "cards": [_walker("Gideon")]}]},
         "Aiko: an army has exactly one planeswalker (this one has 0)."),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("Chandra", cost=600)]},
            {"seat": "p2", "cards": [_walker("Gideon")]}]},
         "Aiko: the army costs 600 points, more than the 500 allowed."),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("Chandra"), _squad(), _squad("soldiers")]},
            {"seat": "p2", "cards": [_walker("Gideon")]}]},
         "Aiko: Soldiers is in the army twice: each army card once."),
        ({"scenario": "duel", "armies": [
            {"seat": "p1", "cards": [_walker("Chandra")]},
            {"seat": "p2", "cards": [_walker("Gideon")]}], "glyphs": {"g1": None}},
         "name each"),
        ({"scenario": "nowhere", "armies": []}, "unknown scenario"),
        ({"scenario": "duel", "armies": [{"seat": "p1", "cards": [{"kind": "hero"}]}]},
         "Aiko: card 1: Army card: cannot be empty."),
    ],
)  # fmt: skip
def test_a_bad_arena_setup_is_refused(judge: Phone, table: Table, part: dict, words: str):
    _refused(judge, table, "arena", part, words)
    assert judge.get("/api/catalog/entries").get_json()["entries"] == []  # nothing kept


def test_a_game_part_that_is_not_an_object_is_refused(judge: Phone, table: Table):
    _refused(judge, table, "arena", ["duel"], "'arena' must be a JSON object")


def test_without_its_part_a_game_starts_from_its_demo_setup(judge: Phone, table: Table):
    assert judge.post("/api/setup/new", {"game": "arena"}).status_code == 200
    assert table.read(lambda game: game.name) == "arena"
