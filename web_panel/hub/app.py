"""The organizer's station on the web: ``create_hub_app(tournament, station)``.

Reading is open to every screen in the store (the wall, a player's phone); changing the event —
check-in, drops, rounds, results, corrections, the clock, judge calls — only from the hub's own
screen (a loopback address). Every refusal is JSON with a message in the page's language and
changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
    session,
)
from flask.typing import ResponseReturnValue

from companion.hub.station import HubStation
from companion.hub.tournament import Tournament, TournamentError
from web_panel import csrf
from web_panel.app import SECURITY_HEADERS
from web_panel.i18n import catalog, choose_language, translate
from web_panel.pages import set_language
from web_panel.seats import LOOPBACK_ADDRESSES

PANEL = Path(__file__).resolve().parents[1]  # the phone panel's package

hub_pages = Blueprint(
    "hub", __name__, template_folder="templates", static_folder="static",
    static_url_path="/hub-static",
)  # fmt: skip


class HubRefused(Exception):
    def __init__(self, status: int, code: str, **fields: object) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.fields = fields


def create_hub_app(
    tournament: Tournament, station: HubStation | None, *, secret_key: str, testing: bool = False
) -> Flask:
    # the panel's own scripts, styles and game cards draw the tables' games on the wall and the
    # judge's page
    app = Flask(
        __name__, static_folder=str(PANEL / "static"), template_folder=str(PANEL / "templates")
    )
    app.config.update(
        SECRET_KEY=secret_key,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        TESTING=testing,
        DEBUG=False,
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    app.extensions["tournament"] = tournament
    app.extensions["hub_station"] = station
    app.register_blueprint(hub_pages)
    app.add_url_rule("/lang/<language>", view_func=set_language)
    app.before_request(_guard)
    app.after_request(_headers)
    app.register_error_handler(TournamentError, _tournament_error)
    app.register_error_handler(HubRefused, _refused)
    return app


def _tournament() -> Tournament:
    found: Tournament = current_app.extensions["tournament"]
    return found


def _station() -> HubStation | None:
    found: HubStation | None = current_app.extensions["hub_station"]
    return found


def _organizer() -> bool:
    return request.remote_addr in LOOPBACK_ADDRESSES


def _guard() -> ResponseReturnValue | None:
    if request.method in csrf.SAFE_METHODS:
        return None
    if not _organizer():
        return _refused(HubRefused(403, "organizer_only"))
    reason = csrf.problem(request, session)
    if reason is not None:
        return _refused(HubRefused(403, "csrf"))
    return None


def _headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _message(code: str, fields: dict[str, object]) -> str:
    language = choose_language(request)
    key = f"hub.error.{code}"
    text = translate(language, key, **fields)
    return text if text != key else translate(language, "hub.error.other")


def _tournament_error(error: TournamentError) -> ResponseReturnValue:
    status = 409 if error.code in {"name_taken", "reported_twice", "round_open"} else 400
    body = {
        "error": error.code,
        "message": _message(error.code, error.fields),
        "detail": str(error),
    }
    return jsonify(body), status


def _refused(error: HubRefused) -> ResponseReturnValue:
    return jsonify(error=error.code, message=_message(error.code, error.fields)), error.status


def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise HubRefused(400, "bad_request")
    return data


def _whole(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise HubRefused(400, "bad_request")
    return value


# -- pages -----------------------------------------------------------------------------------------


# Pages that draw tables' games with the panel's scripts: they need all its messages, and the
# panel's idea of who is looking (nobody seated, no judge: nothing on them can act).
WATCHING_PAGES = ("wall", "watch")
WATCHER = {"seat": None, "judge": False, "judge_enabled": False, "join_codes": False}


def _page(template: str, page: str, **extra: Any) -> ResponseReturnValue:
    language = choose_language(request)
    messages = catalog(language)
    watching = page in WATCHING_PAGES
    boot = {
        "page": page,
        "lang": language,
        "messages": messages if watching else {
            k: v for k, v in messages.items() if k.startswith(("hub.", "kind."))
        },
        "organizer": _organizer(),
        "csrf": csrf.session_token(session),
        **({"watching": True, "me": WATCHER} if watching else {}),
        **extra,
    }  # fmt: skip
    return render_template(
        template,
        lang=language,
        boot=boot,
        t=lambda key, **fields: translate(language, key, **fields),
    )


@hub_pages.get("/")
def organizer_page() -> ResponseReturnValue:
    return _page("hub_organizer.html", "organizer")


@hub_pages.get("/wall")
def wall_page() -> ResponseReturnValue:
    return _page("hub_wall.html", "wall")


@hub_pages.get("/tables/<name>")
def table_page(name: str) -> ResponseReturnValue:
    """One table's live position for the judge: read-only, as a spectator's phone shows it."""
    if name not in _tournament().state.tables:
        message = _message("no_such_table", {"table": name})
        return Response(message, status=404, mimetype="text/plain")
    return _page("hub_watch.html", "watch", table=name)


@hub_pages.get("/print")
def print_page() -> ResponseReturnValue:
    return _page("hub_print.html", "print")


# -- reading ---------------------------------------------------------------------------------------


def event_view(
    tournament: Tournament, station: HubStation | None, boards: bool = False
) -> dict[str, Any]:
    """Everything the pages show, in one JSON object; with ``boards``, each table's spectator
    view too (``view``, ``None`` before the table sent one: the wall draws it)."""
    state = tournament.state
    current = state.current
    online = dict(station.online) if station is not None else {}
    summaries = dict(station.tables) if station is not None else {}
    return {
        "settings": tournament.settings_view(),
        "clock": tournament.clock_status(),
        "players": [
            {"id": p.id, "name": p.name, "dropped": p.dropped, "warband": _warband_name(p.warband)}
            for p in state.players.values()
        ],
        "round": None if current is None else {
            "number": current.number,
            "stage": current.stage,
            "matches": [tournament.match_view(m) for m in state.round_matches(current.number)],
        },
        "standings": tournament.standings_rows(),
        "tables": [
            {
                "name": name,
                "online": online.get(name),
                "score": (summaries.get(name) or {}).get("score"),
                "turn": (summaries.get(name) or {}).get("turn"),
                "winner": (summaries.get(name) or {}).get("winner"),
                "game": (summaries.get(name) or {}).get("game"),
                **({"view": (summaries.get(name) or {}).get("view")} if boards else {}),
            }
            for name in state.tables
        ],
        "judge_calls": [
            {"id": c.id, "table": c.table, "seat": c.seat, "waiting_for": c.waiting_for, "at": c.at}
            for c in state.judge_calls.values()
            if c.answered_by is None
        ],
        "corrections": state.corrections[-20:],
        "notices": list(station.notices) if station is not None else [],
    }  # fmt: skip


def _warband_name(warband: dict[str, Any] | None) -> str | None:
    return None if warband is None else str(warband.get("name"))


@hub_pages.get("/api/event")
def event() -> ResponseReturnValue:
    return jsonify(event_view(_tournament(), _station(), boards=request.args.get("boards") == "1"))


def table_view(tournament: Tournament, station: HubStation | None, name: str) -> dict[str, Any]:
    """One table as its judge's page shows it: connected or not, its match in the current round
    (players' names, the result recorded) and the spectator view it last sent (``None`` before
    it sent one)."""
    if name not in tournament.state.tables:
        raise HubRefused(404, "no_such_table", table=name)
    found = tournament.state.match_at(name)
    summary = (station.tables.get(name) if station is not None else None) or {}
    return {
        "name": name,
        "online": station.online.get(name) if station is not None else None,
        "match": tournament.match_view(found) if found is not None else None,
        "view": summary.get("view"),
    }


@hub_pages.get("/api/tables/<name>")
def table(name: str) -> ResponseReturnValue:
    return jsonify(table_view(_tournament(), _station(), name))


@hub_pages.get("/api/warbands")
def warbands() -> ResponseReturnValue:
    """The shipped warbands a player may register at check-in."""
    from companion.games.dreamblade.catalog import default_catalog
    from companion.games.dreamblade.warband import builtin_warband, builtin_warband_names

    catalog_ = default_catalog()
    found = []
    for name in builtin_warband_names():
        warband = builtin_warband(name, catalog_)
        miniatures = [{"id": mini, "count": count} for mini, count in warband.entries]
        found.append({"key": name, "name": warband.name, "miniatures": miniatures})
    return jsonify(warbands=found)


@hub_pages.get("/export.csv")
def export_csv() -> ResponseReturnValue:
    return Response(
        _tournament().export_csv(),
        mimetype="text/csv",
        headers={"Content-Disposition": "attachment; filename=standings.csv"},
    )


@hub_pages.get("/export.json")
def export_json() -> ResponseReturnValue:
    return Response(
        json.dumps(_tournament().export_json(), ensure_ascii=False, indent=1),
        mimetype="application/json",
        headers={"Content-Disposition": "attachment; filename=event.json"},
    )


# -- changing --------------------------------------------------------------------------------------


@hub_pages.post("/api/players")
def check_in() -> ResponseReturnValue:
    data = _body()
    player = _tournament().check_in(str(data.get("name", "")), data.get("warband"))
    return jsonify(id=player.id, name=player.name), 201


@hub_pages.post("/api/players/<int:player_id>/drop")
def drop(player_id: int) -> ResponseReturnValue:
    _tournament().drop(player_id)
    return jsonify(ok=True)


@hub_pages.post("/api/rounds")
def start_round() -> ResponseReturnValue:
    started = _tournament().start_round()
    return jsonify(round=started.number), 201


@hub_pages.post("/api/cut")
def start_cut() -> ResponseReturnValue:
    started = _tournament().start_cut(_whole(_body(), "size"))
    return jsonify(round=started.number), 201


@hub_pages.post("/api/matches/<int:match_id>/result")
def result(match_id: int) -> ResponseReturnValue:
    data = _body()
    changed = _tournament().report(match_id, str(data.get("outcome")), table=None, by="organizer")
    return jsonify(changed=changed)


@hub_pages.post("/api/matches/<int:match_id>/correction")
def correction(match_id: int) -> ResponseReturnValue:
    data = _body()
    _tournament().correct(
        match_id, str(data.get("outcome")), by="organizer", reason=str(data.get("reason", ""))
    )
    return jsonify(ok=True)


@hub_pages.post("/api/matches/<int:match_id>/confirm")
def confirm(match_id: int) -> ResponseReturnValue:
    _tournament().confirm(match_id, _whole(_body(), "player"))
    return jsonify(ok=True)


@hub_pages.post("/api/clock")
def clock() -> ResponseReturnValue:
    action = _body().get("action")
    if action == "pause":
        _tournament().pause_clock()
    elif action == "resume":
        _tournament().resume_clock()
    else:
        raise HubRefused(400, "bad_request")
    return jsonify(_tournament().clock_status())


@hub_pages.post("/api/settings")
def settings() -> ResponseReturnValue:
    data = _body()
    minutes = data.get("round_minutes")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, int)):
        raise HubRefused(400, "bad_request")
    tiebreakers = data.get("tiebreakers")
    if tiebreakers is not None and not (
        isinstance(tiebreakers, list) and all(isinstance(t, str) for t in tiebreakers)
    ):
        raise HubRefused(400, "bad_request")
    banned = data.get("banned_list")
    _tournament().configure(
        tiebreakers=tiebreakers,
        round_minutes=minutes,
        at_time=data.get("at_time") if isinstance(data.get("at_time"), str) else None,
        banned_list=banned if isinstance(banned, bool) else None,
    )
    return jsonify(ok=True)


@hub_pages.post("/api/judge_calls/<int:call_id>/answer")
def answer(call_id: int) -> ResponseReturnValue:
    _tournament().answer_call(call_id, "organizer")
    return jsonify(ok=True)
