"""The broadcast's pages and their API (``broadcast`` blueprint).

- ``/broadcast``: every table's game as a spectator away from the room may see it;
- ``/overlay/<table>``: one table for streaming software (a 1920×1080 browser source with a
  transparent background: the board, players and warbands, turn and phase, score, the last
  dice and the last rule notice);
- ``/api/broadcast`` and ``/api/broadcast/<table>``: what they draw, polled every 2 s.

The delay is the server's: each answer is the newest frame that arrived at or before the
server's ``now − delay`` (``DelayedFrames.shown``). No request argument or header is read to
choose it, so no page can ask for anything newer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from flask.typing import ResponseReturnValue

from companion.hub.broadcast import DelayedFrames
from web_panel.i18n import catalog, choose_language, render_in, translate

broadcast = Blueprint(
    "broadcast", __name__, template_folder="templates", static_folder="static",
    static_url_path="/broadcast-static",
)  # fmt: skip

# who is looking, for the panel's scripts: nobody seated, no judge (nothing here can act)
WATCHER = {"seat": None, "judge": False, "judge_enabled": False, "join_codes": False}
POLL_SECONDS = 2


@dataclass(frozen=True)
class BroadcastSource:
    """What an app broadcasts: its tables' frames, the delay (seconds, read on every answer:
    the organizer may change it) and the tables in the order shown."""

    frames: DelayedFrames
    delay: Callable[[], float]
    tables: Callable[[], list[str]]
    clock: Callable[[], float] = field(default=time.time)

    def shown(self, table: str) -> dict[str, Any]:
        delay = max(0.0, float(self.delay()))
        frame = self.frames.shown(table, self.clock(), delay)
        return {"table": table, "frame": None if frame is None else frame.shown}


def _source() -> BroadcastSource:
    found: BroadcastSource = current_app.extensions["broadcast"]
    return found


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


def _page(template: str, page: str, **extra: Any) -> ResponseReturnValue:
    language = choose_language(request)
    boot = {
        "page": page,
        "lang": language,
        "messages": catalog(language),
        "watching": True,
        "me": WATCHER,
        "poll_seconds": POLL_SECONDS,
        **extra,
    }
    return render_in(
        language,
        template,
        boot=boot,
    )


@broadcast.get("/broadcast")
def broadcast_page() -> ResponseReturnValue:
    return _page("broadcast.html", "broadcast")


@broadcast.get("/overlay/<table>")
def overlay_page(table: str) -> ResponseReturnValue:
    if table not in _source().tables():
        language = choose_language(request)
        text = translate(language, "broadcast.no_such_table", table=table)
        return Response(text, status=404, mimetype="text/plain")
    return _page("overlay.html", "overlay", table=table)


@broadcast.get("/api/broadcast")
def broadcast_api() -> ResponseReturnValue:
    source = _source()
    answer = {"delay": source.delay(), "tables": [source.shown(t) for t in source.tables()]}
    return _no_store(jsonify(answer))


@broadcast.get("/api/broadcast/<table>")
def broadcast_table_api(table: str) -> ResponseReturnValue:
    source = _source()
    if table not in source.tables():
        language = choose_language(request)
        message = translate(language, "broadcast.no_such_table", table=table)
        return jsonify(error="no_such_table", message=message), 404
    return _no_store(jsonify({"delay": source.delay(), **source.shown(table)}))
