"""The judge's corrections through the API (issue 8), on a Dreamblade table: only the judge may
send them, refusals name the rule in the phone's language, and every phone sees the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.table.table import Table
from tests.web_panel.conftest import Phone, dreamblade_table
from web_panel.i18n import translate

KNIGHT = "A:sir-glorious#1"  # spawned into a1 by the demo's second action


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, 2)


def test_the_view_lists_the_games_corrections(spectator: Phone):
    corrections = spectator.state()["corrections"]
    assert "correct move <mini> <cell>" in corrections
    assert any(line.startswith("correct points") for line in corrections)


def test_a_seat_cannot_send_a_correction_even_on_its_own_turn(phone_a: Phone, table: Table):
    assert table.read(lambda game: game.pending().seat) == "A"
    before = table.state()
    response = phone_a.act(f"correct move {KNIGHT} c3")
    assert response.status_code == 403
    body = response.get_json()
    assert body["error"] == "judge_only"
    assert body["message"] == translate("en", "error.judge_only")
    assert table.state() == before


def test_the_judge_moves_a_miniature_and_every_phone_sees_it(judge: Phone, spectator: Phone):
    response = judge.act(f"correct move {KNIGHT} c3")
    assert response.status_code == 200
    view = spectator.state()
    assert [m["id"] for m in view["extra"]["board"]["c3"]] == [KNIGHT]
    assert "a1" not in view["extra"]["board"]
    assert view["log"][-1] == {**view["log"][-1], "by": "judge", "seat": None}
    assert view["log"][-1]["action"] == f"correct move {KNIGHT} c3"
    assert view["pending"]["kind"] == "spawn"  # seat A's spawn phase goes on


def test_a_correction_the_rules_refuse_names_the_rule_in_the_phones_language(
    judge: Phone, table: Table
):
    before = table.state()
    response = judge.client.post(
        "/api/actions",
        json={
            "action": f"correct move {KNIGHT} a1",
            "version": table.version,
            "game_id": table.game_id,
        },
        headers={"X-CSRF-Token": judge.csrf, "Accept-Language": "ja"},
    )
    assert response.status_code == 422
    body = response.get_json()
    assert body["rule"] == "correction.same_cell"
    assert body["message"] == translate("ja", "error.illegal")
    assert body["prompt"] == translate("ja", "rule.correction.same_cell")
    assert table.state() == before


def test_a_malformed_correction_is_refused(judge: Phone, table: Table):
    response = judge.act(f"correct move {KNIGHT} z9")
    assert response.status_code == 400
    assert response.get_json()["error"] == "malformed"
    assert table.version == 2


def test_the_judge_takes_back_a_correction_and_a_seat_cannot(
    judge: Phone, phone_a: Phone, table: Table
):
    judge.act("correct points B +2")
    assert phone_a.undo().get_json()["error"] == "undo_not_yours"
    assert judge.undo().status_code == 200
    assert table.store.record(table.game_id)["actions"] == list(DEMO_ACTIONS[:2])
