"""A scripted demo's phones: they watch while the script plays, or take the game over.

While a demo's script plays (``Panel.demo``), every change a phone asks for is refused with
``demo_watching`` (said in the phone's language) and nothing changes: a customer's tap can never
stop the script. A seated phone's "Play from here" (``POST /api/demo/take_over``) stops the script
between two of its actions; the phones then play the game on from there.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from web_panel.api import Refused
from web_panel.panel import Panel, current_panel

demo_api = Blueprint("demo_api", __name__, url_prefix="/api/demo")

TAKE_OVER = "/api/demo/take_over"
# What a watching phone may still do: take over, and the judge's sign-in and -out.
WATCHERS_MAY = frozenset({TAKE_OVER, "/api/judge/login", "/api/judge/logout"})


@demo_api.before_app_request
def _watching() -> None:
    """While the script plays, a change asked for by any phone is refused (said why)."""
    demo = current_panel().demo
    if request.method != "POST" or demo is None or request.path in WATCHERS_MAY:
        return
    if demo.scripted():
        raise Refused(409, "demo_watching")


@demo_api.post("/take_over")
def take_over() -> ResponseReturnValue:
    """A seated phone (or the judge) stops the script: the phones play on from here."""
    panel = current_panel()
    if panel.demo is None:
        raise Refused(409, "no_demo")
    if panel.viewer().proposer is None:
        raise Refused(403, "spectator")
    panel.demo.take_over()
    _computer_takes_empty_seats(panel)
    panel.feed.panel_changed()
    return jsonify(panel.view_demo())


def _computer_takes_empty_seats(panel: Panel) -> None:
    """Nobody's phone holds the other seat: the table plays it (normal), so the customer who
    took over is not left waiting; the phones say so (``demo.computer``). A second customer who
    scans that seat's code takes it back (``pages.join``)."""
    table = panel.table
    seats = table.read(lambda game: tuple(game.seats))
    held = table.session.phones(table.game_id)
    for seat in seats:
        if seat not in held and seat not in panel.computer_seats and panel.offers_computer(seat):
            # the script's miniatures exist only on its synthetic camera: its moves are the phones'
            panel.give_to_computer(seat, "normal", carried=False)
