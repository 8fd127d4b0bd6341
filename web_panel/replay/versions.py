"""A game export replayed version by version, as the phones saw it: the game is rebuilt from its
record's start and its log applied entry by entry (an undo takes its push back), and at each
version the view keeps what a watching phone drew from — the pending decision, the winner, the
game's own phone view (``game_views.game_view``, the same builder the live view uses) — with the
LEDs' scene of that moment (``companion.lights.still``). Each log entry gets its rule notices as
the rules said them when it was applied, and whether the camera's pictures go with it.

The page assembles a version's whole view (``static/replay_draw.js``): these frames plus the
seats and the log up to that version, each push taken back by then marked ``undone``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion import events as ev
from companion.errors import IllegalActionError
from companion.games import find_game
from companion.games.protocol import Game
from companion.lights.still import still_colours
from web_panel.game_views import game_view
from web_panel.replay.reading import ExportError, read_export
from web_panel.view import LOG_LENGTH

REPLAY_FORMAT = "companion-replay"
ABOUT = ("status", "started_at", "finished_at", "winner")


def _frame(game: Game, version: int, undone: list[int], colours: dict[str, str]) -> dict[str, Any]:
    return {
        "version": version,
        "pending": game.pending().to_json(),
        "winner": game.winner(),
        "extra": game_view(game),
        "leds": still_colours(game, colours),
        "undone": undone,
    }


def _start(export: dict[str, Any]) -> Game:
    try:
        return find_game(export["game"]).from_record({**export["record"], "actions": []})
    except (ValueError, KeyError, TypeError) as exc:
        raise ExportError("record", f"the record does not load: {exc}") from None


def replay_of(document: object, known: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """Every version of the exported game, from its start (version 0) to its last log entry
    (``ExportError`` if the document is not a game export or its log does not replay).
    ``known``: the frames of an earlier replay of the same game with the same seats, kept as
    they are (a log only grows: a version, once made, never changes); the game is still
    replayed whole, so its log is checked to the end."""
    export = read_export(document)
    game = _start(export)
    seats = {seat["seat"] for seat in export["seats"]}
    if seats != set(game.seats):
        raise ExportError("field", "seats: not the game's seats", field="seats")
    colours = {seat["seat"]: seat["colour"] for seat in export["seats"]}
    pictured = {seq for p in export["pictures"] for seq in range(p["first"], p["last"] + 1)}
    in_effect: list[int] = []
    undone: list[int] = []
    entries: list[dict[str, Any]] = []
    frames = [known[0] if known else _frame(game, 0, [], colours)]
    for index, entry in enumerate(export["log"]):
        kept = {**entry, "pictures": entry["seq"] in pictured}
        if entry["kind"] == "push":
            try:
                kept["notices"] = ev.notices_of(game.push(game.parse_action(entry["action"])))
            except (IllegalActionError, ValueError) as exc:
                raise ExportError(
                    "entry", f"log[{index}] does not replay: {exc}", seq=entry["seq"]
                ) from None
            in_effect.append(entry["seq"])
        elif in_effect:
            game.pop()
            undone = [*undone, in_effect.pop()]
        entries.append(kept)
        version = entry["seq"]
        frames.append(
            known[version] if version < len(known) else _frame(game, version, undone, colours)
        )
    if game.record().get("actions", []) != export["record"].get("actions", []):
        raise ExportError("differs", "the log does not end where the record does")
    return {
        "format": REPLAY_FORMAT,
        "game": export["game"],
        "about": {
            key: export.get(key) for key in ("status", "started_at", "finished_at", "winner")
        },
        "seats": export["seats"],
        "log_length": LOG_LENGTH,
        "entries": entries,
        "frames": frames,
        "pictures": export["pictures"],
    }
