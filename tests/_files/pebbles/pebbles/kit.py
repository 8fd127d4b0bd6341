"""Pebbles' kit: the engine, its screens, its light scenes (declared as the entry point
``pebbles`` of the ``companion.games`` group in this package's ``pyproject.toml``)."""

from __future__ import annotations

from companion.games.kit import GameKit, LedScene, MapPieces
from pebbles.game import Pebbles

KIT = GameKit(
    name=Pebbles.name,
    title="Pebbles",
    game_class=Pebbles,
    starting_game=lambda settings: Pebbles(),
    screens="pebbles.screens",
    led_scenes=(
        LedScene(
            "pebbles_pile",
            "example_squares_6x4",
            {
                "en": "Pebbles: each seat's pebbles glow in its colour.",
                "ja": "ペブルズ:それぞれの席の小石がその席の色で光ります。",
            },
            seats=("A", "B"),
            pieces=MapPieces(pieces={"a1": "A", "b1": "A", "f4": "B"}),
        ),
    ),
)
