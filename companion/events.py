"""Domain events and the bus that carries them from the engine to lights, panel and store.

A game's ``push`` returns the events it caused; the table publishes them on its bus. Subscribers
must not raise into the engine: a failing subscriber is logged and the others still run.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

# Event kinds every part of the companion may rely on. Games may add their own kinds
# (prefixed with the game name, e.g. "<game>.planeswalked").
SPAWNED = "spawned"
MOVED = "moved"
ATTACKED = "attacked"
DISRUPTED = "disrupted"
DESTROYED = "destroyed"
RETURNED_TO_RESERVE = "returned_to_reserve"
DEATHBLOW = "deathblow"
CELL_CLAIMED = "cell_claimed"
TURN_WON = "turn_won"
TURN_TIED = "turn_tied"
GAME_WON = "game_won"
PHASE_STARTED = "phase_started"
ACTION_APPLIED = "action_applied"
UNDONE = "undone"
# a computer seat's move waits for the players to carry its miniature (data: seat, piece, cell)
ACTION_EXPECTED = "action_expected"
GAME_STARTED = "game_started"  # a new game replaced the one at the table (data: game, game_id)
FLAGGED = "flagged"  # an illegal or ambiguous board change, a device problem
JUDGE_CALLED = "judge_called"  # a player held the undo button: a correction needs the judge
JUDGE_ANSWERED = "judge_answered"  # the judge took the call (data: by: "table" or "hub")
TIME_UP = "time_up"  # the tournament hub's round clock ran out (data: policy, round)
DEVICE = "device"  # a device went away, fell back or came back (data: device, status, message)
REMOTE_CHANGED = "remote_changed"  # a remote table's link or pause changed (data: the remote block)
# The rules decided something by themselves (a tie rolled again, spawn phases skipped, a turn
# scored...): data ``key`` (a message key, said in each phone's language) and ``params``.
NOTICE = "notice"


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data}


def notice(key: str, **params: Any) -> Event:
    """A rule notice: what the engine did by itself and why, as a message key and its parameters
    (seats as ``seat``/``seats``, pieces as ``mini``/``minis``, numbers and cells as they are)."""
    return Event(NOTICE, {"key": key, "params": params})


def notices_of(events: list[Event]) -> list[dict[str, Any]]:
    """The rule notices among ``events``, as a log entry keeps them."""
    return [dict(event.data) for event in events if event.kind == NOTICE]


Subscriber = Callable[[Event], None]


class EventBus:
    """Synchronous publish/subscribe. Thread-safe; subscribers run in publish order."""

    def __init__(self) -> None:
        self._subscribers: list[tuple[Subscriber, frozenset[str] | None]] = []
        self._lock = threading.Lock()

    def subscribe(self, callback: Subscriber, kinds: set[str] | None = None) -> Callable[[], None]:
        entry = (callback, frozenset(kinds) if kinds is not None else None)
        with self._lock:
            self._subscribers.append(entry)

        def unsubscribe() -> None:
            with self._lock:
                if entry in self._subscribers:
                    self._subscribers.remove(entry)

        return unsubscribe

    def publish(self, event: Event) -> None:
        with self._lock:
            subscribers = list(self._subscribers)
        for callback, kinds in subscribers:
            if kinds is not None and event.kind not in kinds:
                continue
            try:
                callback(event)
            except Exception:
                log.exception("event subscriber %r failed on %s", callback, event.kind)

    def publish_all(self, events: list[Event]) -> None:
        for event in events:
            self.publish(event)
