"""A single table's own broadcast (the config's ``broadcast:`` section): its spectator view,
recorded on every new version (an action, an undo, a new game) and handed out by the broadcast's
pages (``web_panel.broadcast``) ``delay_seconds`` late, as the hub does for an event's tables."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.events import Event
from companion.hub.broadcast import DelayedFrames, broadcast_frame
from companion.hub.publisher import table_summary
from companion.hub.table_link import NEW_VERSION
from companion.settings import BroadcastSettings
from companion.table.table import Table
from web_panel.broadcast.pages import BroadcastSource


class TableBroadcast:
    """Records the table's frames for its broadcast; ``close`` stops listening."""

    def __init__(
        self,
        table: Table,
        name: str,
        settings: BroadcastSettings,
        watch: Callable[[], dict[str, Any]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.table = table
        self.name = name
        self._watch = watch
        self._clock = clock
        self.frames = DelayedFrames()
        self.source = BroadcastSource(
            self.frames, lambda: settings.delay_seconds, lambda: [name], clock
        )
        self.record()
        self._unsubscribe = table.bus.subscribe(self._on_event, set(NEW_VERSION))

    def record(self) -> None:
        """The table as it is now, as a frame of its broadcast."""
        state = self.table.state()
        summary = table_summary(self.name, state, self.table.read(lambda game: game.summary()))
        summary["view"] = self._watch()
        # no registered players or warbands here: the view's seats name the players, each page
        # in its viewer's language ("Player A" is "プレイヤーA" in Japanese)
        frame = broadcast_frame(self.name, summary, {}, self.frames.newest(self.name))
        self.frames.record(self.name, frame, self._clock())

    def _on_event(self, _event: Event) -> None:
        self.record()

    def close(self) -> None:
        self._unsubscribe()
