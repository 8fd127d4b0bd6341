"""Arena of the Planeswalkers' kit: what the house asks of the game (``companion.games.kit``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.arena import demo
from companion.games.arena.camera import CAMERA_PROMPTED
from companion.games.arena.game import Arena
from companion.games.arena.table_entries import ARMY_CARD_ENTRIES
from companion.games.kit import Demo, GameKit, MapPieces
from companion.settings import Settings
from vision.board_change import TagId


def map_pieces(game: Arena, battlefield: Mapping[str, Any], seen: Mapping[TagId, str]) -> MapPieces:
    """Each figure on its hex (figures the camera never saw have none), and the hex of each glyph
    spot still in play (``camera.battlefield.glyph_hexes``: spot → hex) with the seat whose
    figure holds it."""
    glyph_hexes: Mapping[str, str] = battlefield.get("glyph_hexes") or {}
    state = game.state
    pieces = {}
    holders: dict[str, str] = {}
    for fid in game.on_battlefield():
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
    winners = frozenset(s for s in game.seats if winner and game.setup.side(s) == winner)
    return MapPieces(pieces=pieces, glyphs=glyphs, winners=winners)


def starting_game(settings: Settings) -> Arena:
    """The demo's game, until the players set up their own."""
    return Arena(demo.demo_setup())


KIT = GameKit(
    name=Arena.name,
    title="Arena of the Planeswalkers",
    game_class=Arena,
    starting_game=starting_game,
    demo=Demo(lambda: Arena(demo.demo_setup()), lambda: demo.SCRIPT, demo.PLAYER_NAMES),
    phone_view="arena",
    map_kind="hexes",
    map_pieces=map_pieces,
    prompt_events={CAMERA_PROMPTED: "hex"},
    camera_reads=True,
    entry_kinds=(ARMY_CARD_ENTRIES,),
)
