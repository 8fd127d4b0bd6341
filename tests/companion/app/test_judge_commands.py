"""``companion rules edit / ask / export``: the judge's position editor and questions on the
command line (issue 17), in English, Japanese or JSON; bad input is a clear error and nothing is
written."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from companion.app.judge_commands import rules
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.table.store import Store


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(rules, list(args))
    return result.exit_code, result.output


def empty_map(tmp_path: Path) -> Path:
    code, output = run("new")
    assert code == 0, output
    path = tmp_path / "empty.json"
    path.write_text(output, encoding="utf-8")
    return path


def edited(tmp_path: Path, *edits: str) -> Path:
    out = tmp_path / "p.json"
    code, output = run("edit", str(empty_map(tmp_path)), *edits, "--out", str(out))
    assert code == 0, output
    return out


FIGHT = (
    "add A sir-glorious c3",
    "add A noble-dragon c3",
    "add B B45 c3",
    "add B spellbound-scissors d3",
    "phase action A 1 strike",
    "damage B:B45#1 2",
)


def test_new_without_warbands_is_an_empty_map() -> None:
    code, output = run("new")
    position = json.loads(output)
    assert code == 0 and position["setup"]["warbands"] == {"A": [], "B": []}


def test_edit_builds_a_position_from_the_catalog_that_reads_back(tmp_path: Path) -> None:
    path = edited(tmp_path, *FIGHT)
    position = json.loads(path.read_text(encoding="utf-8"))
    assert position["state"]["zones"]["B:B45#1"] == "c3"
    assert position["state"]["damage"] == {"B:B45#1": 2}
    code, again = run("edit", str(path), "turn 1")  # a position edits again
    assert code == 0 and json.loads(again)["state"]["zones"] == position["state"]["zones"]


def test_an_impossible_edit_is_refused_in_the_judge_s_language_and_nothing_written(
    tmp_path: Path,
) -> None:
    start = empty_map(tmp_path)
    out = tmp_path / "never.json"
    code, output = run("edit", str(start), "add A medusa", "add A medusa", "--out", str(out),
                       "--lang", "ja")  # fmt: skip
    assert code == 1 and "ユニーク" in output and "Medusa" in output
    assert not out.exists()
    code, output = run("edit", str(start), "add A nobody c3")
    assert code == 1 and "“nobody”" in output


def test_ask_answers_in_plain_words_without_engine_ids(tmp_path: Path) -> None:
    path = edited(tmp_path, *FIGHT)
    code, output = run("ask", str(path), "odds", "--cell", "c3")
    assert code == 0, output
    assert "Screambent Lunatic (B, copy 1)" in output and "9 attack dice" in output
    assert "29/32 (90.6%)" in output  # disrupted or worse: 5 more damage on 9 dice
    assert ":B45#" not in output and "A:" not in output
    code, output = run("ask", str(path), "claims", "--lang", "ja")
    assert code == 0 and "c3(5点、未確認)" in output and "d3" in output


def test_ask_json_is_the_answer_as_data(tmp_path: Path) -> None:
    path = edited(tmp_path, *FIGHT)
    code, output = run("ask", str(path), "engaged", "--json")
    answer = json.loads(output)
    assert code == 0 and [c["cell"] for c in answer["cells"]] == ["c3"]
    code, output = run("ask", str(path), "keyword", "--keyword", "Bodygaurd")
    assert code == 0 and "Did you mean Bodyguard?" in output


def test_export_gives_the_live_game_of_a_store_as_record_and_position(tmp_path: Path) -> None:
    store = Store(tmp_path / "table.sqlite3")
    game = demo_game()
    game_id = store.start_game(game)
    for text in DEMO_ACTIONS[:12]:
        action = game.parse_action(text)
        game.push(action)
        store.append_action(game_id, action)
    store.close()
    out = tmp_path / "export.json"
    code, output = run("export", "--store", str(tmp_path / "table.sqlite3"), "--out", str(out))
    assert code == 0, output
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["record"]["actions"] == list(DEMO_ACTIONS[:12])
    assert exported["position"] == game.position()
    code, output = run("ask", str(out), "claims", "--json")  # the export is a position to ask
    assert code == 0 and json.loads(output)["tally"] == game.tally()


def test_export_without_a_store_or_a_game_is_a_clear_error(tmp_path: Path) -> None:
    code, output = run("export", "--store", str(tmp_path / "none.sqlite3"))
    assert code == 1 and "no store there" in output
