"""The panel's JSON API (documented in ``openapi.yaml``) and its live stream.

Every proposal is checked by the table and the engine; a refused one gets a clear message in the
phone's language (plus the engine's own words and the rule it names) and changes nothing.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, jsonify, request, session
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, InternalServerError

from companion.errors import IllegalActionError
from companion.games.protocol import Action
from companion.json_limits import TooDeep, parse_json
from companion.table.clock import ClockError
from companion.table.dice_roll import NothingToRoll
from companion.table.proposers import Proposer
from companion.table.seats_here import absent_seats
from companion.table.store import StoreFullError
from companion.table.table import (
    Accepted,
    JudgeOnlyError,
    PausedError,
    SeatError,
    StaleError,
)
from web_panel.addresses import LOOPBACK_NAMES, lan_address, public_base_url
from web_panel.i18n import choose_language, translate
from web_panel.judge import JudgeAccessError
from web_panel.judge_calls import CallTooSoon
from web_panel.pages import error_page
from web_panel.panel import Panel, current_panel, may_set_first_pin
from web_panel.panel import me as me_view
from web_panel.seats import LOOPBACK_ADDRESSES, join_qr_svg, may_see_join_codes

api = Blueprint("api", __name__, url_prefix="/api")
logger = logging.getLogger(__name__)

MAX_ACTION_LENGTH = 500


class Refused(Exception):
    """A request the panel refuses: HTTP status, a message key, and details for the phone."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str = "",
        rule: str = "",
        field: str = "",
        *,
        message: str = "",
        params: dict[str, object] | None = None,
        localized: bool = False,
        reason: dict[str, object] | None = None,
    ) -> None:
        """``field``: the form field at fault; its problem, in the phone's language, is then the
        ``detail`` (``detail_localized`` in the body). Otherwise ``detail`` is the engine's or the
        server's own (English) words. ``message``: the message said instead of ``code``'s
        (``error.<message>``), filled in with ``params``. ``localized``: ``detail`` is already
        in the phone's language (``detail_localized`` in the body) though it names no field."""
        super().__init__(code)
        self.status = status
        self.code = code
        self.detail = detail
        self.rule = rule
        self.field = field  # the form field at fault, when there is one
        self.message = message or code
        self.params = params or {}
        self.localized = localized or bool(field)
        self.reason = reason  # the engine's reason as a message key and parameters


@api.app_errorhandler(Refused)
def _refused(error: Refused) -> ResponseReturnValue:
    language = choose_language(request)
    body: dict[str, Any] = {
        "error": error.code,
        "message": translate(language, f"error.{error.message}", **error.params),
        "detail": error.detail,
        "rule": error.rule,
    }
    if error.field:
        body["field"] = error.field
    if error.localized:
        body["detail_localized"] = True
    if error.reason is not None:
        body["because"] = error.reason
    prompt_key = f"rule.{error.rule}"
    prompt = translate(language, prompt_key) if error.rule else prompt_key
    if prompt != prompt_key:
        body["prompt"] = prompt
    return jsonify(body), error.status


@api.app_errorhandler(StoreFullError)
def _disk_full(error: StoreFullError) -> ResponseReturnValue:
    logger.error("%s", error)
    return _refused(Refused(507, "disk_full"))


@api.app_errorhandler(PausedError)
def _paused(error: PausedError) -> ResponseReturnValue:
    """A remote game's table is paused (the link, the partner, catching up): nothing changed."""
    language = choose_language(request)
    message = translate(language, f"error.paused.{error.reason}")
    return jsonify(error="paused", reason=error.reason, message=message, detail=""), 503


# Werkzeug's own refusals (no such route, wrong method, a body too large...) under /api.
HTTP_ERRORS = {404: "not_found", 405: "bad_request", 413: "too_large"}


@api.app_errorhandler(HTTPException)
def _http_error(error: HTTPException) -> ResponseReturnValue:
    if not request.path.startswith("/api/"):
        return error_page(error) if error.code == 404 else error
    status = error.code or 500
    return _refused(Refused(status, HTTP_ERRORS.get(status, "bad_request"), error.name))


@api.app_errorhandler(Exception)
def _unexpected(error: Exception) -> ResponseReturnValue:
    """A fault of the panel itself: logged, and said as JSON (in the phone's language)."""
    logger.exception("the panel failed on %s %s", request.method, request.path)
    if not request.path.startswith("/api/"):
        return InternalServerError()
    return _refused(Refused(500, "internal"))


def body() -> dict[str, Any]:
    """The request's JSON object (its size and depth checked before it is parsed)."""
    if not request.is_json:
        raise Refused(400, "bad_request", "the request body must be JSON")
    try:
        data = parse_json(request.get_data(cache=True))
    except TooDeep as exc:
        raise Refused(400, "bad_request", str(exc)) from None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise Refused(400, "bad_request", "the request body must be a JSON object")
    return data


def _int_field(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(400, "bad_request", f"'{name}' must be a whole number")
    return value


def _seen(data: dict[str, Any]) -> dict[str, int]:
    """The state the phone saw (``game_id``, ``version``): the table refuses it unless current."""
    return {"game_id": _int_field(data, "game_id"), "version": _int_field(data, "version")}


def _proposer(panel: Panel) -> Proposer:
    proposer = panel.viewer().proposer
    if proposer is None:
        if panel.tournament is not None:  # a phone of the match before, or one never seated
            _log_refused(panel, "an action")
        raise Refused(403, "spectator")
    return proposer


@api.get("/state")
def state() -> ResponseReturnValue:
    _, data = current_panel().feed.current()
    return Response(data, mimetype="application/json")


@api.get("/me")
def me() -> ResponseReturnValue:
    return jsonify(me_view(current_panel()))


@api.get("/log")
def log() -> ResponseReturnValue:
    table = current_panel().table
    return jsonify(game_id=table.game_id, entries=table.store.log(table.game_id))


@api.post("/actions")
def submit_action() -> ResponseReturnValue:
    """An action as the phone was offered it (``{"verb", "args"}``: an offer of the view, or a
    form's own, such as dice counted on the phone), or typed in its notation (a string)."""
    panel = current_panel()
    data = body()
    sent = data.get("action")
    proposer = _proposer(panel)
    seen = _seen(data)
    with _submission_refusals():
        action = _proposed(panel, sent)
        accepted = panel.table.submit(
            proposer, action, version=seen["version"], game_id=seen["game_id"]
        )
    return jsonify(action=str(accepted.action), version=accepted.version, **_label(accepted))


def _proposed(panel: Panel, sent: Any) -> str | Action:
    """The proposal as the table takes it: the action built from a verb and its arguments
    (``Game.action_from``, ``ValueError`` when they do not fit), or the notation typed."""
    if isinstance(sent, dict) and isinstance(sent.get("verb"), str):
        verb, args = sent["verb"], sent.get("args", {})
        built: Action = panel.table.read(lambda game: game.action_from(verb, args))
        return built
    if not isinstance(sent, str) or not sent.strip() or len(sent) > MAX_ACTION_LENGTH:
        raise Refused(
            400, "bad_request", "'action' must be an offer's verb and args, or its notation"
        )
    return sent.strip()


def _label(accepted: Accepted) -> dict[str, Any]:
    """What people read for an accepted action, when the table knows it (``{}`` otherwise)."""
    return {} if accepted.label is None else {"label": accepted.label.to_json()}


@contextmanager
def _submission_refusals() -> Iterator[None]:
    """What the table refuses of a submitted action, as the phones are told it (every route
    that submits one: a typed action, the virtual dice)."""
    try:
        yield
    except StaleError as exc:
        raise Refused(409, "stale", str(exc)) from None
    except JudgeOnlyError as exc:
        raise Refused(403, "judge_only", str(exc)) from None
    except SeatError as exc:
        raise Refused(403, "wrong_seat", str(exc)) from None
    except IllegalActionError as exc:
        raise Refused(422, "illegal", str(exc), exc.rule, reason=exc.reason()) from None
    except ValueError as exc:
        raise Refused(400, "malformed", str(exc)) from None


@api.post("/roll")
def roll() -> ResponseReturnValue:
    """The shared virtual dice: the table rolls what the pending decision asks for (attack or
    initiative dice) and submits it as the phone's seat, like typed dice."""
    panel = current_panel()
    data = body()
    proposer = _proposer(panel)
    if not isinstance(proposer, str):  # the judge: the dice are a seat's
        raise Refused(403, "roll_seat_only")
    seen = _seen(data)
    with _submission_refusals():
        try:
            rolled = panel.roller(panel.table, proposer, seen["version"], seen["game_id"])
        except NothingToRoll as exc:
            raise Refused(409, "nothing_to_roll", str(exc)) from None
    return jsonify(action=str(rolled.action), version=rolled.version, **_label(rolled))


@api.post("/carried")
def carried() -> ResponseReturnValue:
    """The players put the computer seat's miniature where it said (no camera saw it): its
    move is taken, as that seat, with its reason. At a table with a camera the camera confirms
    it (a tap cannot say a miniature is where the camera sees it is not)."""
    panel = current_panel()
    if panel.camera is not None:
        raise Refused(409, "carried_by_camera")
    data = body()
    proposer = _proposer(panel)
    seen = _seen(data)
    with _submission_refusals():
        done = panel.table.carried_out(proposer, seen["version"], seen["game_id"])
    return jsonify(action=str(done.action), version=done.version, **_label(done))


@api.post("/undo")
def undo() -> ResponseReturnValue:
    panel = current_panel()
    data = body()
    proposer = _proposer(panel)
    seen = _seen(data)
    try:
        undone = panel.table.undo(proposer, version=seen["version"], game_id=seen["game_id"])
    except StaleError as exc:
        raise Refused(409, "stale", str(exc)) from None
    except SeatError as exc:
        raise Refused(403, "undo_not_yours", str(exc)) from None
    except IllegalActionError as exc:
        raise Refused(422, "nothing_to_undo", str(exc), exc.rule) from None
    return jsonify(undone=str(undone.action), version=undone.version)


@api.post("/camera_prompts/dismiss")
def dismiss_camera_prompt() -> ResponseReturnValue:
    """A player (any seat, or the judge) closes a camera prompt without acting on it."""
    panel = current_panel()
    data = body()
    prompt_id = data.get("id")
    if not isinstance(prompt_id, str):
        raise Refused(400, "bad_request", "'id' must be a camera prompt's id")
    _proposer(panel)
    if _int_field(data, "game_id") != panel.table.game_id:
        raise Refused(409, "stale", "that prompt was for another game")
    try:
        panel.camera_prompts.dismiss(prompt_id)
    except KeyError:
        raise Refused(404, "no_such_prompt", prompt_id) from None
    return jsonify(dismissed=prompt_id)


@api.post("/judge/login")
def judge_login() -> ResponseReturnValue:
    panel = current_panel()
    pin = body().get("pin")
    if not isinstance(pin, str):
        raise Refused(400, "bad_request", "'pin' must be a string")
    try:
        session["judge"] = panel.judge.login(request.remote_addr, pin)
    except JudgeAccessError as exc:
        if exc.code == "judge_locked" and exc.wait > 0:  # how long, as the hub says it
            wait = math.ceil(exc.wait)
            raise Refused(
                403, exc.code, message="judge_locked_wait", params={"wait": wait}
            ) from None
        raise Refused(403, exc.code, str(exc)) from None
    return jsonify(me_view(panel))


@api.post("/judge/call")
def call_judge() -> ResponseReturnValue:
    """A seated player calls the judge to the table (``judge_calls.py``)."""
    panel = current_panel()
    seat = panel.viewer().seat
    if seat is None:
        raise Refused(403, "spectator")
    try:
        panel.judge_calls.call(seat)
    except CallTooSoon as exc:
        raise Refused(429, "judge_called_recently", f"wait {math.ceil(exc.wait)} s") from None
    return jsonify(called=True, seat=seat)


@api.post("/map_value")
def map_value() -> ResponseReturnValue:
    """A seated player confirms the printed value of a key cell the conquest waits for; the
    same number from both seats sets it, two different ones call the judge (``map_agreement``;
    at a remote table the seats' numbers meet at the host: ``Panel.say_map_value``)."""
    panel = current_panel()
    seat = panel.viewer().seat
    if seat is None:
        raise Refused(403, "spectator")
    data = body()
    cell, value, game_id = data.get("cell"), data.get("value"), data.get("game_id")
    table = panel.table
    if game_id is not None and game_id != table.game_id:
        raise Refused(409, "stale", "a newer game is in play")
    details = table.read(lambda game: game.pending()).details or {}
    asked = list(details.get("unknown_values", []))
    if cell not in asked or "value_range" not in details:
        raise Refused(409, "map_value_not_asked", str(cell)[:8])
    cell = str(cell)
    low, high = details["value_range"]
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        params = {"cell": cell, "low": low, "high": high}
        raise Refused(400, "map_value", message="map_value", params=params)
    try:
        outcome = panel.say_map_value(seat, cell, value, table.game_id)
    except (IllegalActionError, StaleError) as exc:
        raise Refused(409, "stale", str(exc)) from None
    except SeatError as exc:  # at a remote guest table: the host's answer
        raise Refused(403, "wrong_seat", str(exc)) from None
    return jsonify(cell=cell, outcome=outcome)


@api.post("/judge/answer")
def answer_judge_call() -> ResponseReturnValue:
    """The judge signed in at the table takes the call (``judge_calls.py``)."""
    panel = current_panel()
    if not panel.viewer().judge:
        raise Refused(403, "judge_only")
    panel.judge_calls.answer()
    return jsonify(answered=True)


@api.post("/judge/logout")
def judge_logout() -> ResponseReturnValue:
    panel = current_panel()
    panel.judge.logout(session.pop("judge", None))
    return jsonify(me_view(panel))


@api.post("/judge/pin")
def set_judge_pin() -> ResponseReturnValue:
    """Set the judge PIN: the first time on the table's own screen, later by the judge. Every
    judge session ends but the changing judge's own."""
    panel = current_panel()
    pin = body().get("pin")
    if not isinstance(pin, str):
        raise Refused(400, "bad_request", "'pin' must be a string")
    judge = panel.viewer().judge
    if not (judge or may_set_first_pin(panel, request.remote_addr)):
        raise Refused(403, "judge_only")
    try:
        judge_session = panel.judge.set_pin(pin)
    except JudgeAccessError as exc:
        raise Refused(403 if exc.code == "pin_configured" else 400, exc.code) from None
    if judge:  # the table's own screen that set the first PIN does not become the judge
        session["judge"] = judge_session
    return jsonify(me_view(panel))


@api.post("/clock")
def clock() -> ResponseReturnValue:
    panel = current_panel()
    viewer = panel.viewer()
    if not viewer.judge and (panel.judge.enabled or viewer.seat is None):
        raise Refused(403, "judge_only")
    data = body()
    operation = data.get("op")
    try:
        if operation == "start":
            panel.clock.start()
        elif operation == "pause":
            panel.clock.pause()
        elif operation == "reset":
            panel.clock.reset()
        elif operation == "configure":
            minutes = data.get("minutes")
            if minutes is not None and not isinstance(minutes, int):
                raise Refused(400, "bad_request", "'minutes' must be a whole number or null")
            panel.clock.configure(minutes)
        else:
            raise Refused(400, "bad_request", "'op' must be start, pause, reset or configure")
    except ClockError as exc:
        raise Refused(409, "clock", str(exc)) from None
    panel.feed.panel_changed()
    return jsonify(panel.clock.status())


@api.post("/tournament/confirm")
def confirm_result() -> ResponseReturnValue:
    """A seated player agrees with the result the tournament hub recorded for this table."""
    panel = current_panel()
    seat = panel.viewer().seat
    if seat is None:
        # a phone of the match before, or one that never joined: only this match's seats confirm
        _log_refused(panel, "a confirmation")
        raise Refused(403, "spectator")
    if panel.tournament is None:
        raise Refused(409, "nothing_to_confirm")
    try:
        panel.tournament.confirm(seat)
    except LookupError as exc:
        raise Refused(409, "nothing_to_confirm", str(exc)) from None
    return jsonify(ok=True)


def _log_refused(panel: Panel, what: str) -> None:
    """Log a seatless phone's refused request at a tournament table, with the phone and the match
    (the judge's answer to "someone moved in our game")."""
    match = panel.tournament.match_id() if panel.tournament is not None else None
    logger.warning(
        "tournament: %s refused: phone %s holds no seat in game %d (match %s)",
        what, _phone_label(), panel.table.game_id, match if match is not None else "none",
    )  # fmt: skip


def _phone_label() -> str:
    """A short, stable label of the phone behind this request for the log (never its whole id)."""
    phone = session.get("phone")
    return phone[:6] if isinstance(phone, str) else "without a joined seat"


@api.get("/join/<seat>")
def join_code(seat: str) -> ResponseReturnValue:
    """A seat's join link, as text and as a QR code: only for the table's own screen (loopback)
    and the judge. A loopback host is replaced by the LAN address phones can reach."""
    panel = current_panel()
    if seat not in panel.table.read(lambda game: game.seats):
        raise Refused(404, "no_such_seat")
    if seat in absent_seats(panel.table.state()["remote"], (seat,)):
        # a remote game: the guest's seat is played at the guest table, the others at the host's
        raise Refused(409, "remote_seat")
    viewer = panel.viewer()
    if not may_see_join_codes(request.remote_addr, viewer):
        raise Refused(403, "judge_only")
    held = seat in panel.table.session.phones(panel.table.game_id)
    if held and panel.tournament is not None and not viewer.judge:
        # a tournament table's screen shows no code for a seat its player holds: a photo of the
        # screen must not take it (the judge frees the seat for a dead phone: /api/judge/release)
        raise Refused(409, "seat_held")
    base = public_base_url(request.host_url, lan_address())
    url = panel.join_url(seat, base)
    reachable = urlsplit(base).hostname not in LOOPBACK_NAMES  # by phones on the network
    return jsonify(
        seat=seat, game_id=panel.table.game_id, url=url, svg=join_qr_svg(url), reachable=reachable
    )


@api.get("/stream")
def stream() -> ResponseReturnValue:
    """The live view. One address holds at most a few streams (not the table's own screen)."""
    panel = current_panel()
    events = panel.feed.events(request.headers.get("Last-Event-ID"))
    address = request.remote_addr or ""
    if address not in LOOPBACK_ADDRESSES:
        counted = panel.streams.open(address, events)
        if counted is None:
            raise Refused(429, "too_many_streams", f"{panel.streams.per_address} already open")
        events = counted
    return Response(
        events,
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@api.get("/openapi.yaml")
def openapi() -> ResponseReturnValue:
    text = files("web_panel").joinpath("openapi.yaml").read_text(encoding="utf-8")
    return Response(text, mimetype="application/yaml")
