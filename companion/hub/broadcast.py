"""The broadcast's delay: what a spectator away from the table may see, and when.

A player must not watch their own game from outside (a stream, a friend's phone), so the public
spectator page and the stream overlay show each table as it was ``delay`` seconds ago. The
server keeps every frame it receives with the time it arrived (its own clock) and hands out only
the newest frame that arrived at or before ``now − delay``: nothing a page sends (a version, a
header, a parameter) enters that choice. With a delay of 0 the newest frame is shown.

A frame is whatever the spectator pages draw (a table's spectator view and who plays there),
kept as given. The organizer may lengthen the delay during the event, so every frame of the
last ``MAX_DELAY`` seconds is kept (at most ``FRAMES_KEPT`` per table), and the one before them.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import find_kit

DEFAULT_EVENT_DELAY = 120  # seconds: the hub's default during an event
HOME_DELAY = 0  # a table at home shows its game as it is
MAX_DELAY = 3600  # an hour: the longest delay an organizer may set
FRAMES_KEPT = 1000  # per table: an action every 3.6 s for the longest delay


@dataclass(frozen=True)
class Frame:
    """One table's frame as it arrived: when (the server's clock) and what it shows."""

    at: float
    shown: dict[str, Any]


class DelayedFrames:
    """Each table's frames, handed out ``delay`` seconds late. Safe to share between threads."""

    def __init__(self) -> None:
        self._frames: dict[str, deque[Frame]] = {}
        self._lock = threading.Lock()

    def record(self, table: str, shown: dict[str, Any], at: float) -> None:
        """``table``'s new frame, arrived at ``at`` (the server's clock, never a page's)."""
        with self._lock:
            frames = self._frames.setdefault(table, deque(maxlen=FRAMES_KEPT))
            frames.append(Frame(at, shown))

    def tables(self) -> list[str]:
        with self._lock:
            return list(self._frames)

    def shown(self, table: str, now: float, delay: float) -> Frame | None:
        """The newest frame of ``table`` that arrived at or before ``now − delay`` (``None``:
        none is that old yet). Frames that no delay allowed could show again (older than
        ``MAX_DELAY`` behind one that is) are dropped."""
        cutoff = now - min(max(0.0, delay), MAX_DELAY)
        with self._lock:
            frames = self._frames.get(table)
            if not frames:
                return None
            while len(frames) > 1 and frames[1].at <= now - MAX_DELAY:
                frames.popleft()
            return next((frame for frame in reversed(frames) if frame.at <= cutoff), None)

    def newest(self, table: str) -> Frame | None:
        """The newest frame of ``table`` (to build the next one from: never handed out)."""
        with self._lock:
            frames = self._frames.get(table)
            return frames[-1] if frames else None


def last_roll(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The newest log entry of ``view`` that records a roll (the game's kit says which do), as
    the log gives it; ``None`` when the log shown holds none."""
    try:
        read = find_kit(str(view.get("game"))).read_rolls
    except KeyError:
        return None
    if read is None:
        return None
    for entry in reversed(view.get("log") or []):
        action = entry.get("action")
        if entry.get("kind") == "push" and not entry.get("undone") and action and read(action):
            return dict(entry)
    return None


def broadcast_frame(
    table: str,
    summary: Mapping[str, Any],
    players: Mapping[str, Mapping[str, str | None]],
    previous: Frame | None,
) -> dict[str, Any]:
    """What the spectator pages show of ``table`` for one state (``publisher.table_summary``
    with its spectator ``view``): the view, who plays each seat (name, warband), the score,
    turn and winner, and the last roll — the newest in the view's log, else the one the
    previous frame of the same game showed."""
    view = summary.get("view")
    roll = last_roll(view) if view is not None else None
    if roll is None and previous is not None:
        same = previous.shown.get("game_id") == summary.get("game_id")
        roll = previous.shown.get("last_roll") if same else None
    return {
        "table": table,
        "game": summary.get("game"),
        "game_id": summary.get("game_id"),
        "version": summary.get("version"),
        "score": summary.get("score"),
        "turn": summary.get("turn"),
        "winner": summary.get("winner"),
        "players": {seat: dict(who) for seat, who in players.items()},
        "last_roll": roll,
        "view": view,
    }
