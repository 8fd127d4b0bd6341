"""The LEDs' scene of a game at one moment, as colours: what the map showed when a version of the
game was current (its scene at ``t = 0``, before any animation moved it on, without the camera's
flags, which the game's record does not keep). The replay viewer draws it on its board as the
phones' LED mirror draws the live lights."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.lights.colours import OFF, Palette, to_hex
from companion.lights.map_view import MapView, game_map, view_for_game
from companion.lights.scenes import map_scene, state_scene


def still_colours(game: Any, seat_colours: Mapping[str, str]) -> dict[str, str]:
    """Cell → ``#RRGGBB`` of every lit cell of ``game``'s scene, the seats in ``seat_colours``
    (hex text); empty for a game whose map's size its kit does not fix (the camera sizes it)."""
    shape = game_map(game.name, {})
    if shape is None:
        return {}
    view = view_for_game(game, shape, {}, {})
    if view is None:
        return {}
    palette = Palette().with_seat_colours(seat_colours)
    frame = (
        map_scene(view, 0.0, palette)
        if isinstance(view, MapView)
        else state_scene(view, 0.0, palette)
    )
    return {cell: to_hex(colour) for cell, colour in sorted(frame.cells.items()) if colour != OFF}
