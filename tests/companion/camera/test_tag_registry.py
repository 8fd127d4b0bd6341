"""Which sticker each miniature wears: default serials, or the tags shown at setup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.camera.reconciler import default_registry
from companion.camera.tag_registry import (
    combined_registry,
    load_registry,
    registry_path,
    save_registry,
    table_registry,
)
from companion.errors import DataFileError
from companion.games.dreamblade.demo_game import demo_game
from companion.table.store import Store
from companion.table.table import Table
from vision.board_change import TagId

PIECES = ["A:sir-glorious#1", "B:spellbound-scissors#1", "B:spellbound-scissors#2"]


def test_without_recorded_tags_the_default_serials_are_used():
    assert combined_registry(PIECES, {}) == default_registry(PIECES)


def test_recorded_tags_replace_the_default_ones():
    recorded = {"B:spellbound-scissors#2": TagId("db", "spellbound-scissors", 7)}
    registry = combined_registry(PIECES, recorded)
    assert registry[TagId("db", "spellbound-scissors", 7)] == "B:spellbound-scissors#2"
    assert TagId("db", "spellbound-scissors", 102) not in registry
    assert registry[TagId("db", "spellbound-scissors", 101)] == "B:spellbound-scissors#1"


def test_a_tag_standing_for_two_miniatures_is_refused():
    recorded = {"B:spellbound-scissors#2": TagId("db", "spellbound-scissors", 101)}
    with pytest.raises(ValueError, match="both B:spellbound-scissors#1 and B:spellbound"):
        combined_registry(PIECES, recorded)


def test_saved_and_loaded_back(tmp_path: Path):
    tags = {"A:sir-glorious#1": TagId("db", "sir-glorious", 12)}
    save_registry(tmp_path, 3, tags)
    assert load_registry(registry_path(tmp_path, 3)) == tags


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ("not json", "<file>"),
        ({"format": "other", "version": 1, "tags": {}}, "format"),
        ({"format": "tag-registry", "version": 2, "tags": {}}, "version"),
        ({"format": "tag-registry", "version": 1, "tags": []}, "tags"),
        ({"format": "tag-registry", "version": 1, "tags": {"A:x#1": "x#1"}}, "tags.A:x#1"),
    ],
)
def test_a_broken_registry_file_is_refused_naming_the_field(tmp_path: Path, content, field):
    path = tmp_path / "r.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    with pytest.raises(DataFileError) as error:
        load_registry(path)
    assert error.value.field == field


def test_the_tables_registry_follows_its_game(tmp_path: Path):
    table = Table.start(Store(tmp_path / "t.sqlite3"), demo_game())
    pieces = table.read(lambda game: list(game.setup.pieces))
    assert table_registry(tmp_path, table) == default_registry(pieces)
    save_registry(tmp_path, table.game_id, {"A:sir-glorious#1": TagId("db", "sir-glorious", 5)})
    registry = table_registry(tmp_path, table)
    assert registry is not None
    assert registry[TagId("db", "sir-glorious", 5)] == "A:sir-glorious#1"


def test_a_clashing_registry_file_falls_back_to_the_default_serials(tmp_path: Path):
    table = Table.start(Store(tmp_path / "t.sqlite3"), demo_game())
    pieces = table.read(lambda game: list(game.setup.pieces))
    clash = {"A:sir-glorious#1": TagId("db", "spellbound-scissors", 101)}
    save_registry(tmp_path, table.game_id, clash)
    assert table_registry(tmp_path, table) == default_registry(pieces)


def test_games_the_camera_does_not_read_have_no_registry(tmp_path: Path):
    from companion.settings import Settings
    from companion.table.setup import starting_game

    settings = Settings(data_dir=tmp_path, game="planechase")
    table = Table.start(Store(settings.store_path), starting_game(settings))
    assert table_registry(tmp_path, table) is None
