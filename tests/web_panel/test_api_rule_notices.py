"""The panel's side of the rule notices and keyed refusals: the view's log carries each action's
notices, and a refused action says why as a message key and parameters (``because``) in place of
the engine's English."""

from __future__ import annotations

from pathlib import Path

from companion.settings import Settings
from tests.web_panel.conftest import JUDGE_PIN, Phone, dreamblade_table, seated
from web_panel import create_app


def _app(tmp_path: Path, actions: int):
    table = dreamblade_table(tmp_path, actions)
    settings = Settings.model_validate(
        {"data_dir": str(tmp_path), "game": "dreamblade", "panel": {"judge_pin": JUDGE_PIN}}
    )
    return table, create_app(table, settings, secret_key="s", testing=True)


def test_every_phone_reads_the_last_actions_rule_notices_in_the_log(tmp_path: Path) -> None:
    _table, app = _app(tmp_path, 0)
    phone = seated(app, "A")
    assert phone.act("init 2 2").status_code == 200
    watcher = Phone(app.test_client())
    last = watcher.state()["log"][-1]
    assert last["notices"] == [{"key": "notice.rule.dreamblade.tie_rerolled", "params": {"die": 2}}]


def test_an_out_of_turn_action_is_refused_with_a_keyed_reason(tmp_path: Path) -> None:
    table, app = _app(tmp_path, 6)  # A chooses shift or strike
    assert table.read(lambda game: game.pending().kind) == "choose_action"
    phone = seated(app, "A")
    before = table.state()
    response = phone.act("init 1 1")
    assert response.status_code == 422
    body = response.get_json()
    assert body["because"] == {
        "key": "refusal.sequence",
        "params": {"seat": "A", "decision": "kind.choose_action"},
    }
    assert body["message"] and "choose_action" not in body["message"]
    assert table.state() == before
