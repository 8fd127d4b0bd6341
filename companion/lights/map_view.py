"""What the LEDs show of a game played on a hex map (Arena) or a square grid (Dungeon Command).

A :class:`MapView` is one small immutable value built from the engine's queries (and, for
Dungeon Command, where the camera read each creature: the engine does not keep squares); the
scene (``scenes.map_scene``) is a pure function of it. Prompted cells come from the camera's
prompts (``arena.camera_prompted``: a figure left an engagement or stopped on a face-down glyph;
``dungeon_command.destroy_prompted``: a creature left the map), which the driver collects from the
bus; :data:`PROMPT_EVENTS` says where each event names its cell.

:func:`game_map` is the map a game is played on (from ``camera.battlefield`` for the other games)
and :func:`view_for_game` picks the view for the table's game: Dreamblade's ``BoardView``, a
``MapView``, or ``None`` (no map, or the layout lies under another map: the lights idle).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.camera.arena import CAMERA_PROMPTED
from companion.camera.dungeon_command import DESTROY_PROMPTED
from companion.camera.dungeon_command import registry as dungeon_command_tags
from companion.lights.board_view import BoardView, board_view_or_none
from companion.lights.frame import check_cell_name
from firmware_config.layout import DREAMBLADE, MapShape
from vision.board_change import TagId

PROMPT_EVENTS: dict[str, str] = {CAMERA_PROMPTED: "hex", DESTROY_PROMPTED: "square"}
MAP_KINDS = {"dreamblade": "dreamblade", "arena": "hexes", "dungeon_command": "squares"}


@dataclass(frozen=True)
class MapView:
    seats: tuple[str, ...]  # in turn order: a seat's default colour is its place in it
    pieces: Mapping[str, str] = field(default_factory=dict)  # cell → owner seat
    glyphs: Mapping[str, str | None] = field(default_factory=dict)  # glyph cell → holder or None
    prompted: frozenset[str] = frozenset()  # cells the camera asked the players about
    flagged: frozenset[str] = frozenset()  # cells of an illegal or unclear change
    tapped: frozenset[str] = frozenset()  # cells of tapped pieces (Dungeon Command creatures)
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


def arena_view(game: Any, glyph_hexes: Mapping[str, str]) -> MapView:
    """Each figure on its hex (figures the camera never saw have none), and the hex of each glyph
    spot still in play (``glyph_hexes``: spot → hex, from ``camera.battlefield``) with the seat
    whose figure holds it."""
    state = game.state
    on_field = game.on_battlefield()
    pieces = {}
    holders: dict[str, str] = {}
    for fid in on_field:
        figure = game.figure(fid)
        if figure.hex is not None:
            pieces[figure.hex] = figure.owner
        holders[figure.place] = figure.owner
    glyphs = {
        hex_name: holders.get(spot)
        for spot, hex_name in glyph_hexes.items()
        if spot in state.glyphs and spot not in state.gone
    }
    winner = game.winner()
    return MapView(
        seats=tuple(game.seats),
        pieces=pieces,
        glyphs=glyphs,
        over=game.is_over,
        winners=frozenset(s for s in game.seats if winner and game.setup.side(s) == winner),
    )


def dungeon_command_view(game: Any, seen: Mapping[TagId, str]) -> MapView:
    """Each creature on the battlefield on the square the camera last read it (``seen``: tag →
    square), with the squares of tapped and of damaged creatures; creatures the camera does not
    see are not shown."""
    labels = dungeon_command_tags(game.setup)
    on_field = set(game.on_battlefield())
    pieces, tapped, wounded = {}, set(), set()
    for tag, square in seen.items():
        label = labels.get(tag)
        if label in on_field:
            pieces[square] = game.setup.owner(label)
            if game.is_tapped(label):
                tapped.add(square)
            if game.damage(label):
                wounded.add(square)
    winner = game.winner()
    return MapView(
        seats=tuple(game.seats),
        pieces=pieces,
        tapped=frozenset(tapped),
        wounded=frozenset(wounded),
        over=game.is_over,
        winners=frozenset({winner}) if winner else frozenset(),
    )


def game_map(game_name: str, battlefield: Mapping[str, Any]) -> MapShape | None:
    """The map ``game_name`` is played on; ``None`` if it has none or its size is not set."""
    kind = MAP_KINDS.get(game_name)
    if kind == "dreamblade":
        return DREAMBLADE
    columns, rows = _whole(battlefield.get("columns")), _whole(battlefield.get("rows"))
    if kind is None or columns is None or rows is None:
        return None
    return MapShape(kind, columns, rows)


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def view_for_game(
    game: Any, layout_map: MapShape, battlefield: Mapping[str, Any], seen: Mapping[TagId, str]
) -> BoardView | MapView | None:
    """The view of the table's game for LEDs under ``layout_map``; ``None`` when the game has
    no map or is played on another one than the layout's."""
    if game_map(game.name, battlefield) != layout_map:
        return None
    if game.name == "arena":
        return arena_view(game, battlefield.get("glyph_hexes") or {})
    if game.name == "dungeon_command":
        return dungeon_command_view(game, seen)
    return board_view_or_none(game)
