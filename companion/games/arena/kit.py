"""Arena of the Planeswalkers' kit: what the house asks of the game (``companion.games.kit``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.arena import demo
from companion.games.arena.ai import arena_ai
from companion.games.arena.camera import CAMERA, CAMERA_PROMPTED
from companion.games.arena.dice import asks_dice
from companion.games.arena.game import Arena
from companion.games.arena.table_entries import ARMY_CARD_ENTRIES
from companion.games.kit import Demo, GameKit, LedScene, MapPieces
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


# on the example hex layout: p1's figure holds the glyph on b2, nobody holds d1 yet; a figure left
# an engagement on c1 (the roll is owed)
_SCENE = MapPieces(
    pieces={"a1": "p1", "b1": "p1", "c2": "p2", "d2": "p2"}, glyphs={"b2": "p1", "d1": None}
)
LED_SCENES = (
    LedScene(
        "arena",
        "example_hexes_4x3",
        {
            "en": "Arena: figures dim in their army's colour, a held glyph full, a free one grey; "
            "a hex to settle flashes white.",
            "ja": "アリーナ:フィギュアは軍の色でほのかに、取ったグリフは明るく、"
            "誰も取っていないグリフは灰色。確認待ちのヘクスは白く点滅します。",
        },
        pieces=_SCENE,
        prompted=frozenset({"c1"}),
    ),
    LedScene(
        "arena_won",
        "example_hexes_4x3",
        {
            "en": "Arena, game over: the winning army's figures pulse.",
            "ja": "アリーナの決着:勝った軍のフィギュアが脈打ちます。",
        },
        pieces=replace(_SCENE, winners=frozenset({"p2"})),
        prompted=frozenset({"c1"}),
        over=True,
    ),
)

KIT = GameKit(
    name=Arena.name,
    title="Arena of the Planeswalkers",
    game_class=Arena,
    starting_game=starting_game,
    demo=Demo(lambda: Arena(demo.demo_setup()), lambda: demo.SCRIPT, demo.PLAYER_NAMES),
    screens="companion.games.arena.screens",
    map_kind="hexes",
    map_pieces=map_pieces,
    prompt_events={CAMERA_PROMPTED: "hex"},
    camera=CAMERA,
    led_scenes=LED_SCENES,
    entry_kinds=(ARMY_CARD_ENTRIES,),
    asks_dice=asks_dice,
    ai=arena_ai,
    listed=3,
)
