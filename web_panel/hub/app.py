"""The organizer's station on the web: ``create_hub_app``.

Reading is open to every screen in the store (the wall, a player's phone); changing the event —
check-in, drops, rounds, results, corrections, the clock, judge calls — from the hub's own screen
(a loopback address) or from a phone or laptop where the organizer or a judge signed in with the
organizer PIN and their name. The PIN is set first on the hub's own screen (kept hashed in the
data folder, ``organizer-pin.json``); guessing it is slowed per source and sessions live in the
server, exactly as the table's judge PIN (``web_panel.judge.JudgeAccess``), so a stranger on the
store's Wi-Fi can neither guess it quickly nor lock the organizer out. Whatever is changed is
recorded with who changed it (the signed-in name, or ``hub`` for the hub's own screen). Every
refusal — a wrong PIN, a missing CSRF token, a body too large — is JSON with a message in the
page's language and changes nothing.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    request,
    session,
)
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from companion.games import event_maps, kits
from companion.hub.broadcast import DelayedFrames
from companion.hub.played_games import RecordedGames
from companion.hub.player_labels import labels_summary
from companion.hub.records import RECORDS_FOLDER, GameRecords
from companion.hub.station import HubStation
from companion.hub.tournament import NAME_LIMIT, Tournament, TournamentError
from companion.json_limits import TooDeep, parse_json
from web_panel import csrf
from web_panel.app import SECURITY_HEADERS
from web_panel.broadcast.pages import BroadcastSource, broadcast
from web_panel.game_assets import game_assets
from web_panel.hub.boards import board_fields, event_fields, parse_seen, parse_tag
from web_panel.hub.player_page import player_of, player_token, player_view
from web_panel.hub.replays import MatchReplays
from web_panel.hub.statistics import hub_statistics, own_rows, statistics_pages
from web_panel.i18n import catalog, choose_language, render_in, translate
from web_panel.judge import JudgeAccess, JudgeAccessError
from web_panel.pages import set_language
from web_panel.replay.kept import Served
from web_panel.replay.reading import ExportError
from web_panel.replay.routes import html_download, json_download, served_response, viewer_page
from web_panel.seats import LOOPBACK_ADDRESSES, join_qr_svg

PIN_FILE = "organizer-pin.json"
OWN_SCREEN = "hub"  # who changed the event from the hub's own screen
SESSION_KEY = "organizer"
MAX_BODY_BYTES = 64 * 1024
# Werkzeug's own refusals, answered as JSON like every other refusal.
HTTP_ERRORS = {404: "not_found", 405: "bad_request", 413: "too_large"}
# What any screen may post (its CSRF token still checked): signing in and out, and the PIN
# form, which checks who is asking itself.
OPEN_TO_ALL = frozenset({"hub.sign_in", "hub.sign_out", "hub.set_pin"})

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
    tournament: Tournament,
    station: HubStation | None,
    *,
    secret_key: str,
    data_dir: Path,
    testing: bool = False,
    refresh_ms: int = 2000,
) -> Flask:
    """The hub's pages and API; ``data_dir`` keeps the organizer PIN's hash. The pages ask for
    news every ``refresh_ms`` (a table's own watch page twice as often)."""
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
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        HUB_REFRESH_MS=refresh_ms,
    )
    app.extensions["tournament"] = tournament
    app.extensions["hub_station"] = station
    app.extensions["hub_data"] = data_dir
    app.extensions["hub_access"] = JudgeAccess(None, data_dir, pin_file=PIN_FILE)
    # the public broadcast: each table as the tables sent it, ``broadcast_delay`` seconds late
    app.extensions["broadcast"] = BroadcastSource(
        frames=station.frames if station is not None else DelayedFrames(),
        delay=lambda: tournament.state.settings.broadcast_delay,
        tables=lambda: list(tournament.state.tables),
    )
    app.extensions["hub_records"] = GameRecords(data_dir / RECORDS_FOLDER)
    app.extensions["hub_games"] = RecordedGames(app.extensions["hub_records"])
    app.extensions["hub_games"].read_ahead()  # the statistics of the games kept before a restart
    app.extensions["hub_replays"] = MatchReplays(app.extensions["hub_records"])
    app.register_blueprint(hub_pages)
    app.register_blueprint(broadcast)
    app.register_blueprint(statistics_pages)
    app.register_blueprint(game_assets)
    app.add_url_rule("/lang/<language>", view_func=set_language)
    app.before_request(_guard)
    app.after_request(_headers)
    app.register_error_handler(TournamentError, _tournament_error)
    app.register_error_handler(HubRefused, _refused)
    app.register_error_handler(HTTPException, _http_error)
    return app


def _tournament() -> Tournament:
    found: Tournament = current_app.extensions["tournament"]
    return found


def _station() -> HubStation | None:
    found: HubStation | None = current_app.extensions["hub_station"]
    return found


def _access() -> JudgeAccess:
    found: JudgeAccess = current_app.extensions["hub_access"]
    return found


def _own_screen() -> bool:
    return request.remote_addr in LOOPBACK_ADDRESSES


def _who() -> str | None:
    """Who may change the event from this request: the hub's own screen (``hub``), the name of
    the organizer or judge signed in on this device, or ``None`` (a screen that only reads)."""
    if _own_screen():
        return OWN_SCREEN
    return _access().who(session.get(SESSION_KEY))


def _changer() -> str:
    who = _who()
    if who is None:  # _guard let nobody else through
        raise HubRefused(403, "organizer_only")
    return who


def _guard() -> ResponseReturnValue | None:
    if request.method in csrf.SAFE_METHODS:
        return None
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        return _refused(HubRefused(413, "too_large"))  # before anything reads the body
    if csrf.problem(request, session) is not None:
        return _refused(HubRefused(403, "csrf"))
    if request.endpoint not in OPEN_TO_ALL and _who() is None:
        return _refused(HubRefused(403, "organizer_only"))
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
    conflicts = {"name_taken", "reported_twice", "round_open", "rematch_only", "event_ended"}
    status = 409 if error.code in conflicts else 400
    body = {
        "error": error.code,
        "message": _message(error.code, error.fields),
        "detail": str(error),
        "fields": error.fields,
    }
    return jsonify(body), status


def _refused(error: HubRefused) -> ResponseReturnValue:
    body = {"error": error.code, "message": _message(error.code, error.fields), **error.fields}
    return jsonify(body), error.status


def _http_error(error: HTTPException) -> ResponseReturnValue:
    """Werkzeug's refusals (no such page, a body too large…): JSON for the API, the page's own
    words for a page."""
    status = error.code or 500
    if request.path.startswith("/api/") or request.method not in csrf.SAFE_METHODS:
        return _refused(HubRefused(status, HTTP_ERRORS.get(status, "other")))
    return error


def _body() -> dict[str, Any]:
    try:
        data = parse_json(request.get_data(cache=True))
    except (TooDeep, ValueError):
        raise HubRefused(400, "bad_request") from None
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
            k: v for k, v in messages.items() if k.startswith(("hub.", "kind.", "stats."))
        },
        "organizer": _who() is not None,
        "who": _who(),
        "own_screen": _own_screen(),
        "pin_set": _access().enabled,
        "csrf": csrf.session_token(session),
        "refresh_ms": current_app.config["HUB_REFRESH_MS"],
        **({"watching": True, "me": WATCHER} if watching else {}),
        **extra,
    }  # fmt: skip
    return render_in(
        language,
        template,
        boot=boot,
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


# -- the games of the finished matches: the replay viewer ----------------------------------------


def _records() -> GameRecords:
    records: GameRecords = current_app.extensions["hub_records"]
    return records


def _record(match_id: int) -> dict[str, Any]:
    """The game export of ``match_id`` the table sent when its game ended (404: none)."""
    document = _records().get(match_id)
    if document is None:
        raise HubRefused(404, "no_record", match=match_id)
    return document


def _match_replay(match_id: int) -> Served:
    replays: MatchReplays = current_app.extensions["hub_replays"]
    try:
        served = replays.served(match_id)
    except ExportError:
        served = None
    if served is None:
        raise HubRefused(404, "no_record", match=match_id)
    return served


@hub_pages.get("/matches/<int:match_id>/replay")
def match_replay_page(match_id: int) -> ResponseReturnValue:
    """A finished match's game in the replay viewer (anyone may watch it, as the wall)."""
    document = _records().get(match_id)
    if document is None:
        return Response(_message("no_record", {"match": match_id}), 404, mimetype="text/plain")
    base = f"/api/matches/{match_id}/replay"
    exports = {"json": f"{base}/export.json", "html": f"{base}/export.html"}
    watcher = {**WATCHER, "csrf": csrf.session_token(session)}
    game = document.get("game")
    known = isinstance(game, str) and game in {kit.name for kit in kits()}
    return viewer_page({"url": base}, exports, watcher, game if known else None)


@hub_pages.get("/api/matches/<int:match_id>/replay")
def match_replay(match_id: int) -> ResponseReturnValue:
    return served_response(_match_replay(match_id))


@hub_pages.get("/api/matches/<int:match_id>/replay/export.json")
def match_export_json(match_id: int) -> ResponseReturnValue:
    return json_download(_record(match_id), f"match-{match_id}")


@hub_pages.get("/api/matches/<int:match_id>/replay/export.html")
def match_export_html(match_id: int) -> ResponseReturnValue:
    return html_download(_match_replay(match_id).replay, f"match-{match_id}")


# -- each player's own page ------------------------------------------------------------------------


def _player_page_url(player_id: int) -> str:
    token = player_token(str(current_app.secret_key), player_id)
    return f"{request.host_url.rstrip('/')}/p/{token}"


@hub_pages.get("/p/<token>")
def player_page(token: str) -> ResponseReturnValue:
    """A player's own page: their table, seat and opponent this round, and their seat's join
    link (it refreshes itself). Its address is the player's secret: no list links to it."""
    language = choose_language(request)
    player = player_of(_tournament(), str(current_app.secret_key), token)
    if player is None:
        return Response(_message("no_such_player", {}), status=404, mimetype="text/plain")
    view = player_view(_tournament(), _station(), player)
    found = _tournament().state.players[player]
    rows = hub_statistics(_tournament(), current_app.extensions["hub_games"])
    stats = own_rows(rows, found.name, _warband_name(found.warband))
    if view.get("join"):  # the table's phone keeps this page, to come back once the seat is gone
        view["join"] += "?" + urlencode({"page": _player_page_url(player)})
    return render_in(
        language,
        "hub_player.html",
        view=view,
        stats=stats,
    )


@hub_pages.get("/api/p/<token>")
def player_api(token: str) -> ResponseReturnValue:
    """The player page's content as JSON (``player_page.player_view``)."""
    player = player_of(_tournament(), str(current_app.secret_key), token)
    if player is None:
        raise HubRefused(404, "no_such_player")
    return jsonify(player_view(_tournament(), _station(), player))


@hub_pages.get("/players/<int:player_id>/card")
def player_card(player_id: int) -> ResponseReturnValue:
    """What the organizer shows a player at check-in: their page's QR code and short link
    (the organizer's screens only: the link seats that player's phone)."""
    language = choose_language(request)
    if _who() is None:
        return Response(_message("organizer_only", {}), status=403, mimetype="text/plain")
    player = _tournament().state.players.get(player_id)
    if player is None:
        return Response(_message("no_such_player", {}), status=404, mimetype="text/plain")
    url = _player_page_url(player_id)
    return render_in(
        language,
        "hub_player_card.html",
        name=player.name,
        url=url,
        svg=join_qr_svg(url),
    )


@hub_pages.post("/api/tables/<name>/release")
def release_seat(name: str) -> ResponseReturnValue:
    """The judge frees a seat of the match at table ``name`` (a dead phone, a swapped device):
    the table unseats its phones and sends the player a new link."""
    station = _station()
    seat = _body().get("seat")
    if station is None or name not in _tournament().state.tables or seat not in ("A", "B"):
        raise HubRefused(404, "no_such_table", table=name)
    match = station.release(name, str(seat))
    return jsonify(table=name, seat=seat, match=match)


# -- reading ---------------------------------------------------------------------------------------


def event_view(
    tournament: Tournament,
    station: HubStation | None,
    boards: bool = False,
    seen: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Everything the pages show, in one JSON object; with ``boards``, each table's spectator
    view too (``view``, ``None`` before the table sent one: the wall draws it) with its tag,
    except the views the page holds already (``seen``: table → tag; ``web_panel.hub.boards``)."""
    state = tournament.state
    current = state.current
    online = dict(station.online) if station is not None else {}
    summaries = dict(station.tables) if station is not None else {}
    unreadable = dict(station.unreadable) if station is not None else {}
    return {
        "settings": tournament.settings_view(),
        "clock": tournament.clock_status(),
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "dropped": p.dropped,
                "warband": _warband_name(p.warband),
                "labels": labels_summary(p.labels),
            }
            for p in state.players.values()
        ],
        "label_clashes": tournament.label_clashes(),
        "records": sorted(_records().matches()),  # the matches whose game the replay shows
        "round": None if current is None else {
            "number": current.number,
            "stage": current.stage,
            "across": current.across,
            "rematches": current.rematches,
            "matches": [tournament.match_view(m) for m in state.round_matches(current.number)],
        },
        "ended": None if state.ended is None else vars(state.ended),
        "standings": tournament.standings_rows(),
        "tables": [
            {
                "name": name,
                "online": online.get(name),
                "score": (summaries.get(name) or {}).get("score"),
                "turn": (summaries.get(name) or {}).get("turn"),
                "winner": (summaries.get(name) or {}).get("winner"),
                "game": (summaries.get(name) or {}).get("game"),
                # messages from the table that could not be read (dropped; the organizer sees)
                "unreadable": unreadable.get(name, 0),
                **(
                    board_fields((summaries.get(name) or {}).get("view"), (seen or {}).get(name))
                    if boards else {}
                ),
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
    boards = request.args.get("boards") == "1"
    seen = parse_seen(request.args.get("seen")) if boards else None
    answer = event_view(_tournament(), _station(), boards=boards, seen=seen)
    replays: MatchReplays = current_app.extensions["hub_replays"]
    replays.ahead(answer["records"])  # a game that just ended: its Replay opens at once
    return jsonify(event_fields(answer, parse_tag(request.args.get("event_seen"))))


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
    """The shipped warbands a player may register at check-in (none when the event's game takes
    no registered armies)."""
    armies = _tournament().armies()
    return jsonify(warbands=[] if armies is None else armies.shipped())


@hub_pages.get("/export.csv")
def export_csv() -> ResponseReturnValue:
    """The standings as CSV, in UTF-8 with a byte-order mark: a spreadsheet opening it reads the
    players' names in Japanese as written (without the mark, Excel takes it for Shift JIS)."""
    return Response(
        ("\ufeff" + _tournament().export_csv()).encode("utf-8"),
        content_type="text/csv; charset=utf-8",
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
    player = _tournament().check_in(
        str(data.get("name", "")), data.get("warband"), data.get("labels")
    )
    return jsonify(id=player.id, name=player.name, page=_player_page_url(player.id)), 201


@hub_pages.post("/api/players/<int:player_id>/labels")
def set_labels(player_id: int) -> ResponseReturnValue:
    """A player's new label registration (``labels``: the file's text; ``null`` removes it)."""
    _tournament().set_labels(player_id, _body().get("labels"))
    return jsonify(ok=True)


@hub_pages.post("/api/players/<int:player_id>/drop")
def drop(player_id: int) -> ResponseReturnValue:
    _tournament().drop(player_id)
    return jsonify(ok=True)


@hub_pages.post("/api/rounds")
def start_round() -> ResponseReturnValue:
    """Pair the next round; ``{"allow_rematches": true}`` once the organizer was told that no
    pairing avoids a rematch (409 ``rematch_only``) and chose the fewest."""
    allow = _body().get("allow_rematches") is True
    started = _tournament().start_round(allow_rematches=allow)
    return jsonify(round=started.number, rematches=started.rematches), 201


@hub_pages.post("/api/event/end")
def end_event() -> ResponseReturnValue:
    """End the event after the round just played: no round is paired after it."""
    ended = _tournament().end_event(_changer())
    return jsonify(by=ended.by, round=ended.round), 201


@hub_pages.post("/api/cut")
def start_cut() -> ResponseReturnValue:
    started = _tournament().start_cut(_whole(_body(), "size"))
    return jsonify(round=started.number), 201


@hub_pages.post("/api/matches/<int:match_id>/result")
def result(match_id: int) -> ResponseReturnValue:
    data = _body()
    changed = _tournament().report(match_id, str(data.get("outcome")), table=None, by=_changer())
    return jsonify(changed=changed)


@hub_pages.post("/api/matches/<int:match_id>/correction")
def correction(match_id: int) -> ResponseReturnValue:
    data = _body()
    _tournament().correct(
        match_id, str(data.get("outcome")), by=_changer(), reason=str(data.get("reason", ""))
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
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        raise HubRefused(400, "bad_request")
    delay = data.get("broadcast_delay")
    if delay is not None and (isinstance(delay, bool) or not isinstance(delay, int)):
        raise HubRefused(400, "bad_request")
    _tournament().configure(
        game=game,
        tiebreakers=tiebreakers,
        round_minutes=minutes,
        at_time=data.get("at_time") if isinstance(data.get("at_time"), str) else None,
        banned_list=banned if isinstance(banned, bool) else None,
        broadcast_delay=delay,
    )
    return jsonify(ok=True)


@hub_pages.get("/api/maps")
def maps() -> ResponseReturnValue:
    """The maps the organizer may pick for the event, and the one it plays on."""
    data_dir: Path = current_app.extensions["hub_data"]
    maps = event_maps(_tournament().game)
    choices = {} if maps is None else maps.map_choices(data_dir)
    return jsonify(maps=choices, current=_tournament().state.dream_map)


@hub_pages.post("/api/map")
def set_map() -> ResponseReturnValue:
    """The event's map: ``base`` (a map's name), ``values`` (each unknown key cell → the number
    printed on the event's map) and optionally ``name``; kept on this hub for the next event."""
    data = _body()
    data_dir: Path = current_app.extensions["hub_data"]
    name = data.get("name")
    maps = event_maps(_tournament().game)
    if maps is None:
        raise TournamentError("map_none", "the event's game has no maps to choose")
    try:
        chosen = maps.event_map(
            data_dir, str(data.get("base", "")), data.get("values", {}),
            None if name in (None, "") else str(name),
        )  # fmt: skip
    except maps.EventMapError as error:
        raise TournamentError(f"map_{error.code}", str(error), **error.fields) from None
    _tournament().set_map(maps.map_data(chosen))
    maps.save_map(data_dir, chosen)
    return jsonify(map=maps.map_data(chosen))


@hub_pages.post("/api/judge_calls/<int:call_id>/answer")
def answer(call_id: int) -> ResponseReturnValue:
    _tournament().answer_call(call_id, _changer())
    return jsonify(ok=True)


# -- the organizer PIN -----------------------------------------------------------------------------


@hub_pages.post("/api/sign_in")
def sign_in() -> ResponseReturnValue:
    """The organizer or a judge signs in on their own device: their name and the PIN."""
    data = _body()
    name = " ".join(str(data.get("name", "")).split())
    pin = data.get("pin")
    if not 1 <= len(name) <= NAME_LIMIT or not isinstance(pin, str):
        raise HubRefused(400, "sign_in_form")
    if not _access().enabled:
        raise HubRefused(403, "no_pin")
    try:
        session[SESSION_KEY] = _access().login(request.remote_addr, pin, who=name)
    except JudgeAccessError as exc:
        raise HubRefused(403, exc.code, wait=math.ceil(exc.wait)) from None
    return jsonify(who=name)


@hub_pages.post("/api/sign_out")
def sign_out() -> ResponseReturnValue:
    _access().logout(session.pop(SESSION_KEY, None))
    return jsonify(ok=True)


@hub_pages.post("/api/pin")
def set_pin() -> ResponseReturnValue:
    """Set the organizer PIN: the first time on the hub's own screen; later there or by a
    signed-in organizer. Every other session ends (the changer's own stays open)."""
    who = _who()
    if who is None:
        raise HubRefused(403, "organizer_only")
    pin = _body().get("pin")
    if not isinstance(pin, str):
        raise HubRefused(400, "bad_request")
    try:
        opened = _access().set_pin(pin, who=who)
    except JudgeAccessError as exc:
        raise HubRefused(400, exc.code) from None
    if not _own_screen():
        session[SESSION_KEY] = opened
    return jsonify(ok=True)
