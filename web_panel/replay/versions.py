"""A game export replayed version by version, as the phones saw it: the game is rebuilt from its
record's start and its log applied entry by entry (an undo takes its push back), and at each
version the view keeps what a watching phone drew from — the pending decision, the winner, the
game's own phone view (``game_views.game_view``, the same builder the live view uses) — with the
LEDs' scene of that moment (``companion.lights.still``). Each log entry gets its rule notices as
the rules said them when it was applied, and whether the camera's pictures go with it.

The page assembles a version's whole view (``static/replay_draw.js``): these frames plus the
seats and the log up to that version, each push taken back by then marked ``undone``."""

from __future__ import annotations

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


class Replaying:
    """A replay built as its game's log grows: the game from its record's start, then ``add`` for
    each log entry once (a version, once made, never changes: a log only grows), so a game
    followed as it is played is never replayed whole. ``export``: a checked game export (its
    seats and colours; its log is not read here)."""

    def __init__(self, export: dict[str, Any]) -> None:
        self.game = _start(export)
        if {seat["seat"] for seat in export["seats"]} != set(self.game.seats):
            raise ExportError("field", "seats: not the game's seats", field="seats")
        self.colours = {seat["seat"]: seat["colour"] for seat in export["seats"]}
        self.in_effect: list[int] = []
        self.undone: list[int] = []
        self.entries: list[dict[str, Any]] = []
        self.frames = [_frame(self.game, 0, [], self.colours)]

    @property
    def last_seq(self) -> int:
        """The seq of the last entry added (0: none yet)."""
        return self.entries[-1]["seq"] if self.entries else 0

    def add(self, entry: dict[str, Any], index: int) -> None:
        """The log's entry ``index`` and the version it makes (``ExportError`` if it does not
        replay)."""
        kept = dict(entry)
        if entry["kind"] == "push":
            try:
                kept["notices"] = ev.notices_of(
                    self.game.push(self.game.parse_action(entry["action"]))
                )
            except (IllegalActionError, ValueError) as exc:
                raise ExportError(
                    "entry", f"log[{index}] does not replay: {exc}", seq=entry["seq"]
                ) from None
            self.in_effect.append(entry["seq"])
        elif self.in_effect:
            self.game.pop()
            self.undone = [*self.undone, self.in_effect.pop()]
        self.entries.append(kept)
        self.frames.append(_frame(self.game, entry["seq"], self.undone, self.colours))

    def begins(self, log: list[dict[str, Any]]) -> bool:
        """Whether ``log`` goes on from the entries added (a store's log only grows; one set
        aside and rebuilt may not)."""
        added = len(self.entries)
        return len(log) >= added and (not added or log[added - 1]["seq"] == self.last_seq)

    def follow(self, log: list[dict[str, Any]]) -> None:
        """Add the entries of ``log`` (the game's whole log as it is now) not added yet."""
        for index in range(len(self.entries), len(log)):
            self.add(log[index], index)

    def replay(self, export: dict[str, Any]) -> dict[str, Any]:
        """The replay document (docs/formats.md "Replay") of the versions built, with the
        export's own details and pictures."""
        pictured = {seq for p in export["pictures"] for seq in range(p["first"], p["last"] + 1)}
        return {
            "format": REPLAY_FORMAT,
            "game": export["game"],
            "about": {key: export.get(key) for key in ABOUT},
            "seats": export["seats"],
            "log_length": LOG_LENGTH,
            "entries": [{**entry, "pictures": entry["seq"] in pictured} for entry in self.entries],
            "frames": list(self.frames),  # the versions so far: more may follow
            "pictures": export["pictures"],
        }


def replay_of(document: object) -> dict[str, Any]:
    """Every version of the exported game, from its start (version 0) to its last log entry
    (``ExportError`` if the document is not a game export or its log does not replay)."""
    export = read_export(document)
    replaying = Replaying(export)
    replaying.follow(export["log"])
    if replaying.game.record().get("actions", []) != export["record"].get("actions", []):
        raise ExportError("differs", "the log does not end where the record does")
    return replaying.replay(export)
