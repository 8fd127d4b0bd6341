"""Arena's kit: what the LEDs show of a game on hexes."""

from __future__ import annotations

from companion.games import find_kit
from companion.games.arena.demo import demo_setup
from companion.games.arena.game import Arena
from companion.games.arena.kit import KIT, map_pieces
from tests.companion.games.arena.conftest import new_arena

GLYPH_HEXES = {"g1": "c2", "g2": "d3"}
BATTLEFIELD = {"columns": 4, "rows": 3, "glyph_hexes": GLYPH_HEXES}


def play(game, *actions: str):
    for text in actions:
        game.push(game.parse_action(text))
    return game


def test_the_registry_finds_the_kit():
    assert find_kit("arena") is KIT and KIT.game_class is Arena and KIT.map_kind == "hexes"


def test_arena_figures_stand_on_their_hexes_and_glyphs_show_who_holds_them():
    game = play(
        new_arena(demo_setup()),
        "choose walker-a",
        "summon soldiers-a-1 a1",
        "summon soldiers-a-2 b1",
        "move walker-a g1 c2",
    )
    shown = map_pieces(game, BATTLEFIELD, {})
    # the walkers were placed before the camera saw them: only figures with a hex are shown
    assert dict(shown.pieces) == {"a1": "ann", "b1": "ann", "c2": "ann"}
    assert dict(shown.glyphs) == {"c2": "ann", "d3": None}
    assert shown.winners == frozenset()
