"""The judge's rules assistant API (web_panel/judge_api.py): judge only, the editor works on the
phone's own copy (the live game never changes), refusals say why in the phone's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.table.table import Table
from tests.web_panel.conftest import Phone, dreamblade_table


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, 6)


def test_only_the_judge_may_use_the_assistant(spectator: Phone) -> None:
    for url, body in (("/api/judge/editor", {"from": "live"}), ("/api/judge/ask", {})):
        response = spectator.post(url, body)
        assert response.status_code == 403 and response.get_json()["error"] == "judge_only"
    assert spectator.get("/api/judge/export").status_code == 403


def test_a_hypothetical_never_changes_the_live_game(judge: Phone, table: Table) -> None:
    before = table.read(lambda game: game.position())
    version = table.version
    started = judge.post("/api/judge/editor", {"from": "live"}).get_json()
    assert started["position"] == before
    mini = next(m["id"] for m in started["board"]["minis"] if m["where"] not in ("reserve",))
    edited = judge.post(
        "/api/judge/editor", {"position": started["position"], "edits": [f"place {mini} c3"]}
    ).get_json()
    assert edited["position"]["state"]["zones"][mini] == "c3"
    answer = judge.post(
        "/api/judge/ask", {"position": edited["position"], "question": "claims"}
    ).get_json()
    assert answer["answer"]["question"] == "claims" and answer["sentences"]
    assert table.version == version and table.read(lambda game: game.position()) == before


def test_an_impossible_edit_is_refused_in_the_phone_s_language(judge: Phone) -> None:
    start = judge.post("/api/judge/editor", {"from": "empty"}).get_json()
    edits = ["add A sir-glorious c3"] * 3 + ["add A noble-dragon c3"] * 2
    response = judge.client.post(
        "/api/judge/editor",
        json={"position": start["position"], "edits": edits},
        headers={"X-CSRF-Token": judge.csrf, "Accept-Language": "ja"},
    )
    assert response.status_code == 200
    refusal = response.get_json()
    assert refusal["refused"] == "その局面はありえません。"
    (problem,) = refusal["problems"]
    assert "c3" in problem and "4体まで" in problem
    assert refusal["position"] == start["position"]  # nothing changed
    unknown = judge.post(
        "/api/judge/editor", {"position": start["position"], "edits": ["add A nobody"]}
    ).get_json()
    assert unknown["refused"] and "“nobody”" in unknown["problems"][0]


def test_a_modifier_on_a_miniature_not_in_play_is_refused(judge: Phone) -> None:
    start = judge.post("/api/judge/editor", {"from": "live"}).get_json()
    reserve = next(m["id"] for m in start["board"]["minis"] if m["where"] == "reserve")
    response = judge.post(
        "/api/judge/editor",
        {"position": start["position"], "edits": [f"modifier {reserve} life -1"]},
    )
    refusal = response.get_json()
    assert refusal["refused"] and "in play" in refusal["problems"][0]
    assert refusal["position"] == start["position"]


def test_the_live_game_exports_as_record_and_position(judge: Phone, table: Table) -> None:
    exported = judge.get("/api/judge/export").get_json()
    assert exported["record"]["actions"] == list(DEMO_ACTIONS[:6])
    assert exported["position"] == table.read(lambda game: game.position())
