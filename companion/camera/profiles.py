"""Per game, what the camera reads: the map grid, the tag registry and how a committed board change
reaches the engine.

- Dreamblade: the 5×5 map, the tag registry file or default serials, ``reconciler.sync_table``.
- Dungeon Command: a square grid of ``camera.battlefield.columns`` × ``rows`` squares of the size in
  ``games/dungeon_command/data/battlefield.yaml``; ``camera/dungeon_command.py``.
- Arena: a hex map from ``camera.battlefield`` (``columns``, ``rows``, ``hex_mm``, ``orientation``,
  ``glyph_hexes``: spot → hex for every glyph spot of the game, ``scoring_hexes``: needed in the
  melee); ``camera/arena.py``. The scenario maps are not in our sources, so nothing here has
  a default.
- Planechase has no map: :class:`CameraProfileError`.

A profile's ``registry_for(table)`` is ``None`` once the table plays another game than the one the
profile was made for: the camera then shows that game but does not read its board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.camera.loop import SyncBoard, sync_board
from companion.settings import Settings
from companion.table.table import Table
from vision.board_change import BoardChange, TagId
from vision.map_grid import DREAMBLADE_MAP, CellGrid

Registry = dict[TagId, str]


class CameraProfileError(ValueError):
    """The camera cannot read this table's game (says why and which setting is missing)."""


@dataclass(frozen=True)
class CameraProfile:
    game: str
    grid: CellGrid
    registry_for: Callable[[Table], Registry | None]
    sync: SyncBoard


def camera_profile(settings: Settings, table: Table) -> CameraProfile:
    """The profile for the game at ``table``; :class:`CameraProfileError` if there is none."""
    game = table.read(lambda g: g.name)
    battlefield = settings.camera.battlefield
    if game == "dreamblade":
        return _dreamblade(settings)
    if game == "dungeon_command":
        return _dungeon_command(battlefield)
    if game == "arena":
        return _arena(battlefield, table)
    raise CameraProfileError(f"{game} has no map for the camera to read")


def _for_game(game: str, make: Callable[[Any], Registry]) -> Callable[[Table], Registry | None]:
    def registry_for(table: Table) -> Registry | None:
        setup = table.read(lambda g: g.setup if g.name == game else None)
        return make(setup) if setup is not None else None

    return registry_for


def _dreamblade(settings: Settings) -> CameraProfile:
    from companion.camera.tag_registry import table_registry

    data_dir = settings.data_dir
    return CameraProfile(
        "dreamblade", DREAMBLADE_MAP, lambda table: table_registry(data_dir, table), sync_board
    )


def _dungeon_command(battlefield: Mapping[str, Any]) -> CameraProfile:
    from companion.camera import dungeon_command as camera
    from companion.games.dungeon_command.data_files import square_mm
    from vision.square_grid import square_grid

    game = "Dungeon Command"
    columns = _whole(battlefield, "columns", game)
    rows = _whole(battlefield, "rows", game)
    grid = square_grid(columns, rows, square_mm())
    registry_for = _for_game("dungeon_command", camera.registry)
    return CameraProfile("dungeon_command", grid, registry_for, camera.sync_table)


def _arena(battlefield: Mapping[str, Any], table: Table) -> CameraProfile:
    from companion.camera import arena as camera
    from vision.hex_grid import ORIENTATIONS, HexGrid

    game = "Arena"
    hex_mm = battlefield.get("hex_mm")
    if isinstance(hex_mm, bool) or not isinstance(hex_mm, int | float) or hex_mm <= 0:
        raise CameraProfileError(_missing(game, "hex_mm", "the hexes' centre-to-centre mm"))
    orientation = battlefield.get("orientation")
    if orientation not in ORIENTATIONS:
        raise CameraProfileError(_missing(game, "orientation", " or ".join(ORIENTATIONS)))
    hexes = HexGrid(
        _whole(battlefield, "columns", game), _whole(battlefield, "rows", game), hex_mm, orientation
    )
    spots, scoring_rule = table.read(lambda g: (set(g.setup.glyphs), g.setup.rules.scoring))
    glyph_hexes = battlefield.get("glyph_hexes") or {}
    scoring = battlefield.get("scoring_hexes") or []
    if not isinstance(glyph_hexes, Mapping) or set(glyph_hexes) != spots:
        raise CameraProfileError(
            _missing(
                game, "glyph_hexes", f"the hex of each glyph spot ({', '.join(sorted(spots))})"
            )
        )
    if not isinstance(scoring, list) or (scoring_rule == "glyph_spaces" and not scoring):
        raise CameraProfileError(_missing(game, "scoring_hexes", "the purple spaces' hexes"))
    try:
        field = camera.Battlefield(
            hexes, {str(k): str(v) for k, v in glyph_hexes.items()}, frozenset(map(str, scoring))
        )
    except ValueError as error:
        raise CameraProfileError(f"{game}: camera.battlefield: {error}") from None

    def sync(table: Table, tags: Mapping[TagId, str], change: BoardChange) -> camera.Sync:
        return camera.sync_table(table, tags, change, field)

    return CameraProfile("arena", hexes, _for_game("arena", camera.registry), sync)


def _whole(battlefield: Mapping[str, Any], key: str, game: str) -> int:
    value = battlefield.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise CameraProfileError(_missing(game, key, "a whole number of cells the camera sees"))
    return value


def _missing(game: str, key: str, expected: str) -> str:
    return f"{game}: set camera.battlefield.{key} in the settings ({expected})"
