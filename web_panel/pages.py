"""The panel's HTML pages: the phone panel, the table page (join codes, board, clock), joining a
seat from its QR code, and the language toggle."""

from __future__ import annotations

import re
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
    game = panel.table.game_id
    try:
        seat = panel.table.session.join(token, game, phone)
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
    # what this phone held, and the player's own page on the hub when it came from there: once a
    # new pairing takes the seat, the phone says where its player plays now (``moved_view``)
    session["seated"] = {"game": game, "seat": seat}
    panel.release_computer(seat)  # a player took the seat the table played: the phone plays it
    page = player_page_link(request.args.get("page"))
    if page is not None:
        session["player_page"] = page
    panel.feed.panel_changed()  # the table's screen shows a new code for that seat
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        # followed from another site (the hub's player page): a redirect would stay in that
        # navigation, which carries no SameSite=Strict cookie, and the panel would open seatless
        language = choose_language(request)
        return render_template(
            "joined.html", lang=language, t=lambda key, **f: translate(language, key, **f)
        )
    return redirect("/", code=303)


PLAYER_PAGE_PATH = re.compile(r"/p/[0-9a-z]{16}")


def player_page_link(url: str | None) -> str | None:
    """``url`` when it is a tournament hub's player page (``http(s)://host/p/<token>``, nothing
    more), else ``None``: the phone shows it as a link, never anything else it was handed."""
    if not url or len(url) > 300:
        return None
    parts = urlsplit(url)
    fine = parts.scheme in ("http", "https") and parts.netloc and not parts.query
    if not fine or parts.fragment or not PLAYER_PAGE_PATH.fullmatch(parts.path):
        return None
    return url


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
