"""The live stream: server-sent events carrying the table's public view to every phone.

Each message is the whole view (small: one table's state), so a phone that missed messages needs
nothing but the latest. The event ``id`` is ``GAME.VERSION.REVISION`` — the table's game and
version plus this panel's own revision (flags, clock) — so a reconnecting ``EventSource`` sends
``Last-Event-ID`` and is caught up at once if anything changed meanwhile, and is sent nothing if
not. The view is built once per change, however many phones listen.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from companion import events as ev
from companion.events import Event
from companion.table.table import Table

HEARTBEAT_SECONDS = 15.0
RECONNECT_MILLISECONDS = 1000
NOTICES_KEPT = 5
LED_FRAMES_PER_SECOND = 4
LED_INTERVAL = 1.0 / LED_FRAMES_PER_SECOND
# Events that become notices on the phones (a problem to look at, a call for the judge).
NOTICE_KINDS = {ev.FLAGGED, ev.JUDGE_CALLED, ev.DEVICE}
# The notices about the game in play, which a new game's start ends (a device's notice is the
# table's: it stays while its device is in that state).
GAME_NOTICE_KINDS = {ev.FLAGGED, ev.JUDGE_CALLED}
_WAKING_KINDS = {
    ev.ACTION_APPLIED, ev.UNDONE, ev.GAME_STARTED, ev.JUDGE_ANSWERED, ev.REMOTE_CHANGED,
    ev.ACTION_EXPECTED, *NOTICE_KINDS,
}  # fmt: skip


def sse_message(event: str, data: str, event_id: str | None = None) -> str:
    """One server-sent event; ``data`` must be a single line (compact JSON is)."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {data}\n\n"


class Feed:
    """Wakes the stream clients when the view changed and hands them the view, built once."""

    def __init__(
        self, table: Table, build: Callable[[list[dict[str, Any]]], dict[str, Any]]
    ) -> None:
        self._table = table
        self._build = build
        self._cond = threading.Condition()
        self._changes = 0  # grows with every change; clients wait for it to move
        self._revision = 0  # panel-side changes (notices, clock) in this process
        self._epoch = 0  # grows on close: every open stream ends
        # each notice with the game it was raised in (a flag raised the moment a new game
        # starts, before the start's news reaches this feed, is the new game's)
        self._notices: deque[tuple[int, dict[str, Any]]] = deque(maxlen=NOTICES_KEPT)
        self._cache_key: tuple[int, int, int] | None = None
        self._cache: tuple[str, str] = ("", "")
        self._build_lock = threading.Lock()
        self._leds: dict[str, str] = {}
        self._led_changes = 0
        self._unsubscribe = table.bus.subscribe(self._on_event, kinds=_WAKING_KINDS)

    def _on_event(self, event: Event) -> None:
        if event.kind in (ev.REMOTE_CHANGED, ev.ACTION_EXPECTED):
            # a remote link or pause, a computer's move to carry: no new version, but news
            self.panel_changed()
        elif event.kind == ev.JUDGE_ANSWERED:  # the judge took the call: its notice goes
            self._drop_notices(lambda kind, game_id: kind == ev.JUDGE_CALLED)
        elif event.kind == ev.GAME_STARTED:  # the last game's flags and calls end with it
            new = event.data["game_id"]
            self._drop_notices(lambda kind, game_id: kind in GAME_NOTICE_KINDS and game_id != new)
        elif event.kind in NOTICE_KINDS:
            with self._cond:
                notice = {**event.data, "kind": event.kind, "at": time.time()}
                self._notices.append((self._table.game_id, notice))
            self.panel_changed()
        else:
            self._wake()

    def _drop_notices(self, dropped: Callable[[str, int], bool]) -> None:
        with self._cond:
            kept = [(g, n) for g, n in self._notices if not dropped(n["kind"], g)]
            self._notices = deque(kept, maxlen=NOTICES_KEPT)
        self.panel_changed()

    def _wake(self) -> None:
        with self._cond:
            self._changes += 1
            self._cond.notify_all()

    def panel_changed(self) -> None:
        """Something the panel itself keeps (the clock, a notice) changed: tell every phone."""
        with self._cond:
            self._revision += 1
        self._wake()

    def current(self) -> tuple[str, str]:
        """The latest view as ``(event id, compact JSON)``."""
        with self._build_lock:
            key = (self._table.game_id, self._table.version, self._revision)
            if key != self._cache_key:
                with self._cond:
                    notices = [notice for _, notice in self._notices]
                    revision = self._revision
                view = self._build(notices)
                event_id = f"{view['game_id']}.{view['version']}.{revision}"
                view["event_id"] = event_id
                self._cache = (event_id, json.dumps(view, separators=(",", ":")))
                self._cache_key = key
            return self._cache

    def leds_changed(self, cells: dict[str, str]) -> None:
        """The LEDs now show ``cells`` (cell → ``#rrggbb``): mirror them on the phones' boards."""
        with self._cond:
            if cells == self._leds:
                return
            self._leds = dict(cells)
            self._led_changes += 1
            self._cond.notify_all()

    def events(self, last_event_id: str | None) -> Iterator[str]:
        """One client's stream: the view now (unless it has it) and after every change, plus
        the LED colours (event ``leds``, no id) at most ``LED_FRAMES_PER_SECOND`` times a second."""
        yield f"retry: {RECONNECT_MILLISECONDS}\n\n"
        with self._cond:
            epoch = self._epoch
            # colours already showing are sent at once; none yet: wait for the first frame
            seen_leds = self._led_changes - 1 if self._leds else self._led_changes
        seen = -1
        sent_id = last_event_id
        last_write = last_leds = time.monotonic() - LED_INTERVAL
        while True:
            with self._cond:
                leds_due = self._led_changes != seen_leds
                wait = HEARTBEAT_SECONDS
                if leds_due:
                    wait = max(0.0, last_leds + LED_INTERVAL - time.monotonic())
                if self._changes == seen and self._epoch == epoch and wait > 0:
                    self._cond.wait(timeout=wait)
                if self._epoch != epoch:
                    return
                changed = self._changes != seen
                seen = self._changes
                led_changes, leds = self._led_changes, self._leds
            now = time.monotonic()
            if changed:
                event_id, data = self.current()
                if event_id != sent_id:
                    yield sse_message("state", data, event_id)
                    sent_id, last_write = event_id, now
            if led_changes != seen_leds and now - last_leds >= LED_INTERVAL:
                yield sse_message("leds", json.dumps(leds, separators=(",", ":")))
                seen_leds, last_leds, last_write = led_changes, now, now
            if now - last_write >= HEARTBEAT_SECONDS:
                yield ": keep-alive\n\n"
                last_write = now

    def close(self) -> None:
        """End every open stream (server shutting down) and stop listening to the table."""
        self._unsubscribe()
        with self._cond:
            self._epoch += 1
            self._cond.notify_all()
