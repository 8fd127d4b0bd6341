"""Who may set up a game (and change what set-ups offer, such as the table's catalog): the rule is
the table's session's (``companion.table.session.may_set_up``); this module hands it what the
request says (the judge's cookie, the table's own screen, the phone's seat). While a scripted
demo plays nobody sets one up (``web_panel/demo_api.py`` refuses every change): the set-up page
says so before its form, not after it was filled in."""

from __future__ import annotations

from flask import request

from companion.table import session as table_session
from companion.table.catalog import EnteredBy
from web_panel.api import Refused
from web_panel.panel import Panel
from web_panel.seats import LOOPBACK_ADDRESSES


def may_set_up(panel: Panel, remote_addr: str | None) -> bool:
    """The session's rule for the phone behind this request."""
    viewer = panel.viewer()
    return table_session.may_set_up(
        judge=viewer.judge,
        own_screen=remote_addr in LOOPBACK_ADDRESSES,
        judge_pin_set=panel.judge.enabled,
        game_over=panel.table.read(lambda game: game.winner() is not None),
        seated=viewer.seat is not None,
    )


def set_up_refusal(panel: Panel, remote_addr: str | None) -> str | None:
    """Why the phone behind this request may not set up a game now (``demo_watching``: a scripted
    demo plays; ``judge_only``: the session's rule), or ``None`` when it may."""
    if panel.demo is not None and panel.demo.scripted():
        return "demo_watching"
    return None if may_set_up(panel, remote_addr) else "judge_only"


def require_setup_rights(panel: Panel) -> None:
    refusal = set_up_refusal(panel, request.remote_addr)
    if refusal is not None:
        raise Refused(409 if refusal == "demo_watching" else 403, refusal)


def entered_by(panel: Panel) -> EnteredBy:
    """Who is typing a catalog entry in (a miniature, a plane's name): a seat and its player's
    name, the judge, or the table's screen; anyone else is refused (``spectator``)."""
    viewer = panel.viewer()
    if viewer.seat is not None:
        known = panel.seats.get(viewer.seat)
        return EnteredBy(viewer.seat, known.name if known else viewer.seat)
    if viewer.judge:
        return EnteredBy(None, "judge")
    if request.remote_addr in LOOPBACK_ADDRESSES:
        return EnteredBy(None, "table screen")
    raise Refused(403, "spectator")
