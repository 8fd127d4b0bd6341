"""A table in a tournament: the hub's pairing sets up the game, the result goes back.

``TableLink`` holds the table's one connection to the hub (``TablePublisher``). When the hub
pairs two players at this table, the link starts the event's game — its kit's paired game
(between their registered warbands when both gave one), else its usual starting game — with their
names on the seats and the label registrations the pairing carries (their own carriers, kept for the
camera in the table's session, ``companion.table.seated_labels``, until the next pairing or until
the hub pairs no one here), all as one start of the table (``Table.start_game``: one store
transaction).
When that game ends (or at time, under the ``leader_wins`` policy) it sends the result; which
match the table plays, and any result sent, are kept in ``hub-match.json`` so a table restarted
mid-round sends its result again. The table's state goes to the hub once per version (a new action,
an undo, a new game), built once from the table's memory (never its log on disk); it carries, when
the table runs its panel, the panel's spectator view (board, seats, what the game waits for): the
hub's wall and its judge's read-only page draw it. The hub's round clock, with the event's
``at_time`` rule, is shown on the table's panel, and at time that rule is applied
(``leader_wins``: the player ahead by the game's score is reported the winner, a draw when level).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import events as ev
from companion.errors import DataFileError
from companion.events import Event
from companion.games import configured_kit, find_kit
from companion.games.kit import GameKit
from companion.games.protocol import Game
from companion.hub.publisher import TablePublisher, table_summary
from companion.settings import SeatSettings, Settings
from companion.table.seated_labels import clear_seated, save_seated, seated_labels
from companion.table.session import Lineup
from companion.table.start_request import StartRequest
from companion.table.table import Table
from vision.registration import LabelRegistration, registration_from_data

log = logging.getLogger(__name__)
MATCH_FILE = "hub-match.json"
SEAT_OUTCOMES = {"A": "a", "B": "b"}
# the events that make a new version of the table's state: one state message each
NEW_VERSION = frozenset({ev.ACTION_APPLIED, ev.UNDONE, ev.GAME_STARTED})

# what spectators away from the table may watch of it (the panel's spectator view)
Watch = Callable[[], dict[str, Any]]
# where phones open the table's panel (``http://192.168.1.20:8000``); ``None``: no panel
JoinBase = Callable[[], str | None]
# a game of the table's store (by id) as a game export (docs/formats.md "Game export")
Export = Callable[[int], dict[str, Any]]
# length, remaining, running, the event's at_time rule
ShowClock = Callable[[float | None, float | None, bool, str], None]


def match_kit(settings: Settings, match: dict[str, Any] | None) -> GameKit:
    """The kit of the game the event plays (the pairing's ``game``); the table's own when the
    pairing names none or a game this table does not have (logged)."""
    name = (match or {}).get("game")
    if isinstance(name, str):
        try:
            return find_kit(name)
        except KeyError:
            log.warning("the event plays %r, a game this table does not have", name)
    return configured_kit(settings)


def event_map(settings: Settings, match: dict[str, Any] | None) -> Any:
    """The event's map the pairing carries for the event's game (its kit's ``event_map``);
    ``None`` when the game has none, the event names none or what it sent is no map (logged)."""
    read = match_kit(settings, match).event_map
    return None if read is None else read(match)


def game_for_match(match: dict[str, Any], settings: Settings) -> Game:
    """The game two paired players start with: the event's game's ``paired_game`` (between the
    armies they registered, on the event's map), else its starting game (they set it up on the
    panel)."""
    kit = match_kit(settings, match)
    return (
        kit.starting_game(settings) if kit.paired_game is None else kit.paired_game(settings, match)
    )


def leader_outcome(game: Game) -> str:
    """Who is ahead by the game's ``score`` summary (a draw when level or unknown)."""
    score = game.summary().get("score") or {}
    a, b = score.get("A", 0), score.get("B", 0)
    return "a" if a > b else "b" if b > a else "draw"


class TableLink:
    def __init__(
        self,
        settings: Settings,
        table: Table,
        show_clock: ShowClock | None = None,
        *,
        now: Callable[[], float] = time.time,
        make_game: Callable[[dict[str, Any], Settings], Game] = game_for_match,
        watch: Watch | None = None,
        join_base: JoinBase | None = None,
        export: Export | None = None,
    ) -> None:
        """``watch``: the table's spectator view, sent with every state (the hub's wall and its
        judge's read-only page draw it); without it only the summary is sent. ``join_base``:
        where phones open the table's panel; with it, each pairing's join links go to the hub
        (its player pages: each player's phone follows them to their table). ``export``: a game
        of the table's store as a game export; with it, the match's game goes to the hub when
        it ends (its replay viewer)."""
        self._export = export
        self.settings = settings
        self._watch = watch
        self._join_base = join_base
        self._make_game = make_game
        self.table = table
        self._show_clock = show_clock
        self._now = now
        self._lock = threading.RLock()
        self._path = settings.data_dir / MATCH_FILE
        self.match: dict[str, Any] | None = _load(self._path)
        # the match a new pairing is replacing, while its game starts (``moved``)
        self._replacing: dict[str, Any] | None = None
        self._timer: threading.Timer | None = None
        self._clock: dict[str, Any] = {}
        self._time_called: int | None = None
        # The hub's latest view of this table's match (its recorded result, who confirmed it),
        # and who to tell when it changes (the panel).
        self.hub_match: dict[str, Any] | None = None
        self.on_change: Callable[[], None] | None = None
        self._published: tuple[int, int] | None = None  # the (game, version) the hub has
        self._judge_called = False  # a call the hub has not said answered yet
        self._hub_calls = 0  # how many of this table's calls the hub had recorded, last we heard
        self._calls_before = 0  # ... when the open call was made: the hub's answer must count it
        self.publisher = TablePublisher(
            settings.hub,
            settings.table_name,
            on_match=self.on_match,
            on_clock=self.on_clock,
            on_judge_calls=self.on_judge_calls,
            on_release=self.on_release,
        )
        self._unsubscribe = table.bus.subscribe(self._on_event)
        self._publish_state()
        self._report_if_over()
        if self.match is not None and self.match.get("outcome") is not None:
            self._send_record()  # again after a restart: a hub that missed it gets it

    # -- the table's side ----------------------------------------------------------------------

    def _publish_state(self) -> None:
        """Send the table's state unless the hub has this version already."""
        with self._lock:
            state = self.table.state()
            version = (state["game_id"], state["version"])
            if version == self._published:
                return
            summary = self.table.read(lambda game: game.summary())
            published = table_summary(self.settings.table_name, state, summary)
            if self._watch is not None:
                published["view"] = self._watch()
            self.publisher.publish_state(published)
            self._published = version

    def _on_event(self, event: Event) -> None:
        self.publisher.publish_event(event)
        if event.kind in NEW_VERSION:
            self._publish_state()
        if event.kind == ev.JUDGE_CALLED:
            self._judge_called = True
            self._calls_before = self._hub_calls
            pending = self.table.read(lambda game: game.pending())
            self.publisher.publish_judge_call(pending.seat, pending.kind)
        if event.kind == ev.JUDGE_ANSWERED:
            self._judge_called = False
            if event.data.get("by") != "hub":  # taken at the table: the hub's list clears
                self.publisher.publish_judge_answered()
        if event.kind == ev.GAME_STARTED:
            self._follow_new_game(int(event.data["game_id"]))
        self._report_if_over()

    def _follow_new_game(self, game_id: int) -> None:
        """The players set up their game on the panel (their warbands were not registered): the
        match is played by the table's newest game."""
        with self._lock:
            if self.match is not None and self.match.get("outcome") is None:
                self.match = {**self.match, "game_id": game_id}
                _save(self._path, self.match)
                self._publish_seat_links()  # the last game's codes are void in this one

    def _report_if_over(self) -> None:
        with self._lock:
            match = self.match
            if match is None:
                return
            if match.get("outcome") is not None:
                self.publisher.publish_result(match["match"], match["outcome"])
                return
            if self.table.game_id != match["game_id"]:
                return
            winner = self.table.read(lambda game: game.winner())
            if winner is None:
                return
            outcome = SEAT_OUTCOMES.get(winner)
            if outcome is None:
                log.warning("hub: seat %r won, which is no tournament seat", winner)
                return
            self._report(outcome)

    def _report(self, outcome: str) -> None:
        assert self.match is not None
        self.match = {**self.match, "outcome": outcome}
        _save(self._path, self.match)
        self.publisher.publish_result(self.match["match"], outcome)
        self._send_record()

    def _send_record(self) -> None:
        """The match's game, as it ended, for the hub's replay viewer (retained)."""
        match = self.match
        if self._export is None or match is None or match.get("game_id") is None:
            return
        try:
            export = self._export(int(match["game_id"]))
        except Exception:  # the result counts; a record that cannot be read is only logged
            log.exception("hub: the game of match %s could not be exported", match["match"])
            return
        self.publisher.publish_record(match["match"], export)

    # -- the hub's side ------------------------------------------------------------------------

    def on_match(self, view: dict[str, Any]) -> None:
        match_id = view.get("id")
        paired = isinstance(match_id, int) and bool(view.get("a")) and bool(view.get("b"))
        self.hub_match = view if paired else None
        if not paired:
            clear_seated(self.table.session)  # no pairing here now: no players' labels
            self._changed()
            return
        with self._lock:
            labels = self._seat_labels(view)
            if self.match is not None and self.match["match"] == match_id:
                save_seated(self.table.session, match_id, labels)
                self._changed()  # the phones say which players' labels the camera leaves out
                self._report_if_over()  # the same pairing again (a reconnection): resend
                return
            game = self._make_game(view, self.settings)
            names = {"A": str(view["a"]["name"]), "B": str(view["b"]["name"])}
            earlier = self.match
            # its phones lose their seats: they say where to go now, known before the new game
            # shows (a phone asks who it is as soon as it sees the game change)
            replaced = (
                None
                if earlier is None
                else {"match": earlier["match"], "game_id": earlier["game_id"]}
            )
            self._replacing = replaced
            self.table.start_game(self._start_request(game, names, int(view["id"]), labels))
            self.match = {"match": match_id, "game_id": self.table.game_id, "outcome": None}
            if replaced is not None:
                self.match["replaced"] = replaced
            self._replacing = None
            _save(self._path, self.match)
            self._publish_seat_links()
            self._changed()  # the phones see the new game and where the replaced one's went
            log.info("hub: match %d, %s against %s", match_id, names["A"], names["B"])

    def _publish_seat_links(self) -> None:
        """Hand the hub a join link for each seat of the pairing's game (codes minted by the
        table's session, for this game only: the next pairing's game voids them)."""
        base = self._join_base() if self._join_base is not None else None
        if base is None or self.match is None:
            return
        game_id = self.table.game_id
        session = self.table.session
        join = {
            seat: f"{base.rstrip('/')}/join/{session.issue_code(seat, game_id)}"
            for seat in SEAT_OUTCOMES
        }
        self.publisher.publish_seats(
            {"match": self.match["match"], "game_id": game_id, "join": join}
        )

    def on_release(self, data: dict[str, Any]) -> None:
        """The hub's judge frees a seat of this table's match (a dead phone, a swapped device):
        its phones are unseated and the hub gets a new link for it."""
        seat = data.get("seat")
        with self._lock:
            match = self.match
            if match is None or data.get("match") != match["match"] or seat not in SEAT_OUTCOMES:
                log.warning("hub: a seat release for another match ignored: %s", data)
                return
            released = self.table.session.release(str(seat), self.table.game_id)
            log.info(
                "hub: the judge freed seat %s of match %s (%d phone(s))",
                seat,
                match["match"],
                released,
            )
            self._publish_seat_links()
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    @staticmethod
    def _seat_labels(view: dict[str, Any]) -> dict[str, LabelRegistration]:
        """The seated players' own carriers (their label registrations in the pairing), which
        the camera reads for this match and no earlier match's; one that does not load is left
        out."""
        seats: dict[str, LabelRegistration] = {}
        for seat in ("A", "B"):
            data = (view.get(seat.lower()) or {}).get("labels")
            if data is None:
                continue
            try:
                seats[seat] = registration_from_data(data, f"seat {seat}'s labels from the hub")
            except DataFileError as error:
                log.warning("hub: %s", error)
        return seats

    def _start_request(
        self,
        game: Game,
        names: dict[str, str],
        match_id: int,
        labels: dict[str, LabelRegistration],
    ) -> StartRequest:
        """The pairing's game with the players' names on the seats (their colours kept) and
        their labels, started as one: a pairing is a new lineup, so no phone of the game it
        replaces stays seated (``companion.table.session``)."""
        current = self.table.session.seats() or dict(self.settings.seats)
        seats = {
            seat: SeatSettings(name=names[seat][:40] or s.name, colour=s.colour)
            if seat in names
            else s
            for seat, s in current.items()
        }
        paired = {seat: seats[seat].name for seat in names if seat in seats}
        return StartRequest(
            game,
            Lineup.of(paired, paired=True),
            seats=seats,
            labels=seated_labels(match_id, labels),
        )

    def event_map(self) -> Any:
        """The event's map for this table's pairing (the panel's set-up plays on it)."""
        return event_map(self.settings, self.hub_match)

    def result_view(self) -> dict[str, Any] | None:
        """The result the hub recorded for this table's match, for its players to confirm:
        ``{"match", "outcome": "a"|"b"|"draw", "confirmed": [seats]}``; ``None`` before."""
        view = self.hub_match
        if view is None or view.get("outcome") not in ("a", "b", "draw"):
            return None
        seats = {view["a"]["id"]: "A", view["b"]["id"]: "B"}
        confirmed = sorted(seats[p] for p in view.get("confirmed", []) if p in seats)
        return {"match": view["id"], "outcome": view["outcome"], "confirmed": confirmed}

    def event_view(self) -> dict[str, Any]:
        """What the table's screen says of the event: this table's name and, when the hub paired
        a match here, its round, its number and the players by seat."""
        view: dict[str, Any] = {"table": self.settings.table_name, "round": None}
        paired = self.hub_match
        if paired is not None:
            view.update(
                round=paired.get("round"),
                match=paired["id"],
                players={"A": paired["a"]["name"], "B": paired["b"]["name"]},
            )
        return view

    def moved(self, game_id: int, seat: str) -> dict[str, Any] | None:
        """Where the player who held ``seat`` in game ``game_id`` — the game of this table's
        match before the hub's new pairing replaced it — plays now (the hub's ``before``):
        ``{"round", "table", "seat", "bye", "here"}``; ``None`` when that is not known."""
        replaced = self._replacing or (self.match or {}).get("replaced")
        paired = self.hub_match
        before = (paired or {}).get("before")
        if replaced is None or paired is None or before is None:
            return None
        if replaced["game_id"] != game_id or before.get("match") != replaced["match"]:
            return None
        where = (before.get("seats") or {}).get(seat)
        if where is None:
            return None
        here = where.get("table") == self.settings.table_name
        return {**where, "round": paired.get("round"), "here": here}

    def match_id(self) -> int | None:
        """The hub's match now paired at this table (``None``: none)."""
        view = self.hub_match
        return int(view["id"]) if view is not None else None

    def confirm(self, seat: str) -> None:
        """A seated player agrees with the recorded result (``LookupError``: nothing recorded)."""
        view = self.result_view()
        if view is None:
            raise LookupError("the hub has recorded no result for this table's match")
        self.publisher.publish_confirm(view["match"], seat)

    def on_judge_calls(self, calls: dict[str, Any]) -> None:
        """The hub's count of this table's open judge calls: at 0, once the hub has recorded the
        call made here, it was answered at the hub and the phones clear its notice (a count sent
        before the hub heard of the call says nothing about it)."""
        self._hub_calls = int(calls.get("calls", 0))
        recorded = self._hub_calls > self._calls_before
        if calls.get("open") == 0 and self._judge_called and recorded:
            self.table.bus.publish(Event(ev.JUDGE_ANSWERED, {"by": "hub"}))

    def on_clock(self, status: dict[str, Any]) -> None:
        offset = float(status.get("hub_time") or self._now()) - self._now()
        deadline = status.get("deadline")
        running = bool(status.get("running")) and isinstance(deadline, (int, float))
        remaining = status.get("remaining")
        if running:
            remaining = max(0.0, float(deadline) - (self._now() + offset))  # type: ignore[arg-type]
        with self._lock:
            self._clock = status
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if running and remaining is not None:
                self._timer = threading.Timer(remaining, self._at_time)
                self._timer.daemon = True
                self._timer.start()
        if self._show_clock is not None:
            at_time = str(status.get("at_time", "notify_only"))
            self._show_clock(status.get("length"), remaining, running, at_time)

    def _at_time(self) -> None:
        """The round's time is up: apply the event's policy. The phones say so in their language
        (the clock they follow carries the rule); ``TIME_UP`` tells the hub and the log."""
        with self._lock:
            round_number = self._clock.get("round")
            if self._time_called == round_number:
                return
            self._time_called = round_number
            policy = str(self._clock.get("at_time", "notify_only"))
            playing = (
                self.match is not None
                and self.match.get("outcome") is None
                and self.table.game_id == self.match["game_id"]
                and self.table.read(lambda game: game.winner()) is None
            )
            if not playing:
                return
            if policy == "leader_wins":
                self._report(self.table.read(leader_outcome))
        self.table.bus.publish(Event(ev.TIME_UP, {"policy": policy, "round": round_number}))

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._unsubscribe()
        self.publisher.close()


def _load(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    ok = isinstance(data, dict) and isinstance(data.get("match"), int)
    return data if ok else None


def _save(path: Path, match: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(match), encoding="utf-8")
    temporary.replace(path)
