"""Planechase's view: the face-up plane and its controller, whose turn it is, the cost of the next
planar die roll, this turn's rolls, the decks' counts and who is still playing — all read from the
engine; the page only lays them out."""

from __future__ import annotations

from typing import Any

from companion.games.planechase import prompts
from companion.games.planechase.actions import EndTurn, Roll
from companion.games.planechase.game import Planechase
from companion.games.protocol import Game
from web_panel.game_views.prompts import engine_prompts


def _rolls_this_turn(game: Planechase) -> list[str]:
    """The faces rolled since the turn began, oldest first (from the engine's action list)."""
    faces: list[str] = []
    for action in reversed(game.actions):
        if isinstance(action, EndTurn):
            break
        if isinstance(action, Roll):
            faces.append(str(action.face))
    return faces[::-1]


def planechase_view(game: Game) -> dict[str, Any]:
    assert isinstance(game, Planechase)
    state = game.state
    plane = game.plane
    pending = game.pending()
    return {
        "prompt": engine_prompts(
            prompts.prompt,
            prompts.LANGUAGES,
            pending,
            seat_fields=("active", "controller", "winner"),
        ),
        "turn": state.turn,
        "active": game.active,
        "controller": game.controller,
        "plane": plane.to_json() if plane else None,
        "plane_owner": state.plane_owner,
        "roll_cost": game.roll_cost,
        "rolls": _rolls_this_turn(game),
        "players": list(game.players),
        "out": [seat for seat in game.seats if seat not in game.players],
        "shared": game.setup.shared,
        "ordered": game.setup.ordered,
        "decks": {
            owner: {"unseen": len(state.unseen[owner]), "bottom": len(state.bottom[owner])}
            for owner in state.unseen
        },
        "plane_names": {plane_id: p.name for plane_id, p in game.planes.items()},
    }


phone_view = planechase_view  # what the panel asks of the game's screens
