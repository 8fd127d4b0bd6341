"""Planechase's view is what the engine says: plane, controller, roll cost, decks, players."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.games.planechase import prompts
from companion.games.planechase.actions import EndTurn, Leave
from companion.games.planechase.demo import demo_setup
from companion.games.planechase.game import Planechase
from companion.games.planechase.screens.view import planechase_view
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.conftest import Phone, seated
from web_panel import create_app
from web_panel.game_views.prompts import mark


def _game(script: list[str]) -> Planechase:
    game = Planechase(demo_setup())
    game.push(game.legal_actions()[0])  # the first plane
    for text in script:
        game.push(game.parse_action(text))
        if game.pending().kind == "reveal":
            game.push(game.legal_actions()[0])
    return game


@pytest.mark.parametrize(
    "script",
    [[], ["roll blank"], ["roll blank", "roll chaos"], ["roll planeswalk", "end"], ["leave cho"]],
)
def test_the_view_is_what_the_engine_says(script: list[str]):
    game = _game(script)
    view = planechase_view(game)
    plane = game.plane
    assert plane is not None
    assert view["plane"] == plane.to_json()
    assert (view["turn"], view["active"], view["controller"]) == (
        game.state.turn,
        game.active,
        game.controller,
    )
    assert view["roll_cost"] == game.roll_cost
    assert view["players"] == list(game.players)
    assert set(view["out"]) == set(game.seats) - set(game.players)
    for owner, counts in view["decks"].items():
        assert counts["unseen"] + counts["bottom"] == game.deck_size(owner)
    assert view["plane_names"][plane.id] == plane.name


def test_this_turns_rolls_are_listed_and_cleared_by_the_next_turn():
    game = _game(["roll blank", "roll chaos"])
    assert planechase_view(game)["rolls"] == ["blank", "chaos"]
    assert planechase_view(game)["roll_cost"] == 2
    game.push(EndTurn())
    assert planechase_view(game)["rolls"] == []
    assert planechase_view(game)["roll_cost"] == 0
    game.push(game.parse_action("roll blank"))
    assert planechase_view(game)["rolls"] == ["blank"]


def test_the_prompt_is_the_engines_with_seats_marked():
    game = _game([])
    view = planechase_view(game)
    pending = game.pending()
    details = {**pending.details, "active": mark("ann"), "controller": mark("ann")}
    for language in prompts.LANGUAGES:
        expected = prompts.prompt(pending.kind, language, seat=mark("ann"), **details)
        assert view["prompt"][language] == expected
    assert "⟦ann⟧" in view["prompt"]["en"]


def test_players_out_of_the_game_are_listed():
    game = _game([])
    game.push(Leave("ben"))
    view = planechase_view(game)
    assert view["out"] == ["ben"]
    assert "ben" not in view["decks"]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    setup = Planechase(demo_setup()).record()
    return Table.new_game(Store(tmp_path / "db.sqlite3"), "planechase", setup)


@pytest.fixture
def app(table: Table, settings: Settings) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def test_the_public_view_carries_the_planechase_extras(app: Flask, table: Table):
    phone = seated(app, "ann")
    first = table.read(lambda game: str(game.legal_actions()[0]))
    assert phone.act(first).status_code == 200
    assert phone.act("roll blank").status_code == 200
    view = Phone(app.test_client()).state()
    assert view["game"] == "planechase"
    assert view["extra"]["roll_cost"] == 1
    assert view["extra"]["rolls"] == ["blank"]
    assert view["extra"]["plane"]["id"] == first.split()[1]


def test_a_roll_out_of_turn_is_refused_and_changes_nothing(app: Flask, table: Table):
    phone = seated(app, "ben")
    response = phone.act("roll blank")
    assert response.status_code in (403, 409, 422)
    assert table.version == 0


def test_reading_the_view_changes_nothing():
    game = _game(["roll blank"])
    before = game.position()
    planechase_view(game)
    assert game.position() == before
