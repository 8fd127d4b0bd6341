"""The hub on the broker: the tournament's pairings and clock go out to the tables, their
results, judge calls and confirmations come in, and once a match's game ends its record
(``GameRecord``, kept in ``records`` for the replay viewer).

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
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from companion.hub import messages as msg
from companion.hub.broadcast import DelayedFrames, broadcast_frame
from companion.hub.publisher import HubView
from companion.hub.records import GameRecords
from companion.hub.statistics import Player
from companion.hub.tournament import Tournament, TournamentError
from companion.settings import HubSettings

log = logging.getLogger(__name__)
CLOCK_REFRESH = 10.0
NOTICES = 50


class HubStation(HubView):
    kinds = ("state", "status", "result", "judge", "confirm", "judge_answered", "seats", "record")

    def __init__(
        self,
        settings: HubSettings,
        tournament: Tournament,
        on_update: Callable[[str, dict[str, Any]], None] | None = None,
        records: GameRecords | None = None,
    ) -> None:
        """``on_update``: called with (table, summary) for every table state received;
        ``records``: where the games of the matches are kept (none: the hub keeps none)."""
        self.tournament = tournament
        self.records = records
        self.notices: deque[dict[str, Any]] = deque(maxlen=NOTICES)
        # table → {"match", "join": {seat: url}}: the join links of the match it plays now
        self.seat_links: dict[str, dict[str, Any]] = {}
        # every state each table sent, for the broadcast (handed out late: ``broadcast``) and the
        # players' statistics
        self.frames = DelayedFrames()
        self.clock: Callable[[], float] = time.time  # when a state arrived, by the hub's clock
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
            self.publish_judge_calls(table)
        self.publish_clock()

    def publish_clock(self) -> None:
        self.publish("clock", msg.RoundClock.model_validate(self.tournament.clock_status()))

    def publish_match(self, table: str) -> None:
        found = self.tournament.state.match_at(table)
        view = self.tournament.table_pairing(found) if found is not None else {"id": None}
        self.publish(f"tables/{table}/match", msg.Pairing.model_validate(view))

    def publish_judge_calls(self, table: str) -> None:
        """How many of ``table``'s judge calls are open (0: its phones clear the call's notice)."""
        calls = [c for c in self.tournament.state.judge_calls.values() if c.table == table]
        still = sum(1 for c in calls if c.answered_by is None)
        self.publish(
            f"tables/{table}/judge_calls", msg.JudgeCallsOpen(open=still, calls=len(calls))
        )

    def _changed(self, op: dict[str, Any]) -> None:
        kind = op["kind"]
        if kind in ("round_started", "tables", "configure"):
            self.publish_all()
        elif kind in ("result", "correction", "confirmed"):
            table = self.tournament.state.matches[op["match"]].table
            if table is not None:
                self.publish_match(table)
        elif kind == "clock":
            self.publish_clock()
        elif kind in ("judge_called", "judge_answered"):
            self.publish_judge_calls(self.tournament.state.judge_calls[op["call"]].table)

    def _tick(self) -> None:
        while not self._stop.wait(CLOCK_REFRESH):
            self.publish_clock()

    # -- in from the tables --------------------------------------------------------------------

    def state_received(self, table: str, summary: dict[str, Any]) -> None:
        seats = self.seats_at(table, summary)
        who = {seat: {"name": p.name, "warband": p.warband} for seat, p in seats.items()}
        frame = broadcast_frame(table, summary, who, self.frames.newest(table))
        self.frames.record(table, frame, self.clock())

    def seats_at(self, table: str, summary: dict[str, Any]) -> dict[str, Player]:
        """Who plays at ``table``: the event's pairing there, else the names the table gave
        its seats (in the state's view)."""
        match = self.tournament.state.match_at(table)
        players = self.tournament.state.players
        shown = (summary.get("view") or {}).get("seats") or []
        seats = [str(s["seat"]) for s in shown]
        if match is not None and match.b is not None:
            # the pairing's A and B are the game's first and second seats (a game with seats of
            # its own names them otherwise)
            order = seats if len(seats) == 2 else ["A", "B"]
            paired = dict(zip(order, (players[match.a], players[match.b]), strict=True))
            return {
                seat: Player(p.name, None if p.warband is None else str(p.warband.get("name")))
                for seat, p in paired.items()
            }
        names = {str(s["seat"]): s.get("name") for s in shown}
        return {seat: Player(str(names.get(seat) or seat)) for seat in seats}

    def handle(self, table: str, kind: str, message: msg.Message) -> None:
        try:
            if isinstance(message, msg.MatchResult):
                self.tournament.report(message.match, message.outcome, table=table, by=table)
            elif isinstance(message, msg.JudgeCall):
                self.tournament.call_judge(table, message.seat, message.waiting_for)
            elif isinstance(message, msg.JudgeAnswered):
                self.tournament.answer_table_calls(table, by=table)
            elif isinstance(message, msg.SeatLinks):
                self._keep_seat_links(table, message)
            elif isinstance(message, msg.GameRecord):
                self._keep_record(table, message)
            elif isinstance(message, msg.ResultConfirmed):
                match = self.tournament.state.matches.get(message.match)
                if match is None or match.table != table:
                    raise TournamentError("not_in_round", "a confirmation for another table")
                player = match.a if message.seat == "A" else match.b
                if player is None:
                    raise TournamentError("not_in_round", "a confirmation for a bye")
                self.tournament.confirm(match.id, player)
        except TournamentError as error:
            stale = isinstance(message, msg.MatchResult) and error.code == "not_in_round"
            if stale and self._recorded(message):  # type: ignore[arg-type]
                return  # a previous round's retained result, seen again after a restart
            log.warning("hub: refused %s from %s: %s", kind, table, error)
            self.notices.append({"table": table, "kind": kind, "code": error.code, **error.fields})

    def _keep_record(self, table: str, message: msg.GameRecord) -> None:
        """A match's game, from the table that played it (that match's, in any round)."""
        match = self.tournament.state.matches.get(message.match)
        if match is None or match.table != table:
            raise TournamentError("not_in_round", "a game record for a match not at that table")
        if self.records is not None:
            try:
                self.records.keep(match.id, message.export)
            except ValueError as error:
                raise TournamentError("not_in_round", str(error)) from None

    def _keep_seat_links(self, table: str, message: msg.SeatLinks) -> None:
        match = self.tournament.state.match_at(table)
        if match is None or match.id != message.match:
            raise TournamentError("not_in_round", "join links for a match not at that table")
        try:
            join = message.links()
        except ValueError as error:
            raise TournamentError("not_in_round", str(error)) from None
        if set(join) != {"A", "B"}:
            raise TournamentError("not_in_round", "join links for both seats")
        with self._lock:
            self.seat_links[table] = {"match": match.id, "join": join}

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
        release = msg.SeatRelease.model_validate({"match": match.id, "seat": seat})
        self.publish(f"tables/{table}/release", release, retain=False)
        return match.id

    def _recorded(self, result: msg.MatchResult) -> bool:
        match = self.tournament.state.matches.get(result.match)
        return match is not None and match.outcome == result.outcome

    def close(self) -> None:
        self._stop.set()
        if self._changed in self.tournament.listeners:
            self.tournament.listeners.remove(self._changed)
        super().close()
