"""Arena's view is what the engine says: turn track, figures with damage, glyphs, scores."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.games.arena import prompts
from companion.games.arena.demo import SCRIPT, demo_setup
from companion.games.arena.game import Arena
from companion.games.arena.screens.view import arena_view, camera_prompt_view
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone, seated
from web_panel import create_app
from web_panel.camera_prompts import CameraPrompt
from web_panel.game_views.prompts import mark


def _game(played: int) -> Arena:
    game = Arena(demo_setup())
    for text in SCRIPT[:played]:
        game.push(game.parse_action(text))
    return game


ROLLS = 5  # the demo opens with the d20 rolls for the first player and its winner's choice


@pytest.mark.parametrize(
    "played", [0, 2, ROLLS, ROLLS + 3, ROLLS + 6, ROLLS + 7, ROLLS + 8, ROLLS + 13, len(SCRIPT)]
)
def test_the_view_is_what_the_engine_says(played: int):
    game = _game(played)
    view = arena_view(game)
    state = game.state
    assert (view["turn"], view["turns"]) == (game.turn, game.setup.turns)
    assert (view["step"], view["active"], view["chosen"]) == (
        state.step,
        state.active,
        state.chosen,
    )
    assert view["scores"] == game.scores()
    for army in view["armies"]:
        assert army["planeswalker_alive"] == game.planeswalker_alive(army["seat"])
        for card in army["cards"]:
            assert card["figure_ids"] == game.card(card["id"]).figure_ids()
            for figure in card["figures"]:
                engine = game.figure(figure["id"])
                assert (figure["place"], figure["damage"]) == (engine.place, engine.damage)
    assert [g["spot"] for g in view["glyphs"]] == list(state.glyphs)
    if state.combat is None:
        assert view["combat"] is None
    else:
        assert view["combat"]["attack_dice"] == state.combat.attack_dice


def test_a_held_glyph_names_its_holder_and_adds_its_bonus():
    game = _game(SCRIPT.index("next"))  # the blue walker stands on the glyph of power
    view = arena_view(game)
    g1 = next(g for g in view["glyphs"] if g["spot"] == "g1")
    assert (g1["glyph"], g1["holder"]) == ("power", "walker-a")
    ann = next(a for a in view["armies"] if a["seat"] == "ann")
    assert ann["glyph_bonus"]["power"] == game.glyph_bonus("ann", "power") == 1


def test_the_prompt_is_the_engines_in_both_languages_with_names_for_ids():
    game = _game(ROLLS + 7)
    pending = game.pending()
    assert pending.details["target"] == "walker-b"
    view = arena_view(game)
    named = {**pending.details, "target": "Red Walker", "attacker": "Blue Walker"}
    for language in prompts.LANGUAGES:
        expected = prompts.prompt(pending.kind, language, seat=mark(pending.seat), **named)
        assert view["prompt"][language] == expected
        assert "walker-" not in view["prompt"][language]


def test_the_view_names_every_card_and_figure():
    names = arena_view(_game(0))["names"]
    assert names["walker-a"] == "Blue Walker"
    assert [names[f"soldiers-a-{n}"] for n in (1, 2, 3)] == [
        "Soldiers 1",
        "Soldiers 2",
        "Soldiers 3",
    ]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table.start(Store(tmp_path / "db.sqlite3"), _game(ROLLS))  # ann goes first


@pytest.fixture
def app(table: Table, settings: Settings) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def test_the_public_view_carries_the_combat(app: Flask):
    phone = seated(app, "ann")
    for text in SCRIPT[ROLLS : SCRIPT.index("hits 2")]:
        assert phone.act(text).status_code == 200
    view = Phone(app.test_client()).state()
    assert view["pending"]["kind"] == "attack_dice"
    assert view["extra"]["combat"]["attacker"] == "walker-a"
    assert view["extra"]["combat"]["attack_dice"] == view["pending"]["details"]["dice"]


def test_more_hits_than_dice_are_refused_and_change_nothing(app: Flask, table: Table):
    phone = seated(app, "ann")
    for text in SCRIPT[ROLLS : SCRIPT.index("hits 2")]:
        phone.act(text)
    version = table.version
    assert phone.act("hits 9").status_code == 422
    assert table.version == version


def test_a_camera_prompt_the_engine_no_longer_takes_is_closed():
    game = _game(ROLLS)  # choosing an army card: no roll or glyph can be entered
    assert not [str(a) for a in game.legal_actions() if str(a).startswith(("disengage", "move"))]
    figures = game.on_battlefield()
    disengage = CameraPrompt("disengage", figures[0], "c3", enemy=figures[-1])
    assert camera_prompt_view(game, disengage) is None
    glyph = CameraPrompt("reveal_glyph", figures[0], "d3", spot="g1")
    assert camera_prompt_view(game, glyph) is None


@pytest.fixture
def rolling(tmp_path: Path, settings: Settings) -> Iterator[tuple[Flask, Table]]:
    """A new duel: the d20 rolls for the first player come first (seed 003)."""
    table = Table.start(Store(tmp_path / "d20.sqlite3"), Arena(demo_setup()))
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app, table
    app.extensions["panel"].close()


@pytest.mark.parametrize(
    ("action", "rule", "en", "ja"),
    [
        ("d20 ann 0", "seed 003: first player, d20", "A d20 shows 1 to 20", "1から20"),
        ("d20 ann 21", "seed 003: first player, d20", "decides who goes first", "先攻を決め"),
        ("d20 ben 12", "seed 003: first player, rolls in turn", "in seat order", "席順"),
    ],
)
def test_a_bad_first_roll_is_explained_in_both_languages_and_changes_nothing(
    rolling: tuple[Flask, Table], action: str, rule: str, en: str, ja: str
):
    app, table = rolling
    judge = Phone(app.test_client())
    assert judge.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    body = {"action": action, "version": 0, "game_id": table.game_id}
    for language, words in (("en", en), ("ja", ja)):
        answer = judge.client.post(
            "/api/actions",
            json=body,
            headers={"X-CSRF-Token": judge.csrf, "Accept-Language": language},
        )
        assert answer.status_code == 422
        assert answer.get_json()["rule"] == rule
        assert words in answer.get_json()["prompt"]
    assert table.version == 0 and table.read(lambda g: g.state.d20) == [{}]


def test_a_roll_from_the_phone_whose_turn_it_is_not_is_refused(rolling: tuple[Flask, Table]):
    app, table = rolling
    assert seated(app, "ben").act("d20 ben 12").status_code == 403  # ann rolls first
    ann = seated(app, "ann")
    assert ann.act("d20 ann 12").status_code == 200
    assert ann.act("d20 ben 3").status_code == 403  # ben rolls his own d20
    ben = seated(app, "ben")
    assert ben.act("d20 ben 3").status_code == 200
    assert table.read(lambda g: (g.pending().seat, g.pending().kind)) == ("ann", "first_choice")
    assert ben.act("first ben").status_code == 403  # only the roll's winner chooses
    assert ann.act("first ben").status_code == 200  # ann lets ben go first
    assert table.read(lambda g: (g.pending().seat, g.pending().kind)) == ("ben", "choose_army")
