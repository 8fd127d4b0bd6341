"""Dreamblade's rich view reads the engine's queries; refusals carry the rule's prompt."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.games.dreamblade.screens.view import dreamblade_view
from companion.table.table import JUDGE, Table
from tests.web_panel.conftest import Phone, dreamblade_table, seated
from web_panel.i18n import translate


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, 0)


ATTACK_DICE = DEMO_ACTIONS.index("strike") + 2  # the demo's first strike waits for its dice there


@pytest.mark.parametrize("played", [0, 2, 21, ATTACK_DICE, ATTACK_DICE + 6])
def test_the_view_is_what_the_engine_says(played: int):
    game = demo_game()
    for text in DEMO_ACTIONS[:played]:
        game.push(game.parse_action(text))
    view = dreamblade_view(game)
    assert (view["turn"], view["phase"], view["phase_seat"]) == (
        game.turn,
        game.phase,
        game.phase_seat,
    )
    assert view["board"] == {
        cell: [m.to_json() for m in minis] for cell, minis in game.board().items()
    }
    assert view["claims"] == game.claims()
    assert view["tally"] == game.turn_points()  # "this turn": cells count in the conquest phase
    assert view["turn_wins"] == game.turn_wins()
    for seat in ("A", "B"):
        assert [r["id"] for r in view["reserve"][seat]] == game.reserve(seat)
        assert all(r["cost"] == game.spawn_cost(seat, r["id"]) for r in view["reserve"][seat])
        assert all(r["problem"] is None for r in view["reserve"][seat])
        assert all(r["blocked"] == game.spawn_refusal(seat, r["id"]) for r in view["reserve"][seat])
        assert view["spawn_points"][seat] == game.spawn_points_left(seat)
        assert view["scoring"][seat] == game.scoring_cells(seat)
    assert set(view["die_faces"]) == set(game.setup.die_faces)
    assert set(view["pieces"]) == set(game.setup.pieces)


def test_the_public_view_carries_the_dreamblade_extras(app: Flask, table: Table):
    table.submit(JUDGE, DEMO_ACTIONS[0])
    view = Phone(app.test_client()).state()
    assert view["game"] == "dreamblade"
    assert view["extra"]["phase"] == "spawn"
    assert view["extra"]["phase_seat"] == view["pending"]["seat"]


def test_a_die_of_seven_is_refused_with_the_rules_prompt(app: Flask, table: Table):
    phone = seated(app, "A")
    response = phone.act("init 7 5")
    assert response.status_code == 422
    body = response.get_json()
    assert body["error"] == "illegal"
    assert body["prompt"] == translate("en", f"rule.{body['rule']}")
    assert table.version == 0


def test_attack_dice_that_do_not_add_up_are_refused(app: Flask, table: Table):
    for text in DEMO_ACTIONS[:ATTACK_DICE]:
        table.submit(JUDGE, text)
    phone = seated(app, "B")
    expected = table.read(lambda game: game.pending().details["dice"])
    response = phone.act("dice " + ",".join(["1"] * (expected - 1)))
    assert response.status_code == 422
    assert str(expected) in response.get_json()["detail"]
    assert table.version == ATTACK_DICE


def test_a_reserve_miniature_with_unknown_stats_says_why_it_has_no_cost():
    from companion.games.dreamblade.catalog import builtin_catalog_path, load_catalog
    from companion.games.dreamblade.dice import builtin_dice
    from companion.games.dreamblade.game import DreambladeGame
    from companion.games.dreamblade.maps import builtin_map

    catalog = load_catalog(builtin_catalog_path())
    unknown = next(m for m in catalog.values() if m.unknown_fields)
    known = catalog["lockjaw"]
    faces = [face.name for face in builtin_dice().attack.faces]
    game = DreambladeGame(builtin_map("default"), {"A": [unknown], "B": [known]}, faces)
    (entry,) = dreamblade_view(game)["reserve"]["A"]
    assert entry["cost"] is None
    assert "unknown" in entry["problem"]
