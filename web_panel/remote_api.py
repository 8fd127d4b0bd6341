"""Remote play on the panel (``companion.remote``): the table's remote block, the host's invite
(its code, its link and the link's QR code) and the guest's join — the invite and joining are for
the table's own screen and the judge only, like the seats' join codes.

The panel knows the table's remote session only by what it does (``panel.RemoteControl``, set by
the runtime): its refusals carry a ``key`` naming the catalog message said in the phone's language.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from companion.settings import PanelSettings
from web_panel.api import Refused, body
from web_panel.i18n import choose_language, translate
from web_panel.panel import Panel, RemoteControl, current_panel
from web_panel.seats import join_qr_svg, may_see_join_codes

remote_api = Blueprint("remote_api", __name__, url_prefix="/api/remote")
logger = logging.getLogger(__name__)

MAX_CODE_LENGTH = 1000
# Where a table's own screen is (``companion run`` prints it so), at the panel's default port:
# the invite's link opens there at the friend's table, with the code filled in (``remote.js``).
TABLE_SCREEN = f"http://127.0.0.1:{PanelSettings.model_fields['port'].default}/table"


def remote_block(panel: Panel) -> dict[str, Any] | None:
    block: dict[str, Any] | None = panel.table.state()["remote"]
    return block


def _control(panel: Panel) -> RemoteControl:
    if not may_see_join_codes(request.remote_addr, panel.viewer()):
        raise Refused(403, "judge_only")
    if panel.remote is None:
        raise Refused(409, "remote_unavailable")
    control: RemoteControl = panel.remote
    return control


def _refused(error: ValueError, status: int) -> ResponseReturnValue:
    key = str(getattr(error, "key", "remote.failed"))
    language = choose_language(request)
    message = translate(language, key)
    if message == key:  # a key this catalog lacks: said generally, never the key itself
        message = translate(language, "remote.failed")
    logger.warning("remote: refused (%s): %s", key, error)
    return jsonify(error="remote", key=key, message=message, detail=str(error)), status


@remote_api.get("")
def remote() -> ResponseReturnValue:
    """The table's remote block (``None`` at a table on its own): nothing secret."""
    return jsonify(remote_block(current_panel()))


def _invite(control: RemoteControl, code: str | None) -> dict[str, str | None]:
    """The invite as the table screen passes it on: the code, its link and the link's QR code (an
    SVG, for a phone to scan and send on)."""
    if code is None:
        return {"code": None, "link": None, "qr": None}
    url = control.invite_link(code, TABLE_SCREEN)
    return {"code": code, "link": url, "qr": join_qr_svg(url)}


@remote_api.get("/invite")
def current_invite() -> ResponseReturnValue:
    control = _control(current_panel())
    return jsonify(_invite(control, control.current_invite()))


@remote_api.post("/invite")
def invite() -> ResponseReturnValue:
    """A new invite code (the old one dies): this table hosts the game."""
    panel = current_panel()
    control = _control(panel)
    try:
        code = control.invite()
    except ValueError as error:
        return _refused(error, 409)
    panel.feed.panel_changed()
    return jsonify(_invite(control, code))


@remote_api.post("/join")
def join() -> ResponseReturnValue:
    """Join the host's game with its invite code: this table becomes its guest."""
    panel = current_panel()
    control = _control(panel)
    code = body().get("code")
    if not isinstance(code, str) or not code.strip() or len(code) > MAX_CODE_LENGTH:
        raise Refused(400, "bad_request", "'code' must be the invite code")
    try:
        control.join(code)
    except ValueError as error:
        return _refused(error, 400)
    panel.feed.panel_changed()
    return jsonify(remote=remote_block(panel))


@remote_api.post("/leave")
def leave() -> ResponseReturnValue:
    """End the remote game here: the table plays on its own."""
    panel = current_panel()
    _control(panel).leave()
    panel.feed.panel_changed()
    return jsonify(remote=None)
