"""Planechase's kit: what the house asks of the game (``companion.games.kit``). Planechase has no
map: the LEDs show its flourishes and the camera reads nothing."""

from __future__ import annotations

from companion.games.kit import Demo, GameKit
from companion.games.planechase import demo
from companion.games.planechase.game import CHAOS, PLANESWALKED, Planechase
from companion.games.planechase.table_entries import PLANE_ENTRIES
from companion.settings import Settings


def starting_game(settings: Settings) -> Planechase:
    """The demo's game, until the players set up their own."""
    return Planechase(demo.demo_setup())


KIT = GameKit(
    name=Planechase.name,
    title="Planechase",
    game_class=Planechase,
    starting_game=starting_game,
    demo=Demo(lambda: Planechase(demo.demo_setup()), demo.script, demo.PLAYER_NAMES),
    screens="companion.games.planechase.screens",
    flourishes={PLANESWALKED: "planeswalk", CHAOS: "chaos"},
    listed=4,
    entry_kinds=(PLANE_ENTRIES,),
)
