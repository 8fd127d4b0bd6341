"""The replay viewer's pages and requests on the table's panel:

- ``GET /api/games`` — the table's history: every game of its store, newest first;
- ``GET /replay/<id>`` — the viewer on one of them; ``GET /replay`` — the viewer on an export
  file the phone opens (``POST /api/replay/file`` replays it, its pictures left out);
- ``GET /api/replay/<id>`` — the game's replay (every version's frame, docs/formats.md "Replay");
- ``GET /api/replay/<id>/export.json`` and ``…/export.html`` — the game export and the
  self-contained file, as downloads.

Anyone at the table may read them, as anyone may watch the game: an export holds no session,
code, PIN or account (``export.py``). The replays are built as their games are played
(``kept.KeptReplays``, the app's ``replays``).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue

from companion.games import kits
from companion.json_limits import TooDeep, parse_json
from companion.settings import default_seats
from companion.table.store import StoreError
from web_panel.api import Refused
from web_panel.i18n import catalog, choose_language, translate
from web_panel.panel import Panel, current_panel, me
from web_panel.replay.export import game_export, stored_game
from web_panel.replay.html_file import replay_html
from web_panel.replay.kept import KeptReplays, Served
from web_panel.replay.reading import ExportError
from web_panel.replay.versions import replay_of

replay_routes = Blueprint("replay", __name__)


def _export(panel: Panel, game_id: int) -> dict[str, Any]:
    try:
        return game_export(panel.table, game_id, panel.seats)
    except StoreError:
        raise Refused(404, "not_found", f"no game {game_id} at this table") from None


def _served(game_id: int) -> Served:
    replays: KeptReplays = current_app.extensions["replays"]
    try:
        return replays.served(game_id)
    except StoreError:
        raise Refused(404, "not_found", f"no game {game_id} at this table") from None


def json_response(data: Any) -> Response:
    """``data`` as JSON, gzipped for a browser that takes it (a long game's replay shrinks ~50×)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return _json_bytes(body, lambda: gzip.compress(body, compresslevel=6))


def served_response(served: Served) -> Response:
    """A replay built and kept, as its JSON (gzipped for a browser that takes it)."""
    return _json_bytes(served.body, lambda: served.gzipped)


def _json_bytes(body: bytes, gzipped: Callable[[], bytes]) -> Response:
    response = Response(body, mimetype="application/json")
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response.set_data(gzipped())
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    return response


def _names(panel: Panel, game_id: int, language: str) -> dict[str, str]:
    """Who sat where in the game, as a page in ``language`` names them: a name nobody typed (the
    default "Player A") or a player's name given in several languages, in that language."""
    lineup = panel.table.session.lineup(game_id)
    if lineup is None:
        return {}
    known = (panel.seats, default_seats())
    shown = {}
    for seat, name in dict(lineup.names).items():
        same = next((s[seat] for s in known if seat in s and s[seat].name == name), None)
        shown[seat] = same.name_in(language) if same is not None else name
    return shown


@replay_routes.get("/api/games")
def history() -> ResponseReturnValue:
    """The history, newest first."""
    panel = current_panel()
    language = choose_language(request)
    stored = panel.table.store.games()
    games = [
        {
            "id": g.id,
            "game": g.game,
            "status": g.status,
            "started_at": g.started_at,
            "finished_at": g.finished_at,
            "winner": g.winner,
            "names": _names(panel, g.id, language),
        }
        for g in reversed(stored)
    ]
    return json_response({"games": games})


@replay_routes.get("/api/replay/<int:game_id>")
def replay(game_id: int) -> ResponseReturnValue:
    return served_response(_served(game_id))


@replay_routes.get("/api/replay/<int:game_id>/export.json")
def exportjson_response(game_id: int) -> ResponseReturnValue:
    return json_download(_export(current_panel(), game_id), f"game-{game_id}")


def json_download(document: dict[str, Any], name: str) -> Response:
    """A game export as a download named ``name``.json."""
    response = json_response(document)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@replay_routes.get("/api/replay/<int:game_id>/export.html")
def export_html(game_id: int) -> ResponseReturnValue:
    return html_download(_served(game_id).replay, f"game-{game_id}")


def html_download(replay: dict[str, Any], name: str) -> Response:
    """The replay's self-contained file, as a download named ``name``.html."""
    response = Response(replay_html(replay, choose_language(request)), mimetype="text/html")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.html"'
    return response


@replay_routes.post("/api/replay/file")
def replay_file() -> ResponseReturnValue:
    """An export file's replay (the phone keeps the file's pictures: it sends their places only)."""
    try:
        sent = parse_json(request.get_data(cache=True))  # its size and depth checked first
    except TooDeep as exc:
        raise Refused(400, "bad_request", str(exc)) from None
    except ValueError:
        sent = None  # not JSON: the file is said to be no game file
    try:
        return json_response(replay_of(sent))
    except ExportError as exc:
        message = exc.key.removeprefix("error.")
        raise Refused(400, "replay", str(exc), message=message, params=exc.params) from None


def viewer_page(
    replay_source: dict[str, Any],
    exports: dict[str, str] | None,
    watcher: dict[str, Any],
    game: str | None = None,
) -> ResponseReturnValue:
    """The viewer's page (the table's and the hub's): where its replay comes from, its export
    links, who watches (``me``: nobody here acts); ``game``: the game it replays, whose scripts
    alone it loads (none named: every game's, for a file still to be opened)."""
    language = choose_language(request)
    other = "ja" if language == "en" else "en"
    boot = {
        "page": "replay",
        "lang": language,
        "messages": catalog(language),
        "me": watcher,
        "watching": True,
        "replay": replay_source,
    }
    return render_template(
        "replay.html",
        boot=boot,
        title=translate(language, "replay.title"),
        other_language=f"/lang/{other}?next={request.path}",
        exports=exports,
        inline=None,
        games=[game] if game is not None else [kit.name for kit in kits()],
    )


@replay_routes.get("/replay/<int:game_id>")
def replay_page(game_id: int) -> ResponseReturnValue:
    try:
        stored = stored_game(current_panel().table.store, game_id)
    except StoreError:
        abort(404)
    base = f"/api/replay/{game_id}"
    exports = {"json": f"{base}/export.json", "html": f"{base}/export.html"}
    return viewer_page({"url": base}, exports, me(current_panel()), stored.game)


@replay_routes.get("/replay")
def file_page() -> ResponseReturnValue:
    return viewer_page({"file": True}, None, me(current_panel()))
