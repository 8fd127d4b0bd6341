"""The event the hub runs: players, rounds, results, corrections, the round clock, judge calls.

Every change is checked first, then appended to the journal (SQLite) and only then applied: a
refused request changes nothing, and a restarted hub replays its journal to exactly where it was.
Pairings are computed once, when a round starts, and stored with it.

Errors are ``TournamentError`` with a ``code`` (the message key ``hub.error.<code>`` in the
organizer page's languages) and the fields the message names.
"""

from __future__ import annotations

import csv
import io
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, cast, get_args

from companion.games import find_kit, kits, registered_armies
from companion.games.kit import RegisteredArmies
from companion.hub import swiss
from companion.hub.broadcast import DEFAULT_EVENT_DELAY, MAX_DELAY
from companion.hub.journal import Journal
from companion.hub.player_labels import (
    LabelsError,
    carriers_outside,
    check_labels,
    label_clashes,
)
from companion.settings import AtTime

NAME_LIMIT = 40
Stage = Literal["swiss", "cut"]


class TournamentError(ValueError):
    def __init__(self, code: str, message: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


@dataclass
class Player:
    id: int
    name: str
    warband: dict[str, Any] | None
    entered_round: int
    dropped: bool = False
    # the label registration of the carriers the player brought (``player_labels``), JSON form
    labels: dict[str, Any] | None = None


@dataclass
class MatchState:
    id: int
    round: int
    table: str | None
    a: int
    b: int | None
    outcome: swiss.Outcome | None = None
    reported_by: str | None = None
    confirmed: set[int] = field(default_factory=set)

    @property
    def done(self) -> bool:
        return self.b is None or self.outcome is not None

    def winner(self) -> int | None:
        if self.b is None:
            return self.a
        if self.outcome in (None, "draw"):
            return None
        return self.a if self.outcome == "a" else self.b

    def as_swiss(self) -> swiss.Match:
        return swiss.Match(self.round, self.a, self.b, self.outcome)


@dataclass
class Clock:
    """The round clock: ``deadline`` (epoch seconds) while running, ``remaining`` while paused."""

    length: float | None = None
    deadline: float | None = None
    remaining: float | None = None

    def seconds_left(self, now: float) -> float | None:
        if self.deadline is not None:
            return max(0.0, self.deadline - now)
        return self.remaining


@dataclass
class Round:
    """``across``: a Swiss round's pairs across point groups (``pairs``) and how many of them
    any pairing would need, rematches aside (``parity``); ``None`` for a cut round.
    ``rematches``: the matches it repeats (the organizer allowed the fewest: no pairing had
    none)."""

    number: int
    stage: Stage
    matches: list[int]
    clock: Clock
    across: dict[str, int] | None = None
    rematches: int = 0


@dataclass
class Ended:
    """The organizer ended the event after round ``round`` (no round is paired any more)."""

    by: str
    round: int


@dataclass
class JudgeCall:
    """A table's call: ``seat`` and ``waiting_for`` say what its game waits for (the pending
    decision's seat and kind, shown in the organizer's language)."""

    id: int
    table: str
    seat: str | None
    waiting_for: str
    at: float
    answered_by: str | None = None


@dataclass
class Settings:
    seed: int = 0
    tiebreakers: tuple[str, ...] = swiss.DEFAULT_TIEBREAKERS
    round_minutes: int | None = None
    at_time: str = "notify_only"
    banned_list: bool = True
    # the event's game (a kit's name); None: the first game the house lists
    game: str | None = None
    # seconds the public broadcast runs behind the tables (``broadcast``)
    broadcast_delay: int = DEFAULT_EVENT_DELAY


@dataclass
class EventState:
    settings: Settings = field(default_factory=Settings)
    tables: list[str] = field(default_factory=list)
    players: dict[int, Player] = field(default_factory=dict)
    matches: dict[int, MatchState] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    judge_calls: dict[int, JudgeCall] = field(default_factory=dict)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    # the event's map (``event_map.map_data``): every pairing carries it to its table
    dream_map: dict[str, Any] | None = None
    ended: Ended | None = None

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def round_matches(self, number: int) -> list[MatchState]:
        return [self.matches[m] for m in self.rounds[number - 1].matches]

    def swiss_matches(self) -> list[MatchState]:
        return self._stage_matches("swiss")

    def cut_matches(self) -> list[MatchState]:
        return self._stage_matches("cut")

    def _stage_matches(self, stage: Stage) -> list[MatchState]:
        return [self.matches[m] for r in self.rounds if r.stage == stage for m in r.matches]

    def match_at(self, table: str) -> MatchState | None:
        """The current round's match played at ``table`` (``None``: no round, or none there)."""
        current = self.current
        if current is None:
            return None
        return next((m for m in self.round_matches(current.number) if m.table == table), None)


def apply(state: EventState, op: Mapping[str, Any], at: float) -> None:
    """Apply one journal operation (already checked) to ``state``."""
    kind = op["kind"]
    if kind == "configure":
        values = {k: v for k, v in op.items() if k != "kind"}
        if "tiebreakers" in values:
            # an event journalled with a tie-breaker since retired (opponents' opponents'
            # match-win %) replays without it
            values["tiebreakers"] = tuple(
                t for t in values["tiebreakers"] if t in swiss.TIEBREAKERS
            )
        for name, value in values.items():
            setattr(state.settings, name, value)
    elif kind == "tables":
        state.tables = list(op["names"])
    elif kind == "check_in":
        player = Player(op["player"], op["name"], op["warband"], op["entered_round"])
        player.labels = op.get("labels")
        state.players[player.id] = player
    elif kind == "labels":
        state.players[op["player"]].labels = op["labels"]
    elif kind == "drop":
        state.players[op["player"]].dropped = True
    elif kind == "round_started":
        for m in op["matches"]:
            state.matches[m["id"]] = MatchState(m["id"], op["round"], m["table"], m["a"], m["b"])
        clock = Clock(**op["clock"])
        matches = [m["id"] for m in op["matches"]]
        rematches = int(op.get("rematches", 0))
        state.rounds.append(
            Round(op["round"], op["stage"], matches, clock, op.get("across"), rematches)
        )
    elif kind in ("result", "correction"):
        match = state.matches[op["match"]]
        match.outcome = op["outcome"]
        match.reported_by = op["by"]
        match.confirmed = set()
        if kind == "correction":
            state.corrections.append({**op, "at": at})
    elif kind == "confirmed":
        state.matches[op["match"]].confirmed.add(op["player"])
    elif kind == "clock":
        current = state.rounds[-1]
        current.clock = Clock(current.clock.length, op["deadline"], op["remaining"])
    elif kind == "judge_called":
        call = JudgeCall(op["call"], op["table"], op["seat"], op["waiting_for"], at)
        state.judge_calls[call.id] = call
    elif kind == "map":
        state.dream_map = op["map"]
    elif kind == "judge_answered":
        state.judge_calls[op["call"]].answered_by = op["by"]
    elif kind == "event_ended":
        state.ended = Ended(op["by"], op["round"])
    else:
        raise ValueError(f"unknown journal operation {kind!r}")


def check_warband(
    data: object, banned: Mapping[str, str] | None, armies: RegisteredArmies | None
) -> dict[str, Any]:
    """A registered warband, checked as the event's game checks it (``armies``: its kit's
    registered armies; the table's own check) and, with ``banned`` (name → source), against a
    banned list; refused when the event's game takes no registered armies."""
    from companion.errors import DataFileError

    if armies is None:
        raise TournamentError("warband_none", "the event's game takes no registered armies")
    if not isinstance(data, Mapping):
        raise TournamentError("warband", "a warband is a name and a list of miniatures", detail="")
    try:
        return armies.checked(data, banned)
    except DataFileError as exc:
        raise TournamentError("warband", f"warband: {exc}", detail=str(exc)) from None
    except ValueError as exc:
        problems = [str(problem) for problem in exc.args]
        raise TournamentError(
            "warband", f"warband: {problems[0]}", detail="; ".join(problems)
        ) from None


def _checked_labels(
    text: object, warband: Mapping[str, Any] | None, armies: RegisteredArmies | None
) -> dict[str, Any]:
    """A label registration's JSON form, checked whole and, with the player's ``warband``,
    against it: a carrier of a miniature not in the warband is refused."""
    try:
        registration = check_labels(text)
    except LabelsError as error:
        raise TournamentError(error.code, str(error), **error.fields) from None
    if warband is None or armies is None:
        return registration
    outside = carriers_outside(registration, warband, armies)
    if outside:
        shown = ", ".join(outside[:3]) + (" …" if len(outside) > 3 else "")
        name = str(warband["name"])
        raise TournamentError(
            "labels_warband",
            f"the label registration carries {shown}, not in the warband {name}",
            carriers=shown,
            count=len(outside),
            warband=name,
        )
    return registration


class Tournament:
    """The event, kept in ``journal``. Thread-safe; ``listeners`` hear every accepted operation."""

    def __init__(
        self,
        journal: Journal,
        now: Callable[[], float] = time.time,
        banned: Mapping[str, str] | None = None,
    ) -> None:
        """``banned``: the banned list (name → source) when ``banned_list`` is on; by default the
        shipped one (``RegisteredArmies.banned_list``)."""
        self.journal = journal
        self._now = now
        self._banned = banned
        self._lock = threading.RLock()
        self.state = EventState()
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        operations = journal.operations()
        for op, at in operations:
            apply(self.state, op, at)
        if not operations:
            self._commit({"kind": "configure", "seed": secrets.randbelow(2**31)})

    def _commit(self, op: dict[str, Any]) -> None:
        with self._lock:
            at = self.journal.append(op)
            apply(self.state, op, at)
        for listener in list(self.listeners):
            listener(op)

    # -- the event's settings and tables -------------------------------------------------------

    def configure(
        self,
        *,
        tiebreakers: Sequence[str] | None = None,
        round_minutes: int | None = None,
        at_time: str | None = None,
        banned_list: bool | None = None,
        game: str | None = None,
        broadcast_delay: int | None = None,
    ) -> None:
        op: dict[str, Any] = {"kind": "configure"}
        if game is not None and game != self.game:
            try:
                find_kit(game)
            except KeyError:
                raise TournamentError("game", f"unknown game {game!r}", game=game) from None
            if self.state.rounds or self.state.players:
                raise TournamentError("game_fixed", "the event's game is chosen before check-in")
            op["game"] = game
        if tiebreakers is not None:
            unknown = [t for t in tiebreakers if t not in swiss.TIEBREAKERS]
            if unknown or len(set(tiebreakers)) != len(tiebreakers):
                raise TournamentError(
                    "tiebreakers", f"tie-breakers are chosen from {', '.join(swiss.TIEBREAKERS)}"
                )
            op["tiebreakers"] = list(tiebreakers)
        if round_minutes is not None:
            if not 1 <= round_minutes <= 600:
                raise TournamentError("round_minutes", "a round lasts 1 to 600 minutes")
            op["round_minutes"] = round_minutes
        if at_time is not None:
            if at_time not in get_args(AtTime):
                raise TournamentError("at_time", "at time: notify_only, leader_wins or finish_turn")
            op["at_time"] = at_time
        if banned_list is not None:
            op["banned_list"] = bool(banned_list)
        if broadcast_delay is not None:
            if not 0 <= broadcast_delay <= MAX_DELAY:
                raise TournamentError(
                    "broadcast_delay", f"the broadcast's delay is 0 to {MAX_DELAY} seconds",
                    limit=MAX_DELAY,
                )  # fmt: skip
            op["broadcast_delay"] = broadcast_delay
        if len(op) > 1:
            with self._lock:
                self._commit(op)

    def set_tables(self, names: Sequence[str]) -> None:
        """The tables that take pairings, in table-number order (the first is table 1)."""
        from companion.hub.broker import BrokerError, check_table_names

        try:
            check_table_names(names)
        except BrokerError as exc:
            raise TournamentError("tables", str(exc)) from None
        with self._lock:
            if list(names) != self.state.tables:
                self._commit({"kind": "tables", "names": list(names)})

    def set_map(self, dream_map: Mapping[str, Any]) -> None:
        """The event's map (``event_map.event_map``'s, as ``map_data``): every pairing from now
        on carries it; the games already under way keep theirs."""
        with self._lock:
            if dict(dream_map) != self.state.dream_map:
                self._commit({"kind": "map", "map": dict(dream_map)})

    # -- players -------------------------------------------------------------------------------

    def check_in(self, name: str, warband: object = None, labels: object = None) -> Player:
        """A player joins (also after round 1: a late entry plays from the next round on), with
        a registered warband and the label registration of their own carriers (its file's text),
        each optional."""
        name = " ".join(str(name).split())
        if not 1 <= len(name) <= NAME_LIMIT:
            raise TournamentError("name", f"a name has 1 to {NAME_LIMIT} characters")
        armies = self.armies()
        checked = None if warband is None else check_warband(warband, self._banned_list(), armies)
        registration = None if labels is None else _checked_labels(labels, checked, armies)
        with self._lock:
            state = self.state
            same = [p for p in state.players.values() if p.name.casefold() == name.casefold()]
            if same:
                taken = same[0].name
                raise TournamentError("name_taken", f"{taken} has already checked in", name=taken)
            player_id = max(state.players, default=0) + 1
            self._commit(
                {
                    "kind": "check_in",
                    "player": player_id,
                    "name": name,
                    "warband": checked,
                    "entered_round": len(state.rounds) + 1,
                    **({"labels": registration} if registration is not None else {}),
                }
            )
            return state.players[player_id]

    def set_labels(self, player_id: int, labels: object) -> None:
        """Replace a player's label registration (a sheet reprinted with another key); ``None``
        removes it. Their next pairing sends the new one to the table."""
        with self._lock:
            warband = self._player(player_id).warband
            registration = (
                None if labels is None else _checked_labels(labels, warband, self.armies())
            )
            self._commit({"kind": "labels", "player": player_id, "labels": registration})

    def label_clashes(self) -> list[dict[str, Any]]:
        """Keys that players still in the event share (``player_labels.label_clashes``)."""
        with self._lock:
            players = [(p.name, p.labels) for p in self.state.players.values() if not p.dropped]
        return label_clashes(players)

    @property
    def game(self) -> str:
        """The event's game: the one the organizer chose, else the first the house lists."""
        return self.state.settings.game or kits()[0].name

    def armies(self) -> RegisteredArmies | None:
        """How the event's players register their armies (``None``: its game takes none)."""
        return registered_armies(self.game)

    def _banned_list(self) -> Mapping[str, str] | None:
        armies = self.armies()
        if not self.state.settings.banned_list or armies is None:
            return None
        if self._banned is None:
            self._banned = armies.banned_list()
        return self._banned

    def drop(self, player_id: int) -> None:
        """The player leaves: paired no more, kept in the standings (marked dropped)."""
        with self._lock:
            player = self._player(player_id)
            if player.dropped:
                raise TournamentError(
                    "dropped", f"{player.name} has already dropped", name=player.name
                )
            self._commit({"kind": "drop", "player": player_id})

    def _player(self, player_id: int) -> Player:
        player = self.state.players.get(player_id)
        if player is None:
            raise TournamentError("unknown_player", f"no player {player_id}", player=player_id)
        return player

    # -- rounds --------------------------------------------------------------------------------

    def _require_round_over(self) -> None:
        current = self.state.current
        if current is not None:
            missing = [m for m in self.state.round_matches(current.number) if not m.done]
            if missing:
                tables = ", ".join(m.table or f"#{m.id}" for m in missing)
                raise TournamentError(
                    "round_open",
                    f"round {current.number} waits for results ({tables})",
                    round=current.number,
                    tables=tables,
                )

    def _new_round(
        self,
        stage: Stage,
        pairs: Sequence[tuple[int, int]],
        bye: int | None,
        across: dict[str, int] | None = None,
        rematches: int = 0,
    ) -> Round:
        state = self.state
        number = len(state.rounds) + 1
        first_id = max(state.matches, default=0) + 1
        matches: list[dict[str, Any]] = []
        for i, (a, b) in enumerate(pairs):
            table = state.tables[i] if i < len(state.tables) else None
            matches.append({"id": first_id + i, "table": table, "a": a, "b": b})
        if bye is not None:
            matches.append({"id": first_id + len(pairs), "table": None, "a": bye, "b": None})
        minutes = state.settings.round_minutes
        length = minutes * 60.0 if minutes else None
        deadline = self._now() + length if length else None
        clock = {"length": length, "deadline": deadline, "remaining": None}
        op: dict[str, Any] = {"kind": "round_started", "round": number, "stage": stage}
        if across is not None:
            op["across"] = across
        if rematches:
            op["rematches"] = rematches
        self._commit({**op, "matches": matches, "clock": clock})
        return state.rounds[-1]

    def standings(self) -> list[swiss.Standing]:
        with self._lock:
            return swiss.standings(
                list(self.state.players),
                [m.as_swiss() for m in self.state.swiss_matches()],
                self.state.settings.tiebreakers,
            )

    def start_round(self, *, allow_rematches: bool = False) -> Round:
        """Pair the next round: Swiss until a cut has started, then the cut's next round. When no
        Swiss pairing avoids a rematch it is refused (``rematch_only``, saying why) unless the
        organizer then allows the fewest rematches (``allow_rematches``)."""
        with self._lock:
            self._require_not_ended()
            self._require_round_over()
            current = self.state.current
            if current is not None and current.stage == "cut":
                winners = [m.winner() for m in self.state.round_matches(current.number)]
                if len(winners) == 1:
                    raise TournamentError("event_over", "the cut's final has been played")
                pairs = self._pairing(lambda: swiss.next_cut_pairs([w for w in winners if w]))
                return self._new_round("cut", pairs, None)
            number = len(self.state.rounds) + 1
            active = {
                p.id
                for p in self.state.players.values()
                if not p.dropped and p.entered_round <= number
            }
            ranked = [s.player for s in self.standings() if s.player in active]
            matches = [m.as_swiss() for m in self.state.swiss_matches()]
            pairing = self._pairing(
                lambda: swiss.pair_swiss(
                    ranked,
                    matches,
                    round_number=number,
                    seed=self.state.settings.seed,
                    allow_rematches=allow_rematches,
                )
            )
            across = {"pairs": pairing.across, "parity": pairing.across_for_parity}
            return self._new_round("swiss", pairing.pairs, pairing.bye, across, pairing.rematches)

    def end_event(self, by: str) -> Ended:
        """The organizer ends the event once the round under way has its results (when no round
        can be paired without a rematch, or at any time between rounds): no round is paired
        after it, and the standings are final."""
        with self._lock:
            self._require_not_ended()
            self._require_round_over()
            current = self.state.current
            if current is None:
                raise TournamentError("no_round", "no round has started")
            self._commit({"kind": "event_ended", "by": by, "round": current.number})
            assert self.state.ended is not None
            return self.state.ended

    def _require_not_ended(self) -> None:
        ended = self.state.ended
        if ended is not None:
            raise TournamentError(
                "event_ended",
                f"{ended.by} ended the event after round {ended.round}",
                by=ended.by,
                round=ended.round,
            )

    def start_cut(self, size: int) -> Round:
        """A single-elimination cut of the top ``size`` players still in the event."""
        with self._lock:
            self._require_not_ended()
            if any(r.stage == "cut" for r in self.state.rounds):
                raise TournamentError("cut_started", "the cut has already started")
            self._require_round_over()
            players = self.state.players
            seeds = [s.player for s in self.standings() if not players[s.player].dropped][:size]
            if len(seeds) < size:
                raise TournamentError("cut_size", f"only {len(seeds)} players for a cut of {size}")
            return self._new_round("cut", self._pairing(lambda: swiss.cut_pairs(seeds)), None)

    @staticmethod
    def _pairing(make: Callable[[], Any]) -> Any:
        try:
            return make()
        except swiss.PairingError as exc:
            raise TournamentError(exc.code, str(exc), **exc.fields) from None

    # -- results -------------------------------------------------------------------------------

    def report(self, match_id: int, outcome: str, *, table: str | None, by: str) -> bool:
        """A match's result, from its table (``table`` set: it must be that match's table) or
        from the organizer. ``False``: the same result was already recorded (nothing changed)."""
        with self._lock:
            current = self.state.current
            if current is None:
                raise TournamentError("no_round", "no round has started")
            match = self.state.matches.get(match_id)
            if (
                match is None
                or match.round != current.number
                or match.b is None
                or (table is not None and match.table != table)
            ):
                raise TournamentError(
                    "not_in_round",
                    f"{table or 'that match'} plays no such match in round {current.number}",
                    table=table or "",
                    round=current.number,
                )
            checked = self._outcome(outcome, current.stage)
            if match.outcome is not None:
                if match.outcome == checked:
                    return False
                raise TournamentError(
                    "reported_twice",
                    f"{match.table or 'the match'} already reported a result; "
                    "the organizer or a judge corrects it",
                    table=match.table or "",
                )
            self._commit({"kind": "result", "match": match_id, "outcome": checked, "by": by})
            return True

    @staticmethod
    def _outcome(outcome: str, stage: Stage) -> swiss.Outcome:
        if outcome not in ("a", "b", "draw"):
            raise TournamentError("outcome", "a result is a, b or draw")
        if stage == "cut" and outcome == "draw":
            raise TournamentError("draw_in_cut", "a cut match has a winner")
        return cast(swiss.Outcome, outcome)

    def confirm(self, match_id: int, player_id: int) -> None:
        """A player agrees with the result recorded for their match."""
        with self._lock:
            match = self.state.matches.get(match_id)
            if match is None or match.outcome is None:
                raise TournamentError("nothing_to_confirm", "that match has no result to confirm")
            if player_id not in (match.a, match.b):
                raise TournamentError("not_your_match", "only the match's players confirm it")
            if player_id not in match.confirmed:
                self._commit({"kind": "confirmed", "match": match_id, "player": player_id})

    def correct(self, match_id: int, outcome: str, *, by: str, reason: str) -> None:
        """The organizer or a judge sets a match's result; the change is logged with ``reason``."""
        with self._lock:
            match = self.state.matches.get(match_id)
            if match is None or match.b is None:
                raise TournamentError("unknown_match", "no such match", match=match_id)
            stage = self.state.rounds[match.round - 1].stage
            checked = self._outcome(outcome, stage)
            if stage == "cut" and match.round != len(self.state.rounds):
                raise TournamentError("cut_moved_on", "the cut's next round is already paired")
            if not reason.strip():
                raise TournamentError("reason", "say why the result is corrected")
            self._commit(
                {
                    "kind": "correction",
                    "match": match_id,
                    "old": match.outcome,
                    "outcome": checked,
                    "by": by,
                    "reason": reason.strip()[:200],
                }
            )

    # -- the round clock -----------------------------------------------------------------------

    def pause_clock(self) -> None:
        with self._lock:
            clock = self._running_clock()
            if clock.deadline is None:
                raise TournamentError("clock_paused", "the clock is already paused")
            left = clock.seconds_left(self._now())
            self._commit({"kind": "clock", "deadline": None, "remaining": left})

    def resume_clock(self) -> None:
        with self._lock:
            clock = self._running_clock()
            if clock.deadline is not None or clock.remaining is None:
                raise TournamentError("clock_running", "the clock is already running")
            deadline = self._now() + clock.remaining
            self._commit({"kind": "clock", "deadline": deadline, "remaining": None})

    def _running_clock(self) -> Clock:
        current = self.state.current
        if current is None or current.clock.length is None:
            raise TournamentError("no_clock", "this round has no clock")
        return current.clock

    def clock_status(self) -> dict[str, Any]:
        """What every table shows: the round, seconds left (``None``: no clock) and the policy."""
        with self._lock:
            current = self.state.current
            clock = current.clock if current else Clock()
            return {
                "round": current.number if current else 0,
                "length": clock.length,
                "deadline": clock.deadline,
                "remaining": clock.seconds_left(self._now()),
                "running": clock.deadline is not None,
                "at_time": self.state.settings.at_time,
                "hub_time": self._now(),
            }

    # -- judge calls ---------------------------------------------------------------------------

    def call_judge(self, table: str, seat: str | None, waiting_for: str) -> JudgeCall:
        with self._lock:
            call_id = max(self.state.judge_calls, default=0) + 1
            self._commit(
                {
                    "kind": "judge_called",
                    "call": call_id,
                    "table": table,
                    "seat": seat if seat in ("A", "B") else None,
                    "waiting_for": waiting_for[:60],
                }
            )
            return self.state.judge_calls[call_id]

    def answer_call(self, call_id: int, by: str) -> None:
        with self._lock:
            call = self.state.judge_calls.get(call_id)
            if call is None or call.answered_by is not None:
                raise TournamentError("no_call", "no such open judge call")
            self._commit({"kind": "judge_answered", "call": call_id, "by": by})

    def answer_table_calls(self, table: str, by: str) -> int:
        """The judge at ``table`` took its calls: every open one is answered by ``by``; how many."""
        with self._lock:
            open_calls = [
                c.id
                for c in self.state.judge_calls.values()
                if c.table == table and c.answered_by is None
            ]
            for call_id in open_calls:
                self._commit({"kind": "judge_answered", "call": call_id, "by": by})
            return len(open_calls)

    # -- views and exports ---------------------------------------------------------------------

    def match_view(self, match: MatchState) -> dict[str, Any]:
        players = self.state.players

        def seat(player_id: int | None) -> dict[str, Any] | None:
            if player_id is None:
                return None
            p = players[player_id]
            return {"id": p.id, "name": p.name, "warband": p.warband, "labels": p.labels}

        return {
            "id": match.id,
            "round": match.round,
            "table": match.table,
            "a": seat(match.a),
            "b": seat(match.b),
            "outcome": "bye" if match.b is None else match.outcome,
            "reported_by": match.reported_by,
            "confirmed": sorted(match.confirmed),
            "game": self.game,
            "map": self.state.dream_map,
        }

    def table_pairing(self, match: MatchState) -> dict[str, Any]:
        """What a table receives of its match (``messages.Pairing``): the match, and the players
        of the match it held the round before with where each plays now (``before``: the phone
        of a player who moved says where to go)."""
        return {**self.match_view(match), "before": self._before(match)}

    def _before(self, match: MatchState) -> dict[str, Any] | None:
        state = self.state
        if match.table is None or match.round < 2:
            return None
        earlier = [m for m in state.round_matches(match.round - 1) if m.table == match.table]
        if not earlier or earlier[0].b is None:
            return None
        now = state.round_matches(match.round)

        def where(player: int) -> dict[str, Any]:
            found = next((m for m in now if player in (m.a, m.b)), None)
            if found is None:
                return {"table": None, "seat": None, "bye": False}  # dropped: not paired
            if found.b is None:
                return {"table": None, "seat": None, "bye": True}
            return {"table": found.table, "seat": "A" if found.a == player else "B", "bye": False}

        previous = earlier[0]
        assert previous.b is not None
        seats = {"A": where(previous.a), "B": where(previous.b)}
        return {"match": previous.id, "round": previous.round, "seats": seats}

    def standings_rows(self) -> list[dict[str, Any]]:
        """The standings as shown and exported: after a cut, its players first by how far they
        got (``cut``: ``winner``, ``final``, ``top-4``…), then the others; ``rank`` is that
        final place, ``swiss_rank`` the place after the Swiss rounds (points and tie-breakers
        are the Swiss rounds')."""
        with self._lock:
            players = self.state.players
            ranked = self.standings()
            cut = [m.as_swiss() for m in self.state.cut_matches()]
        by_player = {s.player: s for s in ranked}
        wins = swiss.cut_wins(cut)
        rows = []
        for rank, player in enumerate(swiss.final_order([s.player for s in ranked], cut), 1):
            standing = by_player[player]
            finish = swiss.cut_finish(len(wins), wins[player]) if player in wins else None
            rows.append(
                {
                    **standing.to_json(),
                    "rank": rank,
                    "swiss_rank": standing.rank,
                    "cut": finish,
                    "name": players[player].name,
                    "dropped": players[player].dropped,
                }
            )
        return rows

    def settings_view(self) -> dict[str, Any]:
        settings = self.state.settings
        return {
            "tiebreakers": list(settings.tiebreakers),
            "round_minutes": settings.round_minutes,
            "at_time": settings.at_time,
            "banned_list": settings.banned_list,
            "broadcast_delay": settings.broadcast_delay,
            "game": self.game,
            "games": [{"name": kit.name, "title": kit.title} for kit in kits()],
            "armies": self.armies() is not None,
            "maps": find_kit(self.game).event_maps is not None,
            "map": self.state.dream_map,
            "tiebreaker_source": "Magic: The Gathering Tournament Rules, Appendix C",
        }

    def export_json(self) -> dict[str, Any]:
        with self._lock:
            state = self.state
            return {
                "settings": self.settings_view(),
                "tables": list(state.tables),
                "players": [
                    {
                        "id": p.id,
                        "name": p.name,
                        "warband": p.warband,
                        "labels": p.labels,
                        "entered_round": p.entered_round,
                        "dropped": p.dropped,
                    }
                    for p in state.players.values()
                ],
                "rounds": [
                    {
                        "number": r.number,
                        "stage": r.stage,
                        "across": r.across,
                        "rematches": r.rematches,
                        "matches": [self.match_view(m) for m in state.round_matches(r.number)],
                    }
                    for r in state.rounds
                ],
                "corrections": list(state.corrections),
                "ended": None if state.ended is None else asdict(state.ended),
                "standings": self.standings_rows(),
            }

    def export_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                "rank", "name", "cut", "swiss_rank", "points", "wins", "draws", "losses", "byes",
                "omw", "gw", "ogw", "dropped",
            ]
        )  # fmt: skip
        for row in self.standings_rows():
            writer.writerow(
                [
                    row["rank"],
                    row["name"],
                    row["cut"] or "",
                    row["swiss_rank"],
                    row["points"],
                    row["wins"],
                    row["draws"],
                    row["losses"],
                    row["byes"],
                    f"{row['omw']:.4f}",
                    f"{row['gw']:.4f}",
                    f"{row['ogw']:.4f}",
                    "yes" if row["dropped"] else "",
                ]
            )
        return out.getvalue()
