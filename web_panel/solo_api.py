"""Solo play from the panel (issue 35): a player alone starts a game against the table in two taps
— "Play against the table", then the computer's level — on the table's screen or a phone.

``POST /api/solo`` with ``{"level": "easy" | "normal" | "strong"}`` starts the game at the table
anew from its set-up (the same warbands and map: its setup with no action taken; the set-up page
chooses others, with the table as opponent there too, ``game_setup``), the pieces wearing the
tags they wore; the seat of the phone that asked (the first seat from the table's screen) is the
player's, every other seat the table's at that level (``Panel.give_to_computer``). Who may: as
for any set-up (``setup_rights``), and a seated phone before the game's first action (nothing
played is lost). Nothing changes when it is refused.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.games.ai_seat import LEVELS
from companion.table.start_request import NewRound, StartRequest
from web_panel.api import Refused, body
from web_panel.panel import current_panel
from web_panel.setup_rights import require_setup_rights

solo_api = Blueprint("solo_api", __name__, url_prefix="/api/solo")


def _from_the_start(game: Any) -> Any:
    """The game at the table with every action taken back: its set-up, ready to play."""
    fresh = game.copy()
    for _ in range(len(fresh.actions)):
        fresh.pop()
    return fresh


@solo_api.post("")
def start_solo() -> ResponseReturnValue:
    panel = current_panel()
    fresh = panel.table.version == 0 and not (panel.demo is not None and panel.demo.scripted())
    if not (fresh and panel.viewer().seat is not None):
        require_setup_rights(panel)
    if panel.solo_offer() is None:
        raise Refused(409, "solo_unavailable")
    level = body().get("level")
    if level not in LEVELS:
        raise Refused(400, "solo_level", f"'level' must be one of {', '.join(LEVELS)}")
    game = panel.table.read(_from_the_start)
    mine = panel.viewer().seat or game.seats[0]
    tags = panel.table.store.tags(panel.table.game_id)
    panel.release_computers()
    panel.table.start_game(
        StartRequest(game, clock=NewRound(panel.settings.clock.round_minutes), tags=tags)
    )
    for seat in game.seats:
        if seat != mine:
            panel.give_to_computer(seat, level)
    panel.feed.panel_changed()
    return jsonify(game=game.name, game_id=panel.table.game_id, seat=mine, level=level)
