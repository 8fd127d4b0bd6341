"""A seated player calls the judge from their phone, as holding the table's undo button does: the
call goes on the table's bus, so every phone shows the notice and a table playing in a
tournament sends it to the hub's list of judge calls. The notice clears when the call is
answered, by the judge signed in at the table ("On my way" on the notice) or at the hub. A seat
calls at most once a minute, so a phone tapped again and again cannot flood the hub."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from companion import events as ev
from companion.events import Event, EventBus

CALL_INTERVAL = 60.0  # seconds between two calls of one seat


class CallTooSoon(Exception):
    def __init__(self, wait: float) -> None:
        super().__init__(f"this seat called the judge less than {CALL_INTERVAL:.0f} s ago")
        self.wait = wait


class JudgeCalls:
    """The judge calls of each seat, at most one per ``interval`` seconds."""

    def __init__(
        self,
        bus: EventBus,
        interval: float = CALL_INTERVAL,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self._bus = bus
        self._interval = interval
        self._now = now
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()

    def call(self, seat: str) -> None:
        """Call the judge for ``seat``; ``CallTooSoon`` (and nothing sent) if that seat called
        less than ``interval`` seconds ago."""
        with self._lock:
            now = self._now()
            last = self._last.get(seat)
            if last is not None and now - last < self._interval:
                raise CallTooSoon(self._interval - (now - last))
            self._last[seat] = now
        self._bus.publish(Event(ev.JUDGE_CALLED, {"by": seat}))

    def answer(self) -> None:
        """The judge at the table took the call: every phone clears its notice and, in a
        tournament, the hub's list clears the table's calls."""
        self._bus.publish(Event(ev.JUDGE_ANSWERED, {"by": "table"}))
