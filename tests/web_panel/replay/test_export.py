"""The game export and the HTML file of a game played with a judge PIN, join codes and a hub
account: they hold the game (its record, its log as written, its pictures) and none of the
table's secrets; ``companion rules replay`` reads the export as it reads the game's record."""

from __future__ import annotations

import json

from click.testing import CliRunner

from companion.games.dreamblade.rules_cli import rules
from companion.games.game_export import EXPORT_FORMAT
from tests.web_panel.replay.conftest import CAMERA_AT, UNDONE_AT, PlayedGame


def _downloads(game: PlayedGame) -> dict[str, str]:
    client = game.app.test_client()  # anyone at the table: no seat, no judge
    texts = {}
    for kind in ("json", "html"):
        response = client.get(f"/api/replay/{game.table.game_id}/export.{kind}")
        assert response.status_code == 200
        assert "attachment" in response.headers["Content-Disposition"]
        texts[kind] = response.get_data(as_text=True)
    return texts


def test_an_export_holds_no_pin_code_session_key_or_account(whole_game: PlayedGame):
    texts = _downloads(whole_game)
    assert len(whole_game.secrets) >= 10  # the PIN, two join codes, three sessions, keys, phones
    for kind, text in texts.items():
        for name, secret in whole_game.secrets.items():
            assert secret not in text, f"the {kind} export holds the {name}"
    # and they do hold the game
    document = json.loads(texts["json"])
    assert document["format"] == EXPORT_FORMAT
    assert document["winner"] == "A"
    assert len(document["log"]) == whole_game.table.version


def test_the_export_keeps_the_log_as_written_and_the_cameras_pictures(whole_game: PlayedGame):
    document = json.loads(_downloads(whole_game)["json"])
    log = document["log"]
    assert [entry["seq"] for entry in log] == list(range(1, len(log) + 1))
    undo = next(entry for entry in log if entry["kind"] == "undo")
    assert undo["seq"] == UNDONE_AT + 2 and undo["undoes"]["seq"] == UNDONE_AT + 1
    assert undo["by"] == "judge"
    assert all(entry["label"] and entry["label"]["key"] for entry in log if entry["kind"] == "push")
    assert log[0]["by"] == "judge"  # the opening roll: no seat was asked alone
    assert log[CAMERA_AT]["by"] == "camera"
    (picture,) = document["pictures"]
    assert (picture["first"], picture["last"], picture["cell"]) == (CAMERA_AT + 1,) * 2 + ("e5",)
    assert picture["before"].startswith("/9j/")  # a JPEG, base64
    assert document["record"] == whole_game.table.store.record(whole_game.table.game_id)


def test_rules_replay_reads_the_export_as_it_reads_the_record(whole_game: PlayedGame, tmp_path):
    document = _downloads(whole_game)["json"]
    exported = tmp_path / "game.json"
    exported.write_text(document, encoding="utf-8")
    record = tmp_path / "record.json"
    record.write_text(json.dumps(json.loads(document)["record"]), encoding="utf-8")
    runner = CliRunner()
    from_export = runner.invoke(rules, ["replay", str(exported)])
    from_record = runner.invoke(rules, ["replay", str(record)])
    assert from_export.exit_code == 0, from_export.output
    assert from_export.output == from_record.output
    assert json.loads(from_export.output)["winner"] == "A"


def test_a_game_that_is_not_there_is_not_found(whole_game: PlayedGame):
    client = whole_game.app.test_client()
    assert client.get("/api/replay/99/export.json").status_code == 404
    assert client.get("/api/replay/99").status_code == 404
    assert client.get("/replay/99").status_code == 404


def test_the_history_lists_every_game_of_the_store(whole_game: PlayedGame):
    games = whole_game.app.test_client().get("/api/games").get_json()["games"]
    assert [(g["id"], g["status"], g["winner"]) for g in games] == [(1, "finished", "A")]
    assert set(games[0]["names"]) == {"A", "B"}


def test_the_html_file_needs_nothing_from_outside(whole_game: PlayedGame):
    html = _downloads(whole_game)["html"]
    assert "<script src" not in html and "<script defer src" not in html
    assert 'rel="stylesheet"' not in html
    for attribute in ('src="http', "src='http", 'href="http', 'href="/', 'src="/'):
        assert attribute not in html
