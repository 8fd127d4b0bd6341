"""The panel's per-app objects, shared by its blueprints: the table, its settings, the seat tokens,
the judge PIN guard, the round clock and the live feed."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from flask import current_app, session

from companion.settings import Settings
from companion.table import Table
from web_panel.clock import MatchClock
from web_panel.seats import PinGuard, SeatTokens, Viewer
from web_panel.stream import Feed
from web_panel.view import public_view


@dataclass
class Panel:
    table: Table
    settings: Settings
    tokens: SeatTokens
    pins: PinGuard
    clock: MatchClock
    feed: Feed = field(init=False)
    # Serialises the panel's check-then-act requests (undo at a given version).
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.feed = Feed(self.table, self.build_view)

    def build_view(self, notices: list[dict[str, Any]]) -> dict[str, Any]:
        return public_view(self.table, self.settings, self.clock, notices)

    def viewer(self) -> Viewer:
        """Who is behind the current request (from its signed session cookie)."""
        seat = session.get("seat")
        if session.get("game") != self.table.game_id:
            seat = None
        return Viewer(
            seat=seat if isinstance(seat, str) else None, judge=bool(session.get("judge"))
        )


def current_panel() -> Panel:
    panel: Panel = current_app.extensions["panel"]
    return panel
