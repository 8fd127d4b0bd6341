"""Whole games of every game kit played from a phone, sending the structured actions it was
offered: every log entry's label, step and number, as the phones first receive it, is the same at
the game's end — and as the store gives it back to a table opened afresh."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games import find_kit, kits
from companion.games.dreamblade.demo_game import demo_game
from companion.games.dreamblade.random_play import random_action
from companion.games.protocol import Action, Game
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone
from web_panel import create_app
from web_panel.i18n import LANGUAGES, catalog

Shown = tuple[int, str, Any, Any]  # seq, kind, label, step


def _app(table: Table, tmp_path: Path) -> Iterator[Flask]:
    settings = Settings.model_validate(
        {
            "data_dir": str(tmp_path),
            "game": table.read(lambda g: g.name),
            "panel": {"judge_pin": JUDGE_PIN},
        }
    )
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    yield app
    app.extensions["panel"].close()


def _judge(app: Flask) -> Phone:
    phone = Phone(app.test_client())
    assert phone.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    return phone


def _shown(entry: dict[str, Any]) -> Shown:
    return (entry["seq"], entry["kind"], entry["label"], entry["step"])


class Watcher:
    """A phone's view of the log over a whole game: each entry as it was first received."""

    def __init__(self) -> None:
        self.first: dict[int, Shown] = {}

    def saw(self, view: dict[str, Any]) -> None:
        log = view["log"]
        assert [e["seq"] for e in log] == list(
            range(view["version"] - len(log) + 1, view["version"] + 1)
        )
        for entry in log:
            self.first.setdefault(entry["seq"], _shown(entry))

    def still(self, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            assert _shown(entry) == self.first[entry["seq"]], entry


def _send(phone: Phone, table: Table, action: Action, watcher: Watcher) -> None:
    """Propose ``action`` as a phone does: the offer of the view when listed, else the verb and
    arguments of the form that builds it (dice counted on the phone)."""
    view = phone.state()
    watcher.saw(view)
    wanted = table.read(lambda game: game.describe(action).to_json())
    offered = [
        o
        for o in view["offers"] or []
        if (o["verb"], o["args"]) == (wanted["verb"], wanted["args"])
    ]
    if offered:
        assert offered[0] == wanted  # the offer listed is the action as the game describes it
    response = phone.act(offered[0] if offered else wanted)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["label"] == wanted["label"]


def _finish(phone: Phone, table: Table, store_path: Path, watcher: Watcher) -> list[Shown]:
    view = phone.state()
    watcher.saw(view)
    assert view["winner"] is not None
    assert len(watcher.first) == view["version"]  # every entry was shown once at least
    watcher.still(view["log"])  # the log the phones receive at the end
    watcher.still(table.log())
    watcher.still(Store(store_path).log(table.game_id))  # as a restarted table reads it
    return [watcher.first[seq] for seq in sorted(watcher.first)]


def _table(tmp_path: Path, game: Game) -> tuple[Table, Path]:
    path = tmp_path / f"{game.name}.sqlite3"
    return Table.start(Store(path), game), path


@pytest.mark.parametrize("name", [kit.name for kit in kits()])
def test_a_whole_demo_game_keeps_every_entrys_label_step_and_number(tmp_path: Path, name: str):
    demo = find_kit(name).demo
    assert demo is not None
    table, path = _table(tmp_path, demo.new_game())
    watcher = Watcher()
    for app in _app(table, tmp_path):
        judge = _judge(app)
        for text in demo.script():
            _send(judge, table, table.read(lambda game, t=text: game.parse_action(t)), watcher)
        shown = _finish(judge, table, path, watcher)
    assert all(label is not None for _, kind, label, _ in shown if kind == "push")
    assert all(step for _, kind, _, step in shown if kind == "push")
    _in_every_language(shown)


def _in_every_language(shown: list[Shown]) -> None:
    """Each label's key has its words in every language of the panel."""
    keys = {label["key"] for _, kind, label, _ in shown if kind == "push"}
    for language in LANGUAGES:
        assert keys <= set(catalog(language)), (language, keys - set(catalog(language)))


def test_a_random_dreamblade_game_keeps_the_spawn_phases_done(tmp_path: Path):
    """Random legal play to the end: a "done" that ended a spawn phase reads so at the end, when
    the game is long past that phase."""
    table, path = _table(tmp_path, demo_game())
    watcher = Watcher()
    rng = random.Random(7)
    for app in _app(table, tmp_path):
        judge = _judge(app)
        for _ in range(3000):
            if table.read(lambda game: game.is_over):
                break
            _send(judge, table, random_action(table.snapshot(), rng), watcher)  # type: ignore[arg-type]
        shown = _finish(judge, table, path, watcher)
    keys = [label["key"] for _, kind, label, _ in shown if kind == "push"]
    assert "action.done.spawn" in keys and "action.done.choose_strike_cell" in keys
    spawn_done = [
        step for _, _, label, step in shown if label and label["key"] == "action.done.spawn"
    ]
    assert set(spawn_done) == {"spawn"}
    _in_every_language(shown)
