"""The hub on the broker: the tournament's pairings and clock go out to the tables, their
results, judge calls and confirmations come in.

The table a message comes from is its topic (``<prefix>/<table>/result``): the broker's ACL lets
only that table's account write there. A message the event refuses (a result for a match not at
that table, a second different result) changes nothing and is listed in ``notices`` for the
organizer. Each table also hands the hub the join links of its pairing (``seats``): the hub
keeps those of the match the table plays now (``seat_links``) and shows each player only their
own, on their player page; the judge frees a seat through ``release``. On every (re)connection,
and after each change, the hub publishes every table's pairing and the clock again (retained), so
a table that was away catches up by itself; the clock is also sent every ``CLOCK_REFRESH``
seconds, carrying the hub's time so each table corrects for its own clock.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from companion.hub.publisher import HubView
from companion.hub.tournament import Tournament, TournamentError
from companion.settings import HubSettings

log = logging.getLogger(__name__)
CLOCK_REFRESH = 10.0
NOTICES = 50


class HubStation(HubView):
    kinds = ("state", "status", "result", "judge", "confirm", "seats")

    def __init__(
        self,
        settings: HubSettings,
        tournament: Tournament,
        on_update: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        """``on_update``: called with (table, summary) for every table state received."""
        self.tournament = tournament
        self.notices: deque[dict[str, Any]] = deque(maxlen=NOTICES)
        # table → {"match", "join": {seat: url}}: the join links of the match it plays now
        self.seat_links: dict[str, dict[str, Any]] = {}
        self._stop = threading.Event()
        super().__init__(settings, on_update, role="companion-hub")
        tournament.listeners.append(self._changed)
        self._ticker = threading.Thread(target=self._tick, name="hub-clock", daemon=True)
        self._ticker.start()

    # -- out to the tables ---------------------------------------------------------------------

    def connected(self) -> None:
        self.publish_all()

    def publish_all(self) -> None:
        """Every table's pairing (or none) and the clock."""
        for table in self.tournament.state.tables:
            self.publish_match(table)
        self.publish("clock", self.tournament.clock_status())

    def publish_match(self, table: str) -> None:
        found = self.tournament.state.match_at(table)
        view = self.tournament.match_view(found) if found is not None else {"id": None}
        self.publish(f"tables/{table}/match", view)

    def _changed(self, op: dict[str, Any]) -> None:
        kind = op["kind"]
        if kind in ("round_started", "tables", "configure"):
            self.publish_all()
        elif kind in ("result", "correction", "confirmed"):
            table = self.tournament.state.matches[op["match"]].table
            if table is not None:
                self.publish_match(table)
        elif kind == "clock":
            self.publish("clock", self.tournament.clock_status())

    def _tick(self) -> None:
        while not self._stop.wait(CLOCK_REFRESH):
            self.publish("clock", self.tournament.clock_status())

    # -- in from the tables --------------------------------------------------------------------

    def handle(self, table: str, kind: str, data: dict[str, Any]) -> None:
        try:
            if kind == "result":
                self.tournament.report(
                    _int(data, "match"), str(data.get("outcome")), table=table, by=table
                )
            elif kind == "judge":
                seat = data.get("seat")
                waiting = str(data.get("waiting_for", ""))
                self.tournament.call_judge(table, seat if isinstance(seat, str) else None, waiting)
            elif kind == "seats":
                self._keep_seat_links(table, data)
            elif kind == "confirm":
                match = self.tournament.state.matches.get(_int(data, "match"))
                if match is None or match.table != table or data.get("seat") not in ("A", "B"):
                    raise TournamentError("not_in_round", "a confirmation for another table")
                player = match.a if data["seat"] == "A" else match.b
                assert player is not None
                self.tournament.confirm(match.id, player)
        except TournamentError as error:
            if kind == "result" and error.code == "not_in_round" and self._recorded(data):
                return  # a previous round's retained result, seen again after a restart
            log.warning("hub: refused %s from %s: %s", kind, table, error)
            self.notices.append({"table": table, "kind": kind, "code": error.code, **error.fields})

    def _keep_seat_links(self, table: str, data: dict[str, Any]) -> None:
        match = self.tournament.state.match_at(table)
        join = data.get("join")
        if match is None or match.id != _int(data, "match"):
            raise TournamentError("not_in_round", "join links for a match not at that table")
        if (
            not isinstance(join, dict)
            or set(join) != {"A", "B"}
            or not all(
                isinstance(url, str) and url.startswith(("http://", "https://")) and len(url) <= 300
                for url in join.values()
            )
        ):
            raise TournamentError("not_in_round", "join links must be a web address per seat")
        with self._lock:
            self.seat_links[table] = {"match": match.id, "join": dict(join)}

    def links_for(self, table: str, match_id: int) -> dict[str, str] | None:
        """The join links (seat → url) of ``match_id`` at ``table``, if the table sent them."""
        with self._lock:
            kept = self.seat_links.get(table)
        return dict(kept["join"]) if kept is not None and kept["match"] == match_id else None

    def release(self, table: str, seat: str) -> int:
        """The judge frees ``seat`` of the match at ``table`` (a dead phone, a swapped device):
        the table unseats its phones and sends a new link. Returns the match."""
        match = self.tournament.state.match_at(table)
        if match is None or seat not in ("A", "B"):
            raise TournamentError("unknown_match", "no match at that table", match=table)
        self.publish(f"tables/{table}/release", {"match": match.id, "seat": seat}, retain=False)
        return match.id

    def _recorded(self, data: dict[str, Any]) -> bool:
        match = self.tournament.state.matches.get(data.get("match"))  # type: ignore[arg-type]
        return match is not None and match.outcome == data.get("outcome")

    def close(self) -> None:
        self._stop.set()
        if self._changed in self.tournament.listeners:
            self.tournament.listeners.remove(self._changed)
        super().close()


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError("not_in_round", f"'{key}' must be a match number")
    return value
