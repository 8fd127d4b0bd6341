"""What the LEDs show of a game played on a hex map or a square grid, as its kit says.

A :class:`MapView` is one small immutable value built from the game's kit (``GameKit.map_pieces``:
the pieces from the engine's queries and, where the engine keeps no cells, where the camera last
read each piece); the scene (``scenes.map_scene``) is a pure function of it. Prompted cells come
from the camera's prompts (each kit's ``prompt_events``: e.g. a figure left an engagement, a
creature left the map), which the driver collects from the bus; :func:`prompt_events` says where
each event names its cell.

:func:`game_map` is the map a game is played on (its kit's ``map_kind``, sized by
``camera.battlefield`` unless it is the fixed 5×5 map) and :func:`view_for_game` picks the view
for the table's game: the 5×5 map's ``BoardView``, a ``MapView``, or ``None`` (no map, or the
layout lies under another map: the lights idle).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.games import find_kit, kits
from companion.lights.board_view import BoardView, board_view_or_none
from companion.lights.frame import check_cell_name
from firmware_config.layout import MapShape
from vision.board_change import TagId


def prompt_events() -> dict[str, str]:
    """Every game's camera prompt events: event kind → the data key naming its cell."""
    return {kind: key for kit in kits() for kind, key in kit.prompt_events.items()}


@dataclass(frozen=True)
class MapView:
    seats: tuple[str, ...]  # in turn order: a seat's default colour is its place in it
    pieces: Mapping[str, str] = field(default_factory=dict)  # cell → owner seat
    glyphs: Mapping[str, str | None] = field(default_factory=dict)  # glyph cell → holder or None
    prompted: frozenset[str] = frozenset()  # cells the camera asked the players about
    flagged: frozenset[str] = frozenset()  # cells of an illegal or unclear change
    tapped: frozenset[str] = frozenset()  # cells of tapped pieces
    wounded: frozenset[str] = frozenset()  # cells of pieces carrying damage
    over: bool = False
    winners: frozenset[str] = frozenset()  # seats that won (empty on a draw)

    def __post_init__(self) -> None:
        for cell in (*self.pieces, *self.glyphs, *self.prompted, *self.flagged):
            check_cell_name(cell)
        if not (self.tapped | self.wounded) <= set(self.pieces):
            raise ValueError("only a cell holding a piece can show it tapped or wounded")
        holders = [seat for seat in self.glyphs.values() if seat is not None]
        for seat in (*self.pieces.values(), *holders, *self.winners):
            if seat not in self.seats:
                raise ValueError(f"{seat!r} is not a seat of this game ({', '.join(self.seats)})")
        object.__setattr__(self, "pieces", MappingProxyType(dict(self.pieces)))
        object.__setattr__(self, "glyphs", MappingProxyType(dict(self.glyphs)))


def game_map(game_name: str, battlefield: Mapping[str, Any]) -> MapShape | None:
    """The map ``game_name`` is played on; ``None`` if it has none or its size is not set."""
    kit = find_kit(game_name)
    kind = kit.map_kind
    if kind is not None and kit.map_size is not None:
        return MapShape(kind, *kit.map_size, fixed=True)
    columns, rows = _whole(battlefield.get("columns")), _whole(battlefield.get("rows"))
    if kind is None or columns is None or rows is None:
        return None
    return MapShape(kind, columns, rows)


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def view_for_game(
    game: Any,
    layout_map: MapShape,
    battlefield: Mapping[str, Any],
    seen: Mapping[TagId, str],
    absent: Iterable[str] = (),
) -> BoardView | MapView | None:
    """The view of the table's game for LEDs under ``layout_map``; ``None`` when the game has
    no map or is played on another one than the layout's. ``absent``: the seats whose miniatures
    are on another table's map (remote play: the 5×5 map's view lights their cells)."""
    if game_map(game.name, battlefield) != layout_map:
        return None
    map_pieces = find_kit(game.name).map_pieces
    if map_pieces is None:
        return board_view_or_none(game, absent)
    shown = map_pieces(game, battlefield, seen)
    return MapView(
        seats=tuple(game.seats),
        pieces=shown.pieces,
        glyphs=shown.glyphs,
        tapped=shown.tapped,
        wounded=shown.wounded,
        over=game.is_over,
        winners=shown.winners,
    )
