"""``companion rules``: a judge's questions about a saved position, answered as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from tests.companion.games.dreamblade.builders import at, creature, play


def _run(*args: str) -> Any:
    result = CliRunner().invoke(main, ["rules", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture
def position(tmp_path: Path) -> str:
    game = at(
        [creature("x", aspects="V"), creature("new", cost=4, aspects="VV")],
        [creature("foe")],
        {"A:x#1": "b3", "B:foe#1": "b3"},
        phase="spawn",
    )
    path = tmp_path / "position.json"
    path.write_text(json.dumps(game.position()))
    return str(path)


def test_spawn_cells_and_cost(position: str) -> None:
    assert _run("spawn-cells", position, "--seat", "A")["cells"] == ["a1", "b1"]
    assert _run("cost", position, "--seat", "A", "--mini", "A:new#1") == {
        "seat": "A",
        "mini": "A:new#1",
        "spawn_cost": 4,
        "aspect_cost": 1,
        "total": 5,
    }


def test_engaged_shifts_tally_and_pending(position: str) -> None:
    assert _run("engaged", position) == {"engaged": ["A:x#1", "B:foe#1"], "contested": ["b3"]}
    assert _run("shifts", position) == {"A:x#1": [], "B:foe#1": []}
    assert _run("tally", position)["tally"] == {"A": 0, "B": 0}
    answer = _run("pending", position)
    assert answer["pending"]["kind"] == "spawn"
    assert "spawn A:new#1 a1" in answer["legal"]


def test_replay_prints_the_turn_by_turn_tally(tmp_path: Path) -> None:
    game = demo_game()
    play(game, *DEMO_ACTIONS)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game.record()))
    answer = _run("replay", str(path))
    assert [t["winner"] for t in answer["turns"]] == [None, "B", "B", "A"]
    assert answer["turn_wins"] == {"A": 1, "B": 2}


def test_demo_plays_the_scripted_game() -> None:
    answer = _run("demo")
    assert len(answer["turns"]) == 4
    assert answer["pending"]["kind"] == "initiative_roll"


def test_bad_files_get_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "dreamblade-position", "version": 9}))
    result = CliRunner().invoke(main, ["rules", "engaged", str(bad)])
    assert result.exit_code != 0
    assert "bad.json: version" in result.output
    result = CliRunner().invoke(main, ["rules", "engaged", str(tmp_path / "missing.json")])
    assert "cannot read" in result.output


def test_unknown_seat_or_mini_is_refused(position: str) -> None:
    result = CliRunner().invoke(
        main, ["rules", "cost", position, "--seat", "C", "--mini", "A:new#1"]
    )
    assert result.exit_code == 2
    result = CliRunner().invoke(
        main, ["rules", "cost", position, "--seat", "A", "--mini", "A:nope#1"]
    )
    assert "no miniature" in result.output


def test_check_reports_events_and_the_first_illegal_action_with_its_rule(
    position: str, tmp_path: Path
) -> None:
    saved = tmp_path / "after.json"
    answer = _run("check", position, "spawn A:new#1 a1", "spawn A:x#1 b1", "--save", str(saved))
    first, second = answer["results"]
    assert first["legal"] and first["events"][0]["kind"] == "spawned"
    assert second == {
        "action": "spawn A:x#1 b1",
        "legal": False,
        "rule": "spawn.from_reserve",
        "reason": "A:x#1 is not in the reserve",
    }
    assert _run("engaged", str(saved))["engaged"] == ["A:x#1", "B:foe#1"]
    assert _run("check", str(saved), "jump")["results"][0]["rule"] == "notation"


def test_new_writes_a_fresh_position_from_built_in_warbands(tmp_path: Path) -> None:
    answer = _run("new", "--a", "sample-valor", "--b", "sample-madness", "--rule-430")
    assert answer["format"] == "dreamblade-position"
    assert answer["setup"]["settings"] == {"rule_430": True, "die_confirmed": False}
    assert len(answer["setup"]["warbands"]["A"]) == 5
    assert answer["state"]["phase"] == "initiative"
    missing = CliRunner().invoke(
        main, ["rules", "new", "--a", str(tmp_path / "no.yaml"), "--b", "x"]
    )
    assert missing.exit_code == 1 and "no.yaml" in missing.output
