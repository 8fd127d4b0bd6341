"""The replays of the matches' games on the hub (``versions.replay_of`` over the records the
tables sent: ``companion.hub.records``), each built once and kept (the last few) until its table
sends the record anew. Listing the records (the pages' ``/api/event``, polled while the event
runs) builds the ones not built yet in the background, so a game that just ended opens at once."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Iterable

from companion.hub.records import GameRecords
from web_panel.replay.kept import Served
from web_panel.replay.versions import replay_of

KEPT = 8
log = logging.getLogger(__name__)


class MatchReplays:
    def __init__(self, records: GameRecords) -> None:
        self.records = records
        self._kept: OrderedDict[int, tuple[tuple[int, int], Served]] = OrderedDict()
        self._lock = threading.Lock()  # one build at a time
        self._ahead: threading.Thread | None = None

    def served(self, match_id: int) -> Served | None:
        """The replay of ``match_id``'s game (``None``: no record; ``ExportError``: its record
        does not replay)."""
        with self._lock:
            stamp = self.records.stamp(match_id)
            kept = self._kept.get(match_id)
            if stamp is None or kept is None or kept[0] != stamp:
                document = self.records.get(match_id)
                if stamp is None or document is None:
                    return None
                kept = self._kept[match_id] = (stamp, Served.of(replay_of(document)))
                while len(self._kept) > KEPT:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(match_id)
            return kept[1]

    def built(self) -> set[int]:
        """The matches whose replay is built and kept."""
        with self._lock:
            return set(self._kept)

    def ahead(self, match_ids: Iterable[int]) -> None:
        """Build the replays of ``match_ids`` not built yet, in the background (the newest few)."""
        with self._lock:
            missing = [m for m in sorted(match_ids)[-KEPT:] if m not in self._kept]
            if not missing or (self._ahead is not None and self._ahead.is_alive()):
                return
            self._ahead = threading.Thread(
                target=self._build, args=(missing,), name="match-replays", daemon=True
            )
            self._ahead.start()

    def _build(self, match_ids: list[int]) -> None:
        for match_id in match_ids:
            try:
                self.served(match_id)
            except Exception:  # a record that does not replay: asked, the page says so
                log.debug("the replay of match %s was not built ahead", match_id, exc_info=True)
