"""What the phones show of Pebbles beyond the generic view: the pile and each seat's pebbles."""

from __future__ import annotations

from typing import Any

from companion.games.protocol import Game


def phone_view(game: Game) -> dict[str, Any]:
    left = getattr(game, "left", 0)
    taken = {seat: game.taken(seat) for seat in game.seats}  # type: ignore[attr-defined]
    return {"left": left, "taken": taken}
