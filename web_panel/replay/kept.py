"""The table's replays, built as their games are played: each new version of the game on the table
(an action, an undo, a new game) wakes a worker that adds the log's new entries to that game's
replay (``versions.Replaying``), so opening it never replays the whole game; the game on the table
when the panel opens is built then, in the background. The worker waits for the table to be quiet
(``QUIET_SECONDS`` without a new version) and then adds every entry since at once: a burst of
versions (a judge's corrections, a scripted demo, the computer's steps) costs the table nothing
while it plays, and the game's export is read once for the burst, not once a version. A replay
asked for is brought up to date first (only the entries added since); each version's JSON text is
written once, as it is made, and the whole replay's kept until it changes.

The last few replays asked for are kept (``KEPT``): a long game's replay is a few MB of JSON."""

from __future__ import annotations

import gzip
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.events import Event
from companion.hub.table_link import NEW_VERSION
from companion.settings import SeatSettings
from companion.table.table import Table
from web_panel.replay.export import game_export
from web_panel.replay.versions import ABOUT, Replaying

KEPT = 4
QUIET_SECONDS = 0.5
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Served:
    """A replay as served: the document, its JSON text and the text gzipped."""

    replay: dict[str, Any]
    body: bytes
    gzipped: bytes

    @classmethod
    def of(cls, replay: dict[str, Any]) -> Served:
        body = _text(replay).encode()
        return cls(replay, body, gzip.compress(body, compresslevel=6))


class _Kept:
    def __init__(self, export: dict[str, Any]) -> None:
        self.replaying = Replaying(export)
        self.frame_texts: list[str] = []  # each frame's JSON text, written once as it is made
        self.served: tuple[Any, Served] | None = None  # (what it was made of, the replay)

    def follow(self, log: list[dict[str, Any]]) -> None:
        self.replaying.follow(log)
        frames = self.replaying.frames
        self.frame_texts.extend(_text(frame) for frame in frames[len(self.frame_texts) :])

    def serve(self, export: dict[str, Any]) -> Served:
        made_of = (
            len(self.replaying.entries),
            [(p["first"], p["last"], p["cell"]) for p in export["pictures"]],
            [export.get(key) for key in ABOUT],
        )
        if self.served is None or self.served[0] != made_of:
            replay = self.replaying.replay(export)
            rest = _text({key: value for key, value in replay.items() if key != "frames"})
            body = f'{rest[:-1]},"frames":[{",".join(self.frame_texts)}]}}'.encode()
            self.served = (made_of, Served(replay, body, gzip.compress(body, compresslevel=6)))
        return self.served[1]


def _text(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


class KeptReplays:
    """The replays of ``table``'s games, the one being played followed as it goes; ``seats``:
    the table's seats now (their names and colours go in a replay). ``close`` stops following."""

    def __init__(self, table: Table, seats: Callable[[], Mapping[str, SeatSettings]]) -> None:
        self.table = table
        self._seats = seats
        self._replays: OrderedDict[tuple[int, str], _Kept] = OrderedDict()
        self._lock = threading.Lock()  # one build at a time: the worker's or a request's
        self._changed = threading.Condition()
        self._asked = 1  # versions announced (the game on the table at the start counts one)
        self._done = 0  # versions followed
        self._closed = False
        self._unsubscribe = table.bus.subscribe(self._on_version, set(NEW_VERSION))
        self._worker = threading.Thread(target=self._follow, name="replays", daemon=True)
        self._worker.start()

    def served(self, game_id: int) -> Served:
        """The replay of the store's game ``game_id`` (``StoreError``: the store has none)."""
        export = game_export(self.table, game_id, self._seats())
        with self._lock:
            return self._brought_up(game_id, export).serve(export)

    def _brought_up(self, game_id: int, export: dict[str, Any]) -> _Kept:
        key = (game_id, json.dumps(export["seats"], sort_keys=True))
        kept = self._replays.get(key)
        if kept is None or not kept.replaying.begins(export["log"]):
            kept = self._replays[key] = _Kept(export)
            while len(self._replays) > KEPT:
                self._replays.popitem(last=False)
        self._replays.move_to_end(key)
        kept.follow(export["log"])
        return kept

    def _on_version(self, _event: Event) -> None:
        with self._changed:
            self._asked += 1
            self._changed.notify_all()

    def _follow(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._closed or self._done < self._asked)
                asked = -1
                while not self._closed and asked != self._asked:  # until a quiet moment
                    asked = self._asked
                    self._changed.wait(QUIET_SECONDS)
                if self._closed:
                    return
            try:
                game_id = self.table.game_id
                export = game_export(self.table, game_id, self._seats(), pictures=False)
                with self._lock:
                    self._brought_up(game_id, export)
            except Exception:  # a store closing under it, a game that does not replay: asked,
                log.debug("the replay was not followed", exc_info=True)  # it says so
            with self._changed:
                self._done = asked
                self._changed.notify_all()

    def settle(self, timeout: float) -> bool:
        """Wait until every version announced so far is in its replay (``False``: not within
        ``timeout`` seconds)."""
        with self._changed:
            asked = self._asked
            return self._changed.wait_for(lambda: self._done >= asked, timeout)

    def forget(self) -> None:
        """Drop every replay kept (the next ask builds its game's again: ``bench/replay.py``)."""
        with self._lock:
            self._replays.clear()

    def close(self) -> None:
        self._unsubscribe()
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        self._worker.join(timeout=10)
