"""One table: the game in play, its store and its event bus, its session (who plays, the phones
holding their seats: ``session``), and who may act.

Every proposal — a tap on a phone, a change seen by the camera, a button — comes here. The table
checks who proposes it, hands it to the game (the single source of truth), makes it durable in the
store (with the camera's pictures of it, in the same transaction: ``evidence``), and only then
publishes the events — one ``action_applied`` per action — and acknowledges. A refused proposal
changes nothing. The table keeps its game's log in memory too and builds its ``state`` once per
version, so the views and the hub's messages never read the store back.

**Remote play** (``companion.remote``) adds a gate: a table can be *held* (``hold``: the link to
the other table is down, the partner is away, or it is catching up), and then refuses every action
and undo with ``PausedError``, changing nothing. A guest table ``forward_to`` the host: its
proposals go to the host's engine and come back as the host's log entries, which it ``follow``s.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from companion import events as ev
from companion.errors import IllegalActionError
from companion.events import Event, EventBus
from companion.games import find_game, find_kit
from companion.games.kit import asks_dice
from companion.games.protocol import Action, Game, Label
from companion.settings import SeatSettings
from companion.table.catalog import write_entries
from companion.table.printed_maps import write_values
from companion.table.proposers import (
    CAMERA,
    JUDGE,
    Authority,
    Proposer,
    proposer_from,
    role,
    seat_of,
)
from companion.table.session import Lineup, Session
from companion.table.start_request import StartRequest
from companion.table.store import Evidence, KeptWith, Store, undone_part

__all__ = [
    "CAMERA",
    "JUDGE",
    "Accepted",
    "Forwarder",
    "JudgeOnlyError",
    "PausedError",
    "SeatError",
    "StaleError",
    "StartRequest",
    "Table",
]

log = logging.getLogger(__name__)
T = TypeVar("T")

# Above this many legal actions (e.g. every possible dice result) the state lists none of them:
# the pending decision's details say what to enter instead.
LEGAL_LIST_LIMIT = 300


class SeatError(PermissionError):
    """The proposer may not make this proposal (wrong seat, or a judge-only correction)."""


class JudgeOnlyError(SeatError):
    """The proposal is a correction (``Action.judge_only``) and the proposer is not the judge."""


class StaleError(RuntimeError):
    """The proposal was made against an older state than the table's: the game moved on."""


@dataclass(frozen=True)
class Expected:
    """A computer seat's action waiting for the players to carry out its miniature's move: the
    table takes no other action for that seat until the camera sees it (or a phone says it was
    done, ``Table.carried_out``)."""

    seat: str
    action: Action
    label: Label
    reason: Label | None
    piece: str
    cell: str
    start: str | None = None  # the cell it leaves (or its portal), which the LEDs light it from
    seen: bool = False  # only the camera seeing it there takes it (no phone's word)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "label": self.label.to_json(),
            "reason": None if self.reason is None else self.reason.to_json(),
            "piece": self.piece,
            "cell": self.cell,
            "start": self.start,
        }


class PausedError(RuntimeError):
    """The table is held (remote play): ``reason`` is ``link_down``, ``account_refused`` (the
    broker refuses this table's account), ``partner_away`` or ``syncing``. Nothing changed."""

    REASONS = ("link_down", "account_refused", "partner_away", "syncing")

    def __init__(self, reason: str) -> None:
        super().__init__(f"the game is paused ({reason})")
        self.reason = reason


@dataclass(frozen=True)
class Accepted:
    """An accepted action (or an undo: the action taken back) and the version it made."""

    action: Action
    events: list[Event]
    version: int
    label: Label | None = None  # what people read for it (an accepted push's, as logged)


class Forwarder(Protocol):
    """Where a guest table sends its proposals: the host's engine (``companion.remote.link``).
    Each call returns once the host accepted it and this table has followed the host's entry;
    a refusal comes back as the table's own exception types."""

    def submit(
        self, proposer: Proposer, text: str, version: int | None, game_id: int | None
    ) -> Accepted: ...

    def undo(self, proposer: Proposer, version: int | None, game_id: int | None) -> Accepted: ...


class Table:
    """The game of one table. Thread-safe: the panel, the camera and the buttons share it."""

    def __init__(self, store: Store, game: Game, game_id: int, bus: EventBus | None = None) -> None:
        self.store = store
        self.bus = bus or EventBus()
        self._game = game
        self._game_id = game_id
        self._lock = threading.RLock()
        self.session = Session(store)
        self._evidence = threading.local()  # the camera's pictures for its thread's proposals
        self._held: str | None = None  # why the table is paused (remote play), if it is
        self._forwarder: Forwarder | None = None  # a guest table's host
        self._remote: dict[str, Any] | None = None  # the remote block of the state
        self._expected: Expected | None = None  # a computer seat's move the players carry out
        self._dice_typed_for: frozenset[str] = frozenset()  # seats whose dice any phone enters
        self._follow_log(store.log(game_id))

    def _follow_log(self, log_entries: list[dict[str, Any]]) -> None:
        """Take the game's log as it is in the store (opening, or a new game); call locked."""
        self._log = _with_notices(self._game, log_entries)
        self._version = len(log_entries)
        self._expected = None
        self._pushed_by = _effective_proposers(log_entries)
        self._state: tuple[int, int, dict[str, Any]] | None = None

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def new_game(
        cls, store: Store, game_name: str, setup: dict[str, Any], bus: EventBus | None = None
    ) -> Table:
        """Start a game from its setup (a record with no actions) and store it."""
        return cls.start(store, find_game(game_name).from_record({**setup, "actions": []}), bus)

    @classmethod
    def start(cls, store: Store, game: Game, bus: EventBus | None = None) -> Table:
        """Store ``game`` as a new game of this table and seat it."""
        return cls(store, game, store.start_game(game), bus)

    @classmethod
    def resume(cls, store: Store, bus: EventBus | None = None) -> Table | None:
        """The table of the store's unfinished game, replayed exactly; ``None`` if there is none."""
        stored = store.unfinished()
        if stored is None:
            return None
        return cls(store, store.load(stored.id), stored.id, bus)

    def start_game(self, request: StartRequest) -> int:
        """Start ``request.game`` at this table in place of the current one, which is abandoned
        if it is unfinished, with everything that changes with it (``StartRequest``: who plays,
        the seats, the round clock, the pieces' tags, the seated players' labels, the catalog
        entries and printed-map values typed in) — all written in one store transaction: if any
        write fails, nothing changed, on disk or in memory. Only once it is committed does the
        table play the new game (and its clock show the new round) and publish
        ``GAME_STARTED``; everyone holding the table (panel, lights, camera, hub link) sees the
        new game. Returns its id.

        ``ClockError`` for a round length the clock refuses, before anything is written.
        """
        with self._lock:
            session = self.session
            with self.store.transaction() as db:
                game_id = self.store.insert_game(db, request.game, request.tags)
                if self._game.winner() is None:
                    self.store.end_game(db, self._game_id, "abandoned", None)
                session.game_started(db, self._game_id, game_id, request.lineup)
                if request.seats is not None:
                    session.write_seats(db, request.seats)
                round_kept = None
                if request.clock is not None:
                    round_kept = session.write_new_round(db, request.clock.minutes)
                if request.labels is not None:
                    session.write_labels(db, request.labels.match, request.labels.seats)
                write_entries(db, request.entries)
                write_values(db, request.map_values)
            if round_kept is not None:
                session.new_round_kept(round_kept)
            self._game, self._game_id = request.game, game_id
            self._follow_log(self.store.log(game_id))
            event = Event(ev.GAME_STARTED, {"game": request.game.name, "game_id": game_id})
        self.bus.publish(event)
        return game_id

    # -- reading -------------------------------------------------------------------------------

    @property
    def game_id(self) -> int:
        return self._game_id

    @property
    def version(self) -> int:
        """Grows with every accepted action or undo; phones send it back to detect staleness."""
        return self._version

    def read(self, reader: Callable[[Any], T]) -> T:
        """Run ``reader`` on the game under the table's lock (never mutate it there).

        The game is typed loosely: readers use the query methods of the game they expect.
        """
        with self._lock:
            return reader(self._game)

    def snapshot(self) -> Game:
        """A copy of the game, safe to read at leisure."""
        with self._lock:
            return self._game.copy()

    def state(self) -> dict[str, Any]:
        """The generic state every view starts from, built once per version (a new dict each
        call: add to it freely, but never change what it holds)."""
        with self._lock:
            if self._state is None or self._state[:2] != (self._game_id, self._version):
                game = self._game
                legal = game.decision_actions()
                listed = len(legal) <= LEGAL_LIST_LIMIT
                built = {
                    "game": game.name,
                    "game_id": self._game_id,
                    "version": self._version,
                    "pending": game.pending().to_json(),
                    # each as the game describes it (``Offer``): what the phones list and send
                    "offers": [o.to_json() for o in game.describe_all(legal)] if listed else None,
                    "legal_count": len(legal),
                    "winner": game.winner(),
                    "position": game.position(),
                    # the seat whose dice the pending roll asks for, when any seated phone may
                    # enter them (a computer seat whose dice the players roll for real)
                    "dice_typed_for": self._typed_roll_locked(),
                }
                self._state = (self._game_id, self._version, built)
            remote = None if self._remote is None else {**self._remote, "paused": self._held}
            expected = None if self._expected is None else self._expected.to_json()
            return {**self._state[2], "remote": remote, "expected": expected}

    # -- a computer seat's move, carried out by the players --------------------------------------

    def expect(
        self,
        seat: str,
        action: Action,
        piece: str,
        cell: str,
        reason: Label | None,
        start: str | None = None,
        seen: bool = False,
    ) -> None:
        """Hold ``action`` of the computer's ``seat`` until its miniature ``piece`` is put in
        ``cell``: the camera's (or anyone's) proposal for that seat must be that action; anything
        else is refused with what is expected, and nothing changes. ``IllegalActionError`` if the
        action is not legal now. ``start``: the cell the miniature leaves (the LEDs light its way
        from there, ``ACTION_EXPECTED``). ``seen``: only the camera (or the judge) may take it —
        a table with a camera, where no phone's word says where a miniature stands."""
        with self._lock:
            game = self._game
            if game.seat_for(action) != seat or action not in game.legal_actions():
                raise IllegalActionError(f"{action} is not {seat}'s to take now", rule="expect")
            label = game.describe(action).label
            self._expected = Expected(seat, action, label, reason, piece, cell, start, seen)
            self._state = None
        self.bus.publish(
            Event(ev.ACTION_EXPECTED, {"seat": seat, "piece": piece, "cell": cell, "start": start})
        )

    def expected(self) -> Expected | None:
        with self._lock:
            return self._expected

    def drop_expected(self, seat: str) -> None:
        """Forget ``seat``'s move waiting to be carried (the table no longer plays that seat)."""
        with self._lock:
            if self._expected is None or self._expected.seat != seat:
                return
            self._expected = None
            self._state = None
        self.bus.publish(Event(ev.ACTION_EXPECTED, {"seat": seat, "piece": None, "cell": None}))

    def type_dice_for(self, seat: str, typed: bool = True) -> None:
        """Let any seated phone enter ``seat``'s dice (``typed``; False: only that seat again):
        a computer seat whose dice the players roll for real and type in. A roll the game asks of
        that seat is then taken from any seat, as that seat's."""
        with self._lock:
            seats = self._dice_typed_for | {seat} if typed else self._dice_typed_for - {seat}
            self._dice_typed_for = frozenset(seats)
            self._state = None

    def _typed_roll_locked(self) -> str | None:
        """The seat whose roll the game waits for, if phones type that seat's dice."""
        seat = self._game.pending().seat
        if seat not in self._dice_typed_for or self._game.is_over:
            return None
        return seat if asks_dice(find_kit(self._game.name), self._game) else None

    def carried_out(
        self, proposer: Proposer, version: int | None = None, game_id: int | None = None
    ) -> Accepted:
        """A phone (no camera) says the expected miniature was put where the computer said;
        ``version``, ``game_id``: the state it saw, as for ``submit``."""
        with self._lock:
            expected = self._expected
            if expected is None:
                raise IllegalActionError("no move of the computer waits", rule="expect.none")
        return self.submit(proposer, expected.action, version=version, game_id=game_id)

    def log(self, last: int | None = None) -> list[dict[str, Any]]:
        """The game's log entries as ``Store.log`` gives them (the ``last`` few), from memory."""
        with self._lock:
            entries = self._log if last is None else self._log[-last:] if last else []
            return [dict(entry) for entry in entries]

    def label_of(self, seq: int) -> Label | None:
        """The label kept with log entry ``seq`` (a push of this game), if it has one."""
        with self._lock:
            entry = self._log[seq - 1] if 0 < seq <= len(self._log) else None
        if entry is None or entry.get("label") is None:
            return None
        return Label.from_json(entry["label"])

    def game_log(self) -> dict[str, Any]:
        """The game as a remote guest follows it, all of one moment: its ``game`` name, its
        ``setup`` (the record without actions), ``game_id``, ``version`` and log ``entries``."""
        with self._lock:
            setup = dict(self._game.record())
            setup.pop("actions", None)
            return {
                "game": self._game.name,
                "setup": setup,
                "game_id": self._game_id,
                "version": self._version,
                "entries": [dict(entry) for entry in self._log],
            }

    # -- the camera's evidence -----------------------------------------------------------------

    @contextmanager
    def evidence(self, cells: list[tuple[str, bytes, bytes]]) -> Iterator[None]:
        """While in this block, the actions the camera proposes from this thread are stored with
        ``cells`` — its pictures (cell, before JPEG, after JPEG) of the change that made them —
        in the same transaction: both are kept, or neither."""
        self._evidence.current = Evidence(list(cells))
        try:
            yield
        finally:
            self._evidence.current = None

    # -- acting --------------------------------------------------------------------------------

    def submit(
        self,
        proposer: Proposer,
        text: str | Action,
        *,
        version: int | None = None,
        game_id: int | None = None,
        agreed: bool = False,
        kept_with: KeptWith | None = None,
        reason: Label | None = None,
    ) -> Accepted:
        """Propose the action written ``text`` (or the action itself, as a phone sends an offer
        it was given: ``Game.action_from``) on behalf of ``proposer``.

        ``proposer`` is a seat's id, ``CAMERA`` (acts for whoever the game waits for) or ``JUDGE``
        (acts for anyone, and alone may push corrections: actions marked ``judge_only``).
        ``version`` and ``game_id``: the state the proposer saw (``StaleError`` unless it is still
        the table's). ``agreed``: every seat said the same (a map value they read off the printed
        map, ``web_panel.map_agreement``), which stands for the judge's word. Raises
        ``ValueError`` for malformed text, ``SeatError``, ``StaleError`` or
        ``IllegalActionError``; in every such case nothing changed. The reply's version is the
        one this action made, whatever happens after it. ``PausedError`` while the table is
        held; a guest table forwards the proposal to its host (``forward_to``). ``kept_with``:
        written in the action's own store transaction (``Store.append_action``). ``reason``: a
        computer seat's explanation, kept and shown with the entry (``table.computer_seat``).
        """
        with self._lock:
            self._check_held()
            forwarder = self._forwarder
            if forwarder is None:
                self._check_current(version, game_id)
                action = self._game.parse_action(text) if isinstance(text, str) else text
                if action.judge_only and proposer != JUDGE and not agreed:
                    raise JudgeOnlyError(f"only the judge may make a correction ({action})")
                waiting_for = self._game.seat_for(action)
                expected = self._expected
                if expected is not None and proposer != JUDGE and waiting_for == expected.seat:
                    if action != expected.action:
                        raise IllegalActionError(
                            f"the computer's move is {expected.action}: put {expected.piece} "
                            f"in {expected.cell} (the table saw {action})",
                            rule="expect.other",
                        )
                    if expected.seen and proposer not in (CAMERA, JUDGE):
                        raise IllegalActionError(
                            f"the camera takes the computer's move once it sees {expected.piece} "
                            f"in {expected.cell}",
                            rule="expect.camera",
                        )
                    proposer, reason = expected.seat, expected.reason
                typed_roll = self._typed_roll_locked()
                if isinstance(proposer, str) and typed_roll and waiting_for == typed_roll:
                    proposer = waiting_for  # its dice, typed from real dice on a phone
                if not isinstance(proposer, Authority) and waiting_for not in (None, proposer):
                    raise SeatError(f"the game waits for seat {waiting_for}, not seat {proposer}")
                accepted = self._push_locked(proposer, action, kept_with, reason)
        if forwarder is not None:  # outside the lock: the host's entry comes back through it
            return forwarder.submit(proposer, str(text), version, game_id)
        self.bus.publish_all(accepted.events)
        return accepted

    def _push_locked(
        self,
        proposer: Proposer,
        action: Action,
        kept_with: KeptWith | None = None,
        reason: Label | None = None,
    ) -> Accepted:
        """Apply, store and count an action already checked; publishing is the caller's. The
        action's label and step are read before the push: the state it was taken in."""
        offer = self._game.describe(action)
        game_events = self._game.push(action)
        self._expected = None  # the game moved on: whatever was expected was done or is moot
        evidence = getattr(self._evidence, "current", None) if proposer == CAMERA else None
        try:
            entry = self.store.append_action(
                self._game_id, action, proposer, evidence, kept_with, offer=offer, reason=reason
            )
        except Exception:
            self._game.pop()
            raise
        if evidence is not None:
            evidence.kept(entry["seq"])
        self._log.append({**entry, "undone": False, "notices": ev.notices_of(game_events)})
        self._version += 1
        self._pushed_by.append(proposer)
        applied = Event(
            ev.ACTION_APPLIED,
            {"action": str(action), **_by(proposer), "version": self._version},
        )
        self._finish_if_over()
        return Accepted(action, [*game_events, applied], self._version, offer.label)

    def undo(
        self,
        proposer: Proposer,
        *,
        version: int | None = None,
        game_id: int | None = None,
        kept_with: KeptWith | None = None,
    ) -> Accepted:
        """Take back the last action: a seat only its own last one, the judge any.

        ``version``, ``game_id`` and ``kept_with`` as for ``submit``: checked and undone in one
        step, so no action can slip in between. The reply holds the action taken back and the
        new version.
        """
        with self._lock:
            self._check_held()
            forwarder = self._forwarder
            if forwarder is None:
                self._check_current(version, game_id)
                undone = self._undo_locked(proposer, kept_with=kept_with)
        if forwarder is not None:
            return forwarder.undo(proposer, version, game_id)
        self.bus.publish_all(undone.events)
        return undone

    def undo_last(self) -> Accepted:
        """Take back the last action on behalf of whoever proposed it (the table's undo button).

        Who proposed it and the undo are read and done under one hold of the lock, so an action
        arriving meanwhile is never the one taken back. The rules are ``undo``'s: a seat's last
        action in a finished game stays (``SeatError``); ``IllegalActionError`` (``undo.empty``)
        when there is nothing to undo.
        """
        with self._lock:
            self._check_held()
            if not self._pushed_by:
                raise IllegalActionError("there is nothing to undo", rule="undo.empty")
            last, forwarder = self._pushed_by[-1], self._forwarder
            if forwarder is None:
                undone = self._undo_locked(last)
            else:  # the state it undoes: the host refuses it if anything came in between
                version, game_id = self._version, self._game_id
        if forwarder is not None:
            return forwarder.undo(last, version, game_id)
        self.bus.publish_all(undone.events)
        return undone

    def _undo_locked(
        self, proposer: Proposer, *, check: bool = True, kept_with: KeptWith | None = None
    ) -> Accepted:
        """``undo``'s step, the lock held; publishing is the caller's, once it is released.
        ``check=False``: the host already decided it (``follow``)."""
        if not self._game.actions:
            raise IllegalActionError("there is nothing to undo", rule="undo.empty")
        finished = self._game.winner() is not None
        if check and proposer != JUDGE and (finished or self._pushed_by[-1] != proposer):
            raise SeatError("only the judge can take back this action")
        if finished:
            self.store.reopen(self._game_id)
        entry = self.store.append_undo(self._game_id, proposer, kept_with)
        self._expected = None
        taken = next(e for e in reversed(self._log) if e["kind"] == "push" and not e["undone"])
        taken["undone"] = True
        self._log.append({**entry, "undoes": undone_part(taken)})
        action = self._game.pop()
        self._pushed_by.pop()
        self._version += 1
        event = Event(ev.UNDONE, {"action": str(action), **_by(proposer), "version": self._version})
        return Accepted(action, [event], self._version)

    # -- remote play: the gate -----------------------------------------------------------------

    @property
    def held(self) -> str | None:
        """Why the table is paused (``PausedError.REASONS``), or ``None``."""
        return self._held

    def hold(self, reason: str) -> None:
        """Pause the table: every action and undo is refused with ``PausedError(reason)``."""
        if reason not in PausedError.REASONS:
            raise ValueError(f"unknown pause reason {reason!r}")
        with self._lock:
            changed = self._held != reason
            self._held = reason
        if changed:
            self._remote_changed()

    def release(self) -> None:
        """Take the pause off: the table plays on where it was."""
        with self._lock:
            changed = self._held is not None
            self._held = None
        if changed:
            self._remote_changed()

    def set_remote(self, block: dict[str, Any] | None) -> None:
        """The remote block the state shows (``role``, ``seat``, ``partner``, ``connected``,
        ``names``; ``paused`` is the table's own ``held``), ``None`` at a table on its own."""
        with self._lock:
            changed = self._remote != block
            self._remote = None if block is None else dict(block)
        if changed:
            self._remote_changed()

    def _remote_changed(self) -> None:
        self.bus.publish(Event(ev.REMOTE_CHANGED, {"remote": self.state()["remote"]}))

    def forward_to(self, forwarder: Forwarder | None) -> None:
        """From now on send every proposal and undo to ``forwarder`` (a guest table's host);
        ``None``: decide them here again."""
        with self._lock:
            self._forwarder = forwarder

    def _check_held(self) -> None:
        if self._held is not None:
            raise PausedError(self._held)

    def follow(
        self,
        entries: list[dict[str, Any]],
        setup_record: dict[str, Any] | None = None,
        game_name: str | None = None,
        lineup: Lineup | None = None,
        seats: Mapping[str, SeatSettings] | None = None,
    ) -> int:
        """Mirror the host's log: apply the ``entries`` (the host's whole log of its game, as
        ``log`` gives it) this table does not have yet, in order, each stored and published as a
        local action would be, with the host's proposer. Entries already here are ignored.

        ``setup_record`` (with ``game_name``): the host plays another game than this table's —
        start it from that record (``lineup``: who plays it; ``seats``: their names on this
        table's seats, stored with it) before following its entries.
        Returns how many entries were applied. Raises ``ValueError`` (nothing applied) if the
        entries do not continue this table's log."""
        if setup_record is not None:
            if game_name is None:
                raise ValueError("a new game to follow needs its name")
            game = find_game(game_name).from_record({**setup_record, "actions": []})
            self.start_game(StartRequest(game, lineup, seats))
        published: list[Event] = []
        with self._lock:
            have = len(self._log)
            new = [entry for entry in entries if int(entry["seq"]) > have]
            if new and int(new[0]["seq"]) != have + 1:
                raise ValueError(f"the host's log skips from entry {have} to {new[0]['seq']}")
            for entry in new:
                proposer = proposer_from(str(entry["by"]), entry.get("seat"))
                if entry["kind"] == "push":
                    accepted = self._push_locked(proposer, self._game.parse_action(entry["action"]))
                else:
                    accepted = self._undo_locked(proposer, check=False)
                published.extend(accepted.events)
        self.bus.publish_all(published)
        return len(new)

    def flag(
        self, reason: str, cells: Iterable[str] = (), source: str = CAMERA.value, **about: Any
    ) -> None:
        """Show a problem (an illegal or ambiguous change, a device fault); apply nothing.

        The event says it as data, never as English: ``reason`` (what it is; the panel words
        ``notice.flagged.<reason>`` in the phone's language), ``cells`` (flashed on the LEDs),
        ``by`` (``source``) and ``about``, what it concerns (JSON values: ``subject``, a piece id
        the panel shows by name; ``cell``; ``expected``, where it belongs...). docs/formats.md
        "Flagged notices" lists the reasons and their fields.
        """
        data = {"reason": reason, "cells": list(cells), "by": source, **about}
        self.bus.publish(Event(ev.FLAGGED, data))

    def _check_current(self, version: int | None, game_id: int | None) -> None:
        if game_id is not None and game_id != self._game_id:
            raise StaleError(f"a new game started (you saw game {game_id})")
        if version is not None and version != self._version:
            raise StaleError(
                f"the game moved on (you saw state {version}, it is now {self._version})"
            )

    def _finish_if_over(self) -> None:
        winner = self._game.winner()
        if winner is not None:
            self.store.finish(self._game_id, winner)


def _with_notices(game: Game, log_entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log with each push's rule notices (``notices``: what the rules decided by themselves
    when it was applied), found by replaying the log from the game's start: the store keeps the
    actions, and the rules say the same of them every time."""
    if not log_entries:
        return log_entries
    try:
        replay = type(game).from_record({**game.record(), "actions": []})
        for entry in log_entries:
            if entry["kind"] == "push":
                entry["notices"] = ev.notices_of(replay.push(replay.parse_action(entry["action"])))
            elif replay.actions:
                replay.pop()
    except (ValueError, IndexError):  # a game whose record does not replay its log: no notices
        log.warning("the log of this %s game does not replay: its notices are not shown", game.name)
    return log_entries


def _by(proposer: Proposer) -> dict[str, str | None]:
    """Who acted, in an event: ``by`` is ``seat``, ``judge`` or ``camera``; ``seat`` names it."""
    return {"by": role(proposer), "seat": seat_of(proposer)}


def _effective_proposers(log_entries: list[dict[str, Any]]) -> list[Proposer]:
    """Who pushed each action still in the game, from the store's log (undos applied)."""
    proposers: list[Proposer] = []
    for entry in log_entries:
        if entry["kind"] == "push":
            proposers.append(proposer_from(entry["by"], entry["seat"]))
        elif proposers:
            proposers.pop()
    return proposers
