"""Who may set up a game (and change what set-ups offer, such as the table's catalog): the judge;
the table's own screen while no judge PIN is set; and once the game is over, a seated player or
the table's own screen (never a phone that scanned a code while the game runs)."""

from __future__ import annotations

from flask import request

from web_panel.api import Refused
from web_panel.panel import Panel
from web_panel.seats import LOOPBACK_ADDRESSES


def may_set_up(panel: Panel, remote_addr: str | None) -> bool:
    """The judge may; a seated player or the table's own screen once the game is over; and
    while there is no judge PIN, the table's own screen (never a phone that scanned a code)."""
    viewer = panel.viewer()
    if viewer.judge:
        return True
    own_screen = remote_addr in LOOPBACK_ADDRESSES
    if own_screen and not panel.judge.enabled:
        return True
    game_over = panel.table.read(lambda game: game.winner() is not None)
    return game_over and (viewer.seat is not None or own_screen)


def require_setup_rights(panel: Panel) -> None:
    if not may_set_up(panel, request.remote_addr):
        raise Refused(403, "judge_only")
