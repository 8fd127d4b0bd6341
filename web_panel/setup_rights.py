"""Who may set up a game (and change what set-ups offer, such as the table's catalog): the judge;
when no judge PIN is configured, or the game is over, also a seated player or the table's own
screen."""

from __future__ import annotations

from flask import request

from web_panel.api import Refused
from web_panel.panel import Panel
from web_panel.seats import LOOPBACK_ADDRESSES


def may_set_up(panel: Panel, remote_addr: str | None) -> bool:
    viewer = panel.viewer()
    if viewer.judge:
        return True
    game_over = panel.table.read(lambda game: game.winner() is not None)
    table_side = viewer.seat is not None or remote_addr in LOOPBACK_ADDRESSES
    return table_side and (game_over or not panel.pins.enabled)


def require_setup_rights(panel: Panel) -> None:
    if not may_set_up(panel, request.remote_addr):
        raise Refused(403, "judge_only")
