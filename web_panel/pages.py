"""The panel's HTML pages: the phone panel, the table page (join codes, board, clock), joining a
seat from its QR code, and the language toggle."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, redirect, render_template, request, session
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from companion.table.session import JoinCodeError
from web_panel.i18n import LANG_COOKIE, LANGUAGES, catalog, choose_language, translate
from web_panel.panel import Panel, current_panel, me

pages = Blueprint("pages", __name__)

ONE_YEAR = 365 * 24 * 3600


def _page_context(panel: Panel, page: str) -> dict[str, Any]:
    language = choose_language(request)
    return {
        "lang": language,
        "t": lambda key, **fields: translate(language, key, **fields),
        "boot": {
            "page": page,
            "lang": language,
            "messages": catalog(language),
            "me": me(panel),
        },
    }


def error_page(error: HTTPException) -> ResponseReturnValue:
    """A page that isn't there, said in the phone's language (not the server's English page)."""
    context = _page_context(current_panel(), "join")
    heading = translate(context["lang"], "page.error")
    reason = translate(context["lang"], "error.not_found")
    return render_template("page_error.html", heading=heading, reason=reason, **context), 404


@pages.get("/")
def phone() -> ResponseReturnValue:
    return render_template("phone.html", **_page_context(current_panel(), "phone"))


@pages.get("/table")
def table_page() -> ResponseReturnValue:
    return render_template("table.html", **_page_context(current_panel(), "table"))


@pages.get("/setup")
def setup_page() -> ResponseReturnValue:
    return render_template("setup.html", **_page_context(current_panel(), "setup"))


@pages.get("/join/<token>")
def join(token: str) -> ResponseReturnValue:
    panel = current_panel()
    phone = session.get("phone")
    if not isinstance(phone, str):
        phone = session["phone"] = secrets.token_urlsafe(16)
    try:
        panel.table.session.join(token, panel.table.game_id, phone)
    except JoinCodeError as exc:
        context = _page_context(panel, "join")
        seated = panel.viewer().seat
        key = (
            f"join.{exc.code}_seated"
            if exc.code == "earlier_game" and seated
            else f"join.{exc.code}"
        )
        reason = translate(context["lang"], key, seat=seated or "")
        heading = translate(context["lang"], "join.failed")
        return render_template("page_error.html", heading=heading, reason=reason, **context), 403
    panel.feed.panel_changed()  # the table's screen shows a new code for that seat
    return redirect("/", code=303)


@pages.get("/lang/<language>")
def set_language(language: str) -> ResponseReturnValue:
    """Switch the phone's language and go back to the page it came from (same site only)."""
    target = request.args.get("next", "/")
    if urlsplit(target).netloc or not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = redirect(target, code=303)
    if language in LANGUAGES:
        response.set_cookie(
            LANG_COOKIE, language, max_age=ONE_YEAR, samesite="Strict", secure=request.is_secure
        )
    return response
