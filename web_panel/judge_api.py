"""The judge's rules assistant on the panel (judge only): a position editor and questions in
plain words, the live game exported as record and position, the camera's pictures of a log
entry it proposed (the evidence for a dispute), and freeing a seat whose phone died.

The editor never touches the table: the phone holds the position it edits and sends it back with
each request (``position``: the game's position document; or ``from``: ``live`` / ``empty`` to start
over). An edit that would leave an impossible position is refused with the reasons in the
phone's language (an answer, not an HTTP error), and the phone keeps the position it had.
"""

from __future__ import annotations

import base64
import logging
from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from companion import grid
from companion.errors import DataFileError
from companion.games import judge_tools
from web_panel.api import Refused, body
from web_panel.i18n import choose_language, translate
from web_panel.judge_text import problem_text, sentences
from web_panel.panel import Panel, current_panel

log = logging.getLogger(__name__)

judge_api = Blueprint("judge_api", __name__, url_prefix="/api/judge")

MAX_EDITS = 50  # edits in one request: a bound on a typed list, not a rule


def _judge(panel: Panel) -> None:
    if not panel.viewer().judge:
        raise Refused(403, "judge_only")
    if _tools(panel) is None:
        raise Refused(409, "judge_game", "the rules assistant does not know this game")


def _tools(panel: Panel) -> Any:
    """The judge's tools of the table's game (its kit's ``judge`` module), ``None`` if none."""
    return judge_tools(panel.table.read(lambda game: game.name))


def _live(panel: Panel) -> Any:
    editor = _tools(panel).PositionEditor
    return panel.table.read(lambda game: editor(game.setup, game.state))


def _editor(panel: Panel, data: dict[str, Any]) -> Any:
    """The position the request is about: the live game, an empty map, or the phone's own."""
    tools = _tools(panel)
    start = data.get("from")
    if start == "live":
        return _live(panel)
    if start == "empty":
        return tools.empty_position(panel.settings)
    position = data.get("position")
    if not isinstance(position, dict):
        raise Refused(400, "bad_request", "give 'from' (live or empty) or a 'position'")
    try:
        return tools.PositionEditor.from_position(position, origin="position")
    except DataFileError as exc:
        raise Refused(400, "bad_request", str(exc)) from None


def _board(editor: Any) -> dict[str, Any]:
    """What the phone shows of the edited position: each miniature's name, seat, copy and place,
    its damage and modifiers, and the phase."""
    setup, state = editor.setup, editor.state
    minis = []
    for mini, piece in setup.pieces.items():
        minis.append(
            {
                "id": mini,
                "name": piece.mini.name,
                "seat": piece.owner,
                "copy": int(mini.rsplit("#", 1)[1]),
                "kind": str(piece.mini.kind),
                "where": state.zone[mini],
                "damage": state.damage.get(mini, 0),
                "modifiers": {s: n for m, s, n in state.modifiers if m == mini},
            }
        )
    return {
        "turn": state.turn,
        "phase": state.phase,
        "phase_seat": state.phase_seat,
        "first_player": state.first_player,
        "minis": minis,
    }


@judge_api.post("/editor")
def edit() -> ResponseReturnValue:
    """Start the editor (``from``) or apply ``edits`` (lines) to the phone's ``position``: all of
    them, or on the first impossible one none — the answer then holds the position unchanged,
    ``refused`` and the ``problems`` in the phone's language."""
    panel = current_panel()
    _judge(panel)
    tools = _tools(panel)
    data = body()
    editor = _editor(panel, data)
    edits = data.get("edits", [])
    if not isinstance(edits, list) or not all(isinstance(e, str) for e in edits):
        raise Refused(400, "bad_request", "'edits' must be a list of edit lines")
    if len(edits) > MAX_EDITS:
        raise Refused(400, "bad_request", f"at most {MAX_EDITS} edits at once")
    try:
        editor.apply_all([e for e in edits if e.strip()], tools.default_catalog())
    except tools.EditError as exc:  # an answer, not a failure: that position is impossible
        language = choose_language(request)
        reasons = [problem_text(p.to_json(), language) for p in exc.problems]
        return jsonify(
            position=editor.position(),
            board=_board(editor),
            refused=translate(language, "judge.refused"),
            problems=reasons,
        )
    return jsonify(position=editor.position(), board=_board(editor), refused=None, problems=[])


@judge_api.post("/ask")
def ask() -> ResponseReturnValue:
    """Answer a question about the phone's ``position`` (or ``from``: ``live``) in the phone's
    language: ``sentences`` and the ``answer`` as data."""
    panel = current_panel()
    _judge(panel)
    tools = _tools(panel)
    questions = tools.questions
    data = body()
    question = data.get("question")
    if not isinstance(question, str) or question not in questions.QUESTIONS:
        raise Refused(400, "bad_request", f"'question' must be one of {questions.QUESTIONS}")
    seat = data.get("seat") or None
    if seat not in (None, "A", "B"):
        raise Refused(400, "bad_request", "'seat' must be A or B")
    if question == "keyword":
        keyword = data.get("keyword")
        if not isinstance(keyword, str) or not keyword.strip():
            raise Refused(400, "bad_request", "name the 'keyword'")
        answer = questions.keyword(keyword)
    else:
        editor = _editor(panel, data)
        game = tools.Game.from_parts(editor.setup, editor.state)
        answer = _answer(questions, game, question, seat, data.get("cell"))
    return jsonify(answer=answer, sentences=sentences(answer, choose_language(request)))


def _answer(
    questions: Any, game: Any, question: str, seat: str | None, cell: object
) -> dict[str, Any]:
    if question == "spawn":
        return questions.spawn(game, seat or game.phase_seat or "A")
    if question == "shifts":
        return questions.shifts(game, seat)
    if question == "engaged":
        return questions.engaged(game)
    if question == "claims":
        return questions.claims(game)
    if not isinstance(cell, str) or cell.lower() not in grid.CELL_SET:
        raise Refused(400, "bad_request", "'cell' must be a cell a1..e5")
    return questions.odds(game, cell.lower(), seat)


@judge_api.get("/pictures/<int:seq>")
def pictures(seq: int) -> ResponseReturnValue:
    """What the camera saw for a log entry it proposed: each cell involved, before and after,
    as JPEG data URLs (a few kB each)."""
    panel = current_panel()
    if not panel.viewer().judge:
        raise Refused(403, "judge_only")
    found = panel.table.store.pictures(panel.table.game_id, seq)
    return jsonify(
        seq=seq,
        pictures=[
            {"cell": cell, "before": _data_url(before), "after": _data_url(after)}
            for cell, before, after in found
        ],
    )


def _data_url(jpeg: bytes) -> str:
    return "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")


@judge_api.get("/export")
def export() -> ResponseReturnValue:
    """The live game as its record (setup and every action) and its position now."""
    panel = current_panel()
    _judge(panel)
    record, position = panel.table.read(lambda game: (game.record(), game.position()))
    return jsonify(record=record, position=position)


@judge_api.post("/release")
def release_seat() -> ResponseReturnValue:
    """The judge frees a seat (a dead phone, a swapped device): every phone holding it in the game
    at the table is unseated, and the table's screen shows the seat's code again."""
    panel = current_panel()
    if not panel.viewer().judge:
        raise Refused(403, "judge_only")
    seat = body().get("seat")
    if not isinstance(seat, str) or seat not in panel.table.read(lambda game: game.seats):
        raise Refused(404, "no_such_seat")
    released = panel.table.session.release(seat, panel.table.game_id)
    log.info("judge: seat %s released (%d phone(s) unseated)", seat, released)
    panel.feed.panel_changed()
    return jsonify(seat=seat, released=released)
