"""Which sticker each miniature wears: default serials, or the tags shown at setup."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.reconciler import default_registry
from companion.camera.tag_registry import combined_registry, table_registry
from companion.games.dreamblade.demo_game import demo_game
from companion.table.start_request import StartRequest
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


def _start_with_tags(table: Table, tags: dict[str, str]) -> None:
    """A new game of the same warbands whose set-up showed ``tags`` (as the panel starts one)."""
    table.start_game(StartRequest(demo_game(), tags=tags))


def test_the_tables_registry_follows_its_game(tmp_path: Path):
    table = Table.start(Store(tmp_path / "t.sqlite3"), demo_game())
    pieces = table.read(lambda game: list(game.setup.pieces))
    assert table_registry(table) == default_registry(pieces)
    _start_with_tags(table, {"A:sir-glorious#1": "db:sir-glorious#5"})
    registry = table_registry(table)
    assert registry is not None
    assert registry[TagId("db", "sir-glorious", 5)] == "A:sir-glorious#1"
    reopened = Table.resume(Store(tmp_path / "t.sqlite3"))  # kept with the game in the store
    assert reopened is not None and table_registry(reopened) == registry


@pytest.mark.parametrize(
    "tags",
    [
        {"A:sir-glorious#1": "db:spellbound-scissors#101"},  # a clash with a default serial
        {"A:sir-glorious#1": "not a tag"},
    ],
)
def test_a_registry_that_does_not_hold_falls_back_to_the_default_serials(
    tmp_path: Path, tags: dict[str, str]
):
    table = Table.start(Store(tmp_path / "t.sqlite3"), demo_game())
    pieces = table.read(lambda game: list(game.setup.pieces))
    _start_with_tags(table, tags)
    assert table_registry(table) == default_registry(pieces)


def test_games_the_camera_does_not_read_have_no_registry(tmp_path: Path):
    from companion.settings import Settings
    from companion.table.setup import starting_game

    settings = Settings(data_dir=tmp_path, game="planechase")
    table = Table.start(Store(settings.store_path), starting_game(settings))
    assert table_registry(table) is None
