from pathlib import Path

import pytest

from companion.camera.profiles import CameraProfileError, camera_profile
from companion.games.dungeon_command.game import DungeonCommand
from companion.settings import Settings
from companion.table.setup import starting_game
from companion.table.start_request import StartRequest
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.games.arena.conftest import duel_setup, new_arena
from tests.companion.games.dungeon_command.conftest import make_setup
from vision.board_change import BoardChange, TagId
from vision.hex_grid import HexGrid
from vision.map_grid import FIVE_BY_FIVE_MAP

ARENA_FIELD = {
    "columns": 8,
    "rows": 6,
    "hex_mm": 44.5,
    "orientation": "pointy",
    "glyph_hexes": {"g1": "c3", "g2": "f3", "g3": "c5", "g4": "f5"},
}


def _table(tmp_path: Path, game) -> Table:
    return Table.start(Store(tmp_path / "t.sqlite3"), game)


def _settings(tmp_path: Path, **battlefield) -> Settings:
    return Settings(data_dir=tmp_path, camera={"battlefield": battlefield})


def test_dreamblade_reads_its_five_by_five_map(tmp_path: Path):
    settings = Settings(data_dir=tmp_path)
    table = _table(tmp_path, starting_game(settings))
    profile = camera_profile(settings, table)
    assert profile.grid is FIVE_BY_FIVE_MAP
    registry = profile.registry_for(table)
    assert registry and all(tag.game == "db" for tag in registry)


def test_dungeon_command_reads_inch_squares_of_the_set_extent(tmp_path: Path):
    table = _table(tmp_path, DungeonCommand(make_setup()))
    profile = camera_profile(_settings(tmp_path, columns=20, rows=16), table)
    assert (profile.grid.width_mm, profile.grid.height_mm) == pytest.approx((508.0, 406.4))
    registry = profile.registry_for(table)
    assert registry is not None and registry[TagId("dc", "a02", 1)] == "a02"
    board = {TagId("dc", "a02", 1): "c1"}
    profile.sync(table, registry, BoardChange(added=board, board=board))
    assert table.read(lambda game: game.on_battlefield()) == ["a02"]


def test_dungeon_command_without_an_extent_is_refused_with_the_setting_to_fill(tmp_path: Path):
    table = _table(tmp_path, DungeonCommand(make_setup()))
    with pytest.raises(CameraProfileError, match=r"camera\.battlefield\.columns"):
        camera_profile(_settings(tmp_path), table)
    with pytest.raises(CameraProfileError, match="rows"):
        camera_profile(_settings(tmp_path, columns=20, rows=0), table)


def test_arena_reads_its_hexes_and_glyph_spots(tmp_path: Path):
    table = _table(tmp_path, new_arena(duel_setup()))
    profile = camera_profile(_settings(tmp_path, **ARENA_FIELD), table)
    assert isinstance(profile.grid, HexGrid) and len(profile.grid.cells) == 48
    registry = profile.registry_for(table)
    assert registry is not None and registry[TagId("ar", "sq-a", 2)] == "sq-a-2"
    table.submit("a", "choose pw-a")
    board = {TagId("ar", "sq-a", 1): "b1", TagId("ar", "pw-a", 1): "a1"}
    profile.sync(table, registry, BoardChange(added=board, board=board))
    assert table.read(lambda game: game.figure("sq-a-1").hex) == "b1"


@pytest.mark.parametrize(
    ("change", "setting"),
    [
        ({"hex_mm": None}, "hex_mm"),
        ({"orientation": "round"}, "orientation"),
        ({"glyph_hexes": {"g1": "c3"}}, "glyph_hexes"),
        ({"glyph_hexes": {"g1": "c3", "g2": "f3", "g3": "c5", "g4": "z99"}}, "z99"),
    ],
)
def test_an_arena_battlefield_missing_a_setting_is_refused(tmp_path: Path, change, setting):
    table = _table(tmp_path, new_arena(duel_setup()))
    with pytest.raises(CameraProfileError, match=setting):
        camera_profile(_settings(tmp_path, **(ARENA_FIELD | change)), table)


def test_a_profile_stops_reading_once_another_game_replaces_its_own(tmp_path: Path):
    table = _table(tmp_path, DungeonCommand(make_setup()))
    profile = camera_profile(_settings(tmp_path, columns=20, rows=16), table)
    table.start_game(StartRequest(new_arena(duel_setup())))
    assert profile.registry_for(table) is None


def test_planechase_has_no_map(tmp_path: Path):
    settings = Settings(data_dir=tmp_path, game="planechase")
    with pytest.raises(CameraProfileError, match="no map"):
        camera_profile(settings, _table(tmp_path, starting_game(settings)))
