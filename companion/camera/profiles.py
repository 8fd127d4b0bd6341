"""What the camera reads of the table's game, as its kit says (the map it is played on,
``GameKit.map_kind``, and how it is read, ``GameKit.camera``): the map grid, the tag registry and
how a committed board change reaches the engine.

- the 5×5 map: the tags the set-up recorded (kept with the game in the store) or default serials,
  ``reconciler.sync_table``.
- squares: a square grid of ``camera.battlefield.columns`` × ``rows`` squares of
  the size in the game's data; read by the game's kit (``camera/game_sync.py``).
- hexes: a hex map from ``camera.battlefield`` (``columns``, ``rows``, ``hex_mm``,
  ``orientation``, ``glyph_hexes``: spot → hex for every glyph spot of the game, ``scoring_hexes``:
  needed in the melee); read by the game's kit (``camera/game_sync.py``). The scenario maps are
  not in our sources, so nothing here has a default.
- a game with no map: :class:`CameraProfileError`.

A profile's ``registry_for(table)`` is ``None`` once the table plays another game than the one the
profile was made for: the camera then shows that game but does not read its board."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.camera.loop import SyncBoard, sync_board
from companion.games import find_kit
from companion.games.kit import CameraReading, MissingSetting
from companion.settings import Settings
from companion.table.table import Table
from vision.board_change import BoardChange, TagId
from vision.map_grid import FIVE_BY_FIVE_MAP, CellGrid

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
    kit = find_kit(game)
    battlefield = settings.camera.battlefield
    if kit.map_size is not None:  # its own map: the 5×5 map
        return _board(game)
    if kit.map_kind is None or kit.camera is None:
        raise CameraProfileError(f"{game} has no map for the camera to read")
    return _on_cells(battlefield, table, game, kit.map_kind, kit.camera)


def _for_game(game: str, make: Callable[[Any], Registry]) -> Callable[[Table], Registry | None]:
    def registry_for(table: Table) -> Registry | None:
        setup = table.read(lambda g: g.setup if g.name == game else None)
        return make(setup) if setup is not None else None

    return registry_for


def _board(name: str) -> CameraProfile:
    from companion.camera.tag_registry import table_registry

    return CameraProfile(name, FIVE_BY_FIVE_MAP, table_registry, sync_board)


def _on_cells(
    battlefield: Mapping[str, Any], table: Table, name: str, kind: str, reading: CameraReading
) -> CameraProfile:
    """A game on squares or hexes read by its kit's reconciler (``game_sync``)."""
    from companion.camera.game_sync import sync_table

    game = find_kit(name).title
    grid = _squares(battlefield, game, reading) if kind == "squares" else _hexes(battlefield, game)
    try:
        field = table.read(lambda g: reading.field(grid, battlefield, g))
    except MissingSetting as missing:
        raise CameraProfileError(_missing(game, missing.key, missing.expected)) from None
    except ValueError as error:
        raise CameraProfileError(f"{game}: camera.battlefield: {error}") from None

    def sync(table: Table, tags: Mapping[TagId, str], change: BoardChange) -> object:
        return sync_table(table, tags, change, reading, field)

    return CameraProfile(name, grid, _for_game(name, reading.registry), sync)


def _squares(battlefield: Mapping[str, Any], game: str, reading: CameraReading) -> CellGrid:
    from vision.square_grid import square_grid

    assert reading.cell_mm is not None, f"{game} on squares says their size"
    columns = _whole(battlefield, "columns", game)
    rows = _whole(battlefield, "rows", game)
    return square_grid(columns, rows, reading.cell_mm())


def _hexes(battlefield: Mapping[str, Any], game: str) -> CellGrid:
    from vision.hex_grid import ORIENTATIONS, HexGrid

    hex_mm = battlefield.get("hex_mm")
    if isinstance(hex_mm, bool) or not isinstance(hex_mm, int | float) or hex_mm <= 0:
        raise CameraProfileError(_missing(game, "hex_mm", "the hexes' centre-to-centre mm"))
    orientation = battlefield.get("orientation")
    if orientation not in ORIENTATIONS:
        raise CameraProfileError(_missing(game, "orientation", " or ".join(ORIENTATIONS)))
    return HexGrid(
        _whole(battlefield, "columns", game), _whole(battlefield, "rows", game), hex_mm, orientation
    )


def _whole(battlefield: Mapping[str, Any], key: str, game: str) -> int:
    value = battlefield.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise CameraProfileError(_missing(game, key, "a whole number of cells the camera sees"))
    return value


def _missing(game: str, key: str, expected: str) -> str:
    return f"{game}: set camera.battlefield.{key} in the settings ({expected})"
