"""The tournament round clock: a countdown with warnings, shown on every phone and the table page.

The table keeps the truth (started, paused, time used) in its session (``session.Session.clock``
saves every change in the store, so a restarted table shows the same round); phones receive the
remaining seconds with each state and count down locally between updates. What happens at time
is a setting, because the sources only hint that a game "on time" may go to the player ahead (see
the facts file); the clock announces it and the judge decides — it never ends a game by itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, cast, get_args

from companion.settings import AtTime, ClockSettings

Save = Callable[[dict[str, Any]], None]


class ClockError(ValueError):
    """A clock operation that makes no sense now (start a running clock, no length set...)."""


def new_round(round_minutes: int | None, at_time: str | None) -> dict[str, Any]:
    """The saved state of a new round of ``round_minutes`` (``None``: no clock), not running,
    under the rule ``at_time`` (``None``: the settings'). ``ClockError`` for any other length
    than 1 to 600 minutes."""
    if round_minutes is not None and not 1 <= round_minutes <= 600:
        raise ClockError("a round lasts between 1 and 600 minutes")
    return {
        "length": round_minutes * 60.0 if round_minutes else None,
        "used": 0.0,
        "running": False,
        "at_time": at_time,
        "saved_at": time.time(),
    }


class MatchClock:
    def __init__(
        self,
        settings: ClockSettings,
        now: Callable[[], float] = time.monotonic,
        *,
        saved: dict[str, Any] | None = None,
        save: Save | None = None,
        wall: Callable[[], float] = time.time,
    ) -> None:
        """``saved``: the state ``save`` was last given (a restarted table): the round goes on,
        the time the table was off counted when it was running."""
        self._now = now
        self._wall = wall
        self._save = save
        self._at_time = settings.at_time
        self._warn_minutes = tuple(sorted(settings.warn_minutes, reverse=True))
        self._length = settings.round_minutes * 60.0 if settings.round_minutes else None
        self._used = 0.0
        self._running_since: float | None = None
        self._lock = threading.Lock()
        if saved is not None:
            self._restore(saved)

    def _restore(self, saved: dict[str, Any]) -> None:
        try:
            length = saved["length"]
            self._length = float(length) if length is not None else None
            self._used = float(saved["used"])
            if saved.get("at_time") in get_args(AtTime):
                self._at_time = cast(AtTime, saved["at_time"])
            if saved.get("running"):
                self._used += max(0.0, self._wall() - float(saved["saved_at"]))
                self._running_since = self._now()
        except (KeyError, TypeError, ValueError):
            pass  # a state this version cannot read: the settings' clock

    def _changed(self) -> None:
        """Hand the state to ``save`` (call under the lock)."""
        if self._save is None:
            return
        used = self._used
        if self._running_since is not None:
            used += self._now() - self._running_since
        self._save(
            {
                "length": self._length,
                "used": used,
                "running": self._running_since is not None,
                "at_time": self._at_time,
                "saved_at": self._wall(),
            }
        )

    def _remaining(self) -> float | None:
        if self._length is None:
            return None
        used = self._used
        if self._running_since is not None:
            used += self._now() - self._running_since
        return max(0.0, self._length - used)

    @property
    def at_time(self) -> str:
        """What happens at time (``ClockSettings.at_time``, or the hub's rule it follows)."""
        return self._at_time

    def configure(self, round_minutes: int | None) -> None:
        """Set a new round length (``None``: no clock) and reset the clock."""
        state = new_round(round_minutes, self._at_time)
        with self._lock:
            self._running_since = None
            self._restore(state)
            self._changed()

    def show(self, state: dict[str, Any]) -> None:
        """Show a state saved elsewhere (a new round stored with a new game:
        ``Session.write_new_round``), saving nothing."""
        with self._lock:
            self._running_since = None
            self._restore(state)

    def follow(
        self, length: float | None, remaining: float | None, running: bool, at_time: str
    ) -> None:
        """Show another clock (the tournament hub's): its length, what is left, whether it runs
        and the event's rule at time. ``length`` ``None``: no clock."""
        with self._lock:
            if at_time in get_args(AtTime):
                self._at_time = cast(AtTime, at_time)
            self._length = length
            if length is None or remaining is None:
                self._used, self._running_since = 0.0, None
            else:
                self._used = max(0.0, length - remaining)
                self._running_since = self._now() if running else None
            self._changed()

    def start(self) -> None:
        with self._lock:
            if self._length is None:
                raise ClockError("no round length is set")
            if self._running_since is not None:
                raise ClockError("the clock is already running")
            self._running_since = self._now()
            self._changed()

    def pause(self) -> None:
        with self._lock:
            if self._running_since is None:
                raise ClockError("the clock is not running")
            self._used += self._now() - self._running_since
            self._running_since = None
            self._changed()

    def reset(self) -> None:
        with self._lock:
            self._used = 0.0
            self._running_since = None
            self._changed()

    def status(self) -> dict[str, Any]:
        """What the phones show: remaining seconds, the warning reached, and the at-time rule."""
        with self._lock:
            remaining = self._remaining()
            running = self._running_since is not None
        warning = None
        if remaining is not None:
            reached = [m for m in self._warn_minutes if remaining <= m * 60]
            warning = reached[-1] if reached else None
        return {
            "enabled": self._length is not None,
            "running": running and remaining != 0.0,
            "length": self._length,
            "remaining": remaining,
            "warn_minutes": list(self._warn_minutes),
            "warning": warning,
            "expired": remaining == 0.0,
            "at_time": self._at_time,
        }
