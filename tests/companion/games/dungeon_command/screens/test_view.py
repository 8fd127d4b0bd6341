"""Dungeon Command's view is what the engine says: morale, leadership, the deploy check, phase."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.games.dungeon_command import prompts
from companion.games.dungeon_command.demo import SCRIPT, demo_setup
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.screens.view import camera_prompt_view, dungeon_command_view
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.conftest import Phone, seated
from web_panel import create_app
from web_panel.camera_prompts import CameraPrompt
from web_panel.game_views.prompts import mark
from web_panel.i18n import translate


def _game(played: int) -> DungeonCommand:
    game = DungeonCommand(demo_setup())
    for text in SCRIPT[:played]:
        game.push(game.parse_action(text))
    return game


@pytest.mark.parametrize("played", [0, 2, 7, 11, 15, len(SCRIPT)])
def test_the_view_is_what_the_engine_says(played: int):
    game = _game(played)
    view = dungeon_command_view(game)
    state = game.state
    assert (view["phase"], view["turn"], view["active"]) == (state.phase, state.turn, state.active)
    for band in view["warbands"]:
        seat = band["seat"]
        assert band["morale"] == game.morale(seat)
        assert band["leadership"] == game.leadership(seat)
        assert band["levels_in_play"] == game.levels_in_play(seat)
        assert band["room"] == game.deploy_room(seat)
        assert [c["label"] for c in band["battlefield"]] == state.battlefield[seat]
        assert [c["label"] for c in band["destroyed"]] == state.destroyed[seat]
        assert all(c["level"] == game.level(c["label"]) for c in band["battlefield"])


def test_the_commander_is_named_from_the_data():
    view = dungeon_command_view(_game(0))
    assert view["warbands"][0]["commander"] == "Valnar Trueblade"


def test_the_prompt_is_the_engines_in_both_languages():
    game = _game(len(SCRIPT))
    view = dungeon_command_view(game)
    pending = game.pending()
    assert pending.kind in ("game_over", "game_drawn")
    for language in prompts.LANGUAGES:
        details = {
            **pending.details,
            "winner": mark(pending.details["winner"]),
            "morale": {mark(s): m for s, m in pending.details["morale"].items()},
        }
        assert view["prompt"][language] == prompts.prompt(pending.kind, language, **details)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    setup = DungeonCommand(demo_setup()).record()
    return Table.new_game(Store(tmp_path / "db.sqlite3"), "dungeon_command", setup)


@pytest.fixture
def app(table: Table, settings: Settings) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def test_the_public_view_carries_the_deploy_check(app: Flask):
    phone = seated(app, "ann")
    assert phone.act("deploy dwarf-cleric").status_code == 200
    view = Phone(app.test_client()).state()
    ann = view["extra"]["warbands"][0]
    assert (ann["levels_in_play"], ann["leadership"], ann["room"]) == (3, 7, 4)


def test_deploying_past_leadership_is_refused_and_changes_nothing(app: Flask, table: Table):
    phone = seated(app, "ann")
    for label in ("dwarf-cleric", "half-orc-thug"):
        assert phone.act(f"deploy {label}").status_code == 200
    response = phone.act("deploy ann-11")  # level 3 over the room of 1
    assert response.status_code == 422
    assert table.version == 2


def test_a_camera_prompt_not_legal_now_says_so_and_names_no_loss():
    game = _game(1)  # the first creature deployed: the battle has not begun
    view = camera_prompt_view(game, CameraPrompt("destroy", "dwarf-cleric", "c1"))
    assert view is not None
    assert "destroyed dwarf-cleric" not in {str(a) for a in game.legal_actions()}
    assert (view["legal"], view["loss"], view["seat"]) == (False, None, game.pending().seat)
    assert view["level"] == game.level("dwarf-cleric")


def test_a_camera_prompt_for_a_creature_off_the_battlefield_is_closed():
    game = _game(1)
    assert "ben-01" not in game.on_battlefield()
    assert camera_prompt_view(game, CameraPrompt("destroy", "ben-01")) is None


def test_creatures_are_shown_by_the_names_on_their_cards():
    view = dungeon_command_view(_game(5))  # both warbands have creatures deployed
    ann, ben = view["warbands"]
    assert [c["name"] for c in ann["battlefield"]] == [
        "Dwarf Cleric",
        "Half-Orc Thug",
        "Elf Archer",
    ]
    assert all(not c["name"].startswith("ben-") for c in ben["battlefield"])
    assert view["names"]["ann-04"] == "Guard 1"
    assert (view["damage_step"], ben["cower_extra"]) == (10, 0)


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Damage comes in tens (10, 20, 30…)"), ("ja", "ダメージは10単位(10、20、30…)です。")],
)
def test_damage_not_in_tens_is_refused_in_the_phones_language(
    app: Flask, table: Table, language: str, words: str
):
    for text in SCRIPT[:8]:  # turn 1: ann activates, ben's creatures are on the battlefield
        table.submit(table.read(lambda game: game.pending().seat), text)
    judge = seated(app, "ann")
    judge.client.set_cookie("lang", language)
    before = (table.version, table.read(lambda game: game.morale("ben")))
    response = judge.act("cower ben-03 25")
    assert response.status_code == 422
    body = response.get_json()
    assert body["prompt"].startswith(words)
    assert (table.version, table.read(lambda game: game.morale("ben"))) == before


def _in_play(view: dict, label: str) -> dict:
    return next(c for band in view["warbands"] for c in band["battlefield"] if c["label"] == label)


def test_each_creature_in_play_shows_its_card_numbers_and_state():
    """Seed 002 lines 103-106, 160: hit points, melee and ranged damage on the card; damage and
    tapping as the engine keeps them; unknown hit points are shown as unknown."""
    game = _game(17)  # turn 2: Goblin 1 is being activated and has tapped
    game.push(game.parse_action("damage ann-06 10"))
    view = dungeon_command_view(game)
    goblin, guard = _in_play(view, "ben-01"), _in_play(view, "ann-06")
    assert (goblin["tapped"], goblin["attacks"], view["activating"]) == (
        True,
        {"melee": 10},
        "ben-01",
    )
    assert (guard["hit_points"], guard["damage"], guard["tapped"]) == (30, 10, False)
    assert _in_play(view, "elf-archer")["hit_points"] is None  # not typed in: unknown
    assert view["conditions"] == ["stays_tapped", "order_attached", "start_of_turn", "end_of_turn"]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(
    ("action", "rule"),
    [
        ("damage ben-01 15", "seed 002: damage in tens"),
        ("tap ben-01", "seed 002: tapping"),  # already tapped
        ("damage nobody 10", "seed 002: battlefield"),
        ("activate ben-01", "seed 002: activate"),  # activated already this turn
    ],
)
def test_bad_creature_input_gets_the_rule_in_the_phones_language_and_changes_nothing(
    app: Flask, table: Table, language: str, action: str, rule: str
):
    for text in SCRIPT[:17]:  # turn 2: ben activates Goblin 1, which taps
        table.submit(table.read(lambda game: game.pending().seat), text)
    phone = seated(app, "ben")
    phone.client.set_cookie("lang", language)
    before = (table.version, table.read(lambda game: game.position()))
    response = phone.act(action)
    assert response.status_code == 422
    body = response.get_json()
    assert body["rule"] == rule
    assert body["prompt"] == translate(language, f"rule.{rule}")
    assert body["prompt"] != f"rule.{rule}"
    assert (table.version, table.read(lambda game: game.position())) == before
