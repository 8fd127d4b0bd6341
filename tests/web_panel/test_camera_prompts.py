"""The camera's prompts on the panel: they appear after a real reconciler sync, carry what the
engine says settles them, and close when settled, seen back, dismissed or replaced by a game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.camera.game_sync import sync_table
from companion.games.arena import camera as arena_camera
from companion.games.arena.setup import Setup as ArenaSetup
from companion.games.dungeon_command import camera as dc_camera
from companion.games.dungeon_command.actions import Destroyed
from companion.games.dungeon_command.game import DungeonCommand
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.start_request import StartRequest
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.games.arena.conftest import army, duel_setup, new_arena
from tests.companion.games.dungeon_command.conftest import make_setup
from tests.web_panel.conftest import Phone, seated
from vision.board_change import BoardChange, TagId
from vision.hex_grid import HexGrid
from web_panel import create_app
from web_panel.camera_prompts import CameraPrompt, PromptList

DC_TAGS = dc_camera.registry(make_setup())
BATTLE = ("deploy a02", "deploy a01", "next", "deploy b03", "deploy b00", "next", "next")
ON_MAP = {TagId("dc", "a01", 1): "d1", TagId("dc", "b03", 1): "f7", TagId("dc", "b00", 1): "g7"}
A02 = TagId("dc", "a02", 1)


def _app(table: Table, settings: Settings) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


# -- Dungeon Command ---------------------------------------------------------------------------


@pytest.fixture
def dc_table(tmp_path: Path) -> Table:
    table = Table.start(Store(tmp_path / "dc.sqlite3"), DungeonCommand(make_setup()))
    for text in BATTLE:
        table.submit(JUDGE, text)
    return table


@pytest.fixture
def dc_app(dc_table: Table, settings: Settings) -> Iterator[Flask]:
    yield from _app(dc_table, settings)


def _lift_a02(table: Table) -> None:
    """The camera sees creature a02 (ann's, on c1) taken off the map."""
    sync_table(
        table, DC_TAGS, BoardChange(removed={A02: "c1"}, board=dict(ON_MAP)), dc_camera.CAMERA
    )


def _camera_sees(table: Table, board: dict[TagId, str]) -> None:
    sync_table(table, DC_TAGS, BoardChange(board=board), dc_camera.CAMERA)


def _prompts(phone: Phone) -> list[dict[str, Any]]:
    prompts: list[dict[str, Any]] = phone.state()["camera_prompts"]
    return prompts


def _morale(table: Table, seat: str) -> int:
    morale: int = table.read(lambda game: game.morale(seat))
    return morale


def test_a_creature_lifted_off_the_map_becomes_a_prompt(dc_app: Flask, dc_table: Table):
    phone = seated(dc_app, "ann")
    assert _prompts(phone) == []
    _lift_a02(dc_table)
    trial = dc_table.snapshot()
    assert isinstance(trial, DungeonCommand)
    trial.push(trial.parse_action("destroyed a02"))
    [prompt] = _prompts(phone)
    assert prompt == {
        "id": "destroy:a02",
        "kind": "destroy",
        "subject": "a02",
        "where": "c1",
        "enemy": None,
        "spot": None,
        "owner": "ann",
        "name": "a02",  # a creature entered without a name shows its tag's label
        "level": dc_table.read(lambda game: game.level("a02")),
        "loss": _morale(dc_table, "ann") - trial.morale("ann"),
        "actions": [dc_table.read(lambda game: game.describe(Destroyed("a02")).to_json())],
        "legal": True,
        "seat": dc_table.read(lambda game: game.pending().seat),
    }


def test_a_repeated_prompt_keeps_the_square_last_seen(dc_app: Flask, dc_table: Table):
    phone = seated(dc_app, "ann")
    _lift_a02(dc_table)
    _camera_sees(dc_table, dict(ON_MAP))  # the next sync no longer knows where a02 stood
    assert [p["where"] for p in _prompts(phone)] == ["c1"]


def test_destroyed_settles_the_prompt_and_lowers_morale(dc_app: Flask, dc_table: Table):
    phone = seated(dc_app, "ann")
    _lift_a02(dc_table)
    [prompt] = _prompts(phone)
    before = _morale(dc_table, "ann")
    response = phone.act(prompt["actions"][0])
    assert response.status_code == 200
    assert _morale(dc_table, "ann") == before - prompt["loss"]
    assert _prompts(phone) == []


def test_the_wrong_seat_is_refused_and_nothing_changes(dc_app: Flask, dc_table: Table):
    ben = seated(dc_app, "ben")
    _lift_a02(dc_table)
    before = ben.state()
    response = ben.act("destroyed a02")
    assert response.status_code == 403
    assert response.get_json()["error"] == "wrong_seat"
    after = ben.state()
    assert after["version"] == before["version"]
    assert after["camera_prompts"] == before["camera_prompts"] != []
    assert _morale(dc_table, "ann") == before["extra"]["warbands"][0]["morale"]


def test_dismissing_clears_it_until_the_creature_is_seen_again(dc_app: Flask, dc_table: Table):
    ben = seated(dc_app, "ben")  # any seat may say "not destroyed"
    _lift_a02(dc_table)
    version = ben.state()["version"]
    response = ben.post("/api/camera_prompts/dismiss", {"id": "destroy:a02", "game_id": 1})
    assert response.status_code == 200
    assert _prompts(ben) == []
    _camera_sees(dc_table, dict(ON_MAP))  # still off the map: the dismissal holds
    assert _prompts(ben) == []
    _camera_sees(dc_table, {**ON_MAP, A02: "c1"})  # put back
    _lift_a02(dc_table)  # lifted again: a new prompt
    assert [p["id"] for p in _prompts(ben)] == ["destroy:a02"]
    assert ben.state()["version"] == version  # the game itself never changed


def test_put_back_on_the_map_clears_the_prompt(dc_app: Flask, dc_table: Table):
    phone = seated(dc_app, "ann")
    _lift_a02(dc_table)
    _camera_sees(dc_table, {**ON_MAP, A02: "c1"})
    assert _prompts(phone) == []


def test_spectators_and_unknown_prompts_are_refused(dc_app: Flask, dc_table: Table):
    _lift_a02(dc_table)
    spectator = Phone(dc_app.test_client())
    refused = spectator.post("/api/camera_prompts/dismiss", {"id": "destroy:a02", "game_id": 1})
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "spectator"
    phone = seated(dc_app, "ann")
    unknown = phone.post("/api/camera_prompts/dismiss", {"id": "destroy:a05", "game_id": 1})
    assert unknown.status_code == 404
    assert unknown.get_json()["error"] == "no_such_prompt"
    stale = phone.post("/api/camera_prompts/dismiss", {"id": "destroy:a02", "game_id": 99})
    assert stale.status_code == 409
    malformed = phone.post("/api/camera_prompts/dismiss", {"game_id": 1})
    assert malformed.status_code == 400
    assert [p["id"] for p in _prompts(phone)] == ["destroy:a02"]


def test_a_reconnecting_phone_is_caught_up_with_the_prompt(dc_app: Flask, dc_table: Table):
    feed = dc_app.extensions["panel"].feed
    seen_id, _ = feed.current()
    _lift_a02(dc_table)
    stream = feed.events(seen_id)
    assert next(stream).startswith("retry: ")
    message = next(stream)
    assert message.startswith("id: ") and seen_id not in message.splitlines()[0]
    view = json.loads(message.split("data: ", 1)[1])
    assert [p["id"] for p in view["camera_prompts"]] == ["destroy:a02"]


def test_a_new_game_clears_the_prompts(dc_app: Flask, dc_table: Table):
    phone = seated(dc_app, "ann")
    _lift_a02(dc_table)
    assert _prompts(phone) != []
    dc_table.start_game(StartRequest(DungeonCommand(make_setup())))
    assert Phone(dc_app.test_client()).state()["camera_prompts"] == []


def test_a_prompt_whose_creature_left_the_battlefield_otherwise_is_not_shown(
    dc_app: Flask, dc_table: Table
):
    phone = seated(dc_app, "ann")
    _lift_a02(dc_table)
    dc_table.submit(JUDGE, "cower a02 10")  # still on the battlefield: still open
    assert [p["id"] for p in _prompts(phone)] == ["destroy:a02"]
    dc_table.submit(JUDGE, "next")
    dc_table.submit(JUDGE, "destroyed a02")  # entered by hand: settled
    assert _prompts(phone) == []


# -- Arena -------------------------------------------------------------------------------------

HEXES = HexGrid(8, 6, 60.0)
FIELD = arena_camera.Battlefield(HEXES, {"g1": "d3", "g2": "e4"}, frozenset({"a1"}))


def _tag(card: str, n: int = 1) -> TagId:
    return TagId("ar", card, n)


@pytest.fixture
def ar_table(tmp_path: Path) -> Table:
    table = Table.start(Store(tmp_path / "ar.sqlite3"), new_arena(duel_setup()))
    table.submit("a", "choose pw-a")
    return table


@pytest.fixture
def ar_app(ar_table: Table, settings: Settings) -> Iterator[Flask]:
    yield from _app(ar_table, settings)


def _leave_engagement(table: Table) -> None:
    """pw-a carried from c3, next to pw-b, to f3, away from it."""
    near = HEXES.neighbours("c3")[0]
    board = {_tag("pw-a"): "f3", _tag("pw-b"): near}
    change = BoardChange(moved={_tag("pw-a"): ("c3", "f3")}, board=board)
    tags = arena_camera.registry(duel_setup())
    sync_table(table, tags, change, arena_camera.CAMERA, FIELD)


def test_leaving_an_engagement_prompts_the_enemys_roll(ar_app: Flask, ar_table: Table):
    phone = seated(ar_app, "a")
    _leave_engagement(ar_table)
    [prompt] = _prompts(phone)
    assert prompt["id"] == "disengage:pw-a:pw-b"
    notations = [offer["notation"] for offer in prompt["actions"]]
    assert notations == ["disengage pw-a pw-b 1", "disengage pw-a pw-b 0"]
    assert [offer["args"]["hits"] for offer in prompt["actions"]] == [1, 0]
    assert (prompt["owner"], prompt["enemy_owner"], prompt["seat"]) == ("a", "b", "a")
    legal = {offer["notation"] for offer in phone.state()["offers"]}
    assert set(notations) <= legal and prompt["legal"]


def test_the_roll_entered_settles_it(ar_app: Flask, ar_table: Table):
    phone = seated(ar_app, "a")
    _leave_engagement(ar_table)
    assert phone.act("disengage pw-a pw-b 1").status_code == 200
    assert ar_table.read(lambda game: game.figure("pw-a").damage) == 1
    assert _prompts(phone) == []


def test_the_other_seat_cannot_enter_the_roll(ar_app: Flask, ar_table: Table):
    phone_b = seated(ar_app, "b")
    _leave_engagement(ar_table)
    version = phone_b.state()["version"]
    assert phone_b.act("disengage pw-a pw-b 1").status_code == 403
    assert phone_b.state()["version"] == version
    assert ar_table.read(lambda game: game.figure("pw-a").damage) == 0
    assert len(_prompts(phone_b)) == 1


def test_the_roll_prompt_closes_when_the_engine_no_longer_takes_it(ar_app: Flask, ar_table: Table):
    phone = seated(ar_app, "a")
    _leave_engagement(ar_table)
    ar_table.submit("a", "end")
    assert _prompts(phone) == []


@pytest.fixture
def glyph_table(tmp_path: Path) -> Table:
    armies = (army("a", "red"), army("b", "blue"), army("c", "red"), army("d", "blue"))
    game = new_arena(ArenaSetup("skirmish", armies, {"g1": None, "g2": None}))
    table = Table.start(Store(tmp_path / "glyph.sqlite3"), game)
    table.submit("a", "choose pw-a")
    return table


@pytest.fixture
def glyph_app(glyph_table: Table, settings: Settings) -> Iterator[Flask]:
    yield from _app(glyph_table, settings)


def _stop_on_glyph(table: Table, at: str = "d3") -> None:
    tags = arena_camera.registry(table.read(lambda game: game.setup))
    board = {_tag("pw-a"): at, _tag("pw-b"): "h6"}
    change = BoardChange(moved={_tag("pw-a"): ("a2", at)}, board=board)
    sync_table(table, tags, change, arena_camera.CAMERA, FIELD)


def test_a_face_down_glyph_offers_each_glyph_it_may_be(glyph_app: Flask, glyph_table: Table):
    phone = seated(glyph_app, "a")
    _stop_on_glyph(glyph_table)
    [prompt] = _prompts(phone)
    assert (prompt["id"], prompt["spot"], prompt["where"]) == ("reveal_glyph:pw-a", "g1", "d3")
    legal = [offer["notation"] for offer in phone.state()["offers"]]
    expected = sorted(f"{text} d3" for text in legal if text.startswith("move pw-a g1="))
    assert [offer["notation"] for offer in prompt["actions"]] == expected and expected
    assert {offer["args"]["hex"] for offer in prompt["actions"]} == {"d3"}
    assert phone.act(prompt["actions"][0]).status_code == 200
    assert _prompts(phone) == []


def test_a_dismissed_glyph_prompt_stays_closed_until_the_figure_moves_off(
    glyph_app: Flask, glyph_table: Table
):
    phone = seated(glyph_app, "b")
    _stop_on_glyph(glyph_table)
    body = {"id": "reveal_glyph:pw-a", "game_id": 1}
    assert phone.post("/api/camera_prompts/dismiss", body).status_code == 200
    _stop_on_glyph(glyph_table)
    assert _prompts(phone) == []
    sync_table(
        glyph_table,
        arena_camera.registry(glyph_table.read(lambda game: game.setup)),
        BoardChange(board={_tag("pw-a"): "a2", _tag("pw-b"): "h6"}),
        arena_camera.CAMERA,
        FIELD,
    )
    _stop_on_glyph(glyph_table)
    assert [p["id"] for p in _prompts(phone)] == ["reveal_glyph:pw-a"]


# -- the list itself ---------------------------------------------------------------------------


def test_dismissing_a_prompt_not_open_changes_nothing(dc_table: Table):
    changes: list[int] = []
    prompts = PromptList(dc_table.bus, lambda: changes.append(1))
    _lift_a02(dc_table)
    assert len(changes) == 1
    with pytest.raises(KeyError):
        prompts.dismiss("destroy:a01")
    assert [p["id"] for p in dc_table.read(prompts.view)] == ["destroy:a02"]
    assert len(changes) == 1
    prompts.close()


@pytest.mark.parametrize(
    ("prompt", "action", "settled"),
    [
        (CameraPrompt("destroy", "a02"), "destroyed a02", True),
        (CameraPrompt("destroy", "a02"), "destroyed a021", False),
        (CameraPrompt("disengage", "f", enemy="e"), "disengage f e 0", True),
        (CameraPrompt("disengage", "f", enemy="e"), "disengage f x 0", False),
        (CameraPrompt("reveal_glyph", "f", "d3", spot="g1"), "move f g1=power d3", True),
        (CameraPrompt("reveal_glyph", "f", "d3", spot="g1"), "move ff field", False),
    ],
)
def test_what_settles_a_prompt(prompt: CameraPrompt, action: str, settled: bool):
    assert prompt.settled_by(action) is settled
