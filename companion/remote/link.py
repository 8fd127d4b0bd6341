"""The two ends of a remote game over MQTT: ``HostLink`` at the table whose engine is the game,
``GuestLink`` at the table that plays one seat of it from afar.

Both say they are there (a retained ``Presence``, turned offline by their Last Will) and pause
their table (``Table.hold``) while their broker connection is down (``link_down``) or the other
table is not there (``partner_away``); the guest also while it has not yet caught up with the
host's game (``syncing``). Both play on as soon as everything is back; either table may restart:
its session is in its store (``state``).

The host binds the first guest that says hello with the current invite's nonce (single-use),
publishes its whole log (retained ``GameLog``) once per version, and answers each of the bound
guest's proposals — submitted as the guest's seat only — keeping the answer by proposal id, so a
duplicate is answered again and never applied twice. The guest follows the host's log
(``Table.follow``) and is its table's forwarder (``Table.forward_to``): each proposal of its
phones, camera or buttons goes to the host and returns once the host accepted it and the guest
shows it.

Anything unreadable from the broker is logged, counted (``dropped``) and dropped; nothing stops
the network loop.

Timing. A lost connection is tried again after 1 s, then every 2 s (``RECONNECT_MIN`` /
``RECONNECT_MAX``): play resumes within about 3 s of the link coming back, and a broker that is
down gets one attempt every 2 s from each table, never more. Each connection's socket sends at
once (``TCP_NODELAY``): with Nagle's algorithm, a proposal written while the broker had not yet
acknowledged this table's last small packet (its acknowledgement of the host's game) waited for
the broker's delayed ACK, 40 ms on Linux; the broker ``companion remote broker`` writes does the
same on its side (``set_tcp_nodelay``).
"""

from __future__ import annotations

import contextlib
import logging
import socket
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any, Literal, Protocol

import paho.mqtt.client as mqtt

from companion import events as ev
from companion.errors import IllegalActionError
from companion.mosquitto import stop_network_loop
from companion.remote import messages as msg
from companion.remote.state import RemoteSession, RemoteState, keep_answer_in
from companion.settings import SeatSettings
from companion.table.proposers import Authority, Proposer
from companion.table.session import Lineup
from companion.table.store import KeptWith
from companion.table.table import (
    Accepted,
    JudgeOnlyError,
    PausedError,
    SeatError,
    StaleError,
    Table,
)

log = logging.getLogger(__name__)

REPLY_TIMEOUT = 10.0  # seconds a guest's proposal waits for the host before it counts as paused
KEEPALIVE = 10  # seconds: a broker notices a vanished table within 1.5 × this
RECONNECT_MIN, RECONNECT_MAX = 1, 2  # seconds before a reconnection attempt (doubling to the cap)
# a connected guest that has not had the host's game says hello again this often: whatever was
# missed on the way (its hello, the game the host sent back), the next asks for it anew
HELLO_AGAIN_SECONDS = 2.0
SHOWN_EVENTS = {ev.ACTION_APPLIED, ev.UNDONE, ev.GAME_STARTED}


class Reach(Protocol):
    """Where the broker is and the room's topics (``access.BrokerAccess`` has these)."""

    @property
    def host(self) -> str: ...

    @property
    def port(self) -> int: ...

    @property
    def room(self) -> str: ...


ClientFactory = Callable[[], mqtt.Client]
# the broker's answers that refuse the account itself (MQTT 5's "Bad user name or password" and
# "Not authorized"; paho gives 3.1.1's return codes 4 and 5 as these): no retry will do, the
# table's remote: settings or the invite must change
ACCOUNT_REFUSALS = (134, 135)
Kind = Literal["action", "undo", "roll", "agree"]


class Roller(Protocol):
    """The kit's virtual dice, rolled for a seat at the state it saw (version, game id) and
    submitted as that seat, ``kept_with`` written in the roll's own store transaction
    (``companion.table.dice_roll.roll_for``)."""

    def __call__(
        self,
        table: Table,
        seat: str,
        version: int | None,
        game_id: int | None,
        /,
        *,
        kept_with: KeptWith | None = None,
    ) -> Accepted: ...


Outcome = Literal["waiting", "agreed", "disagreed"]
# the host's map agreement (the panel's ``say_map_value``): a seat says the printed value of a key
# cell (seat, cell, value, the game it saw); the outcome for the seats' numbers
Agreer = Callable[[str, str, int, int | None], Outcome]


class _Link:
    """What both ends share: the client, presence, pausing and reading messages."""

    role = ""
    partner_role = ""

    def __init__(
        self,
        table: Table,
        state: RemoteState,
        access: Reach,
        client: ClientFactory,
        seats: Mapping[str, SeatSettings] | None = None,
    ) -> None:
        self.table = table
        self.state = state
        self.config_seats = dict(seats or {})  # the config's seats, until a set-up names others
        self.access = access
        self.room = access.room
        self.dropped = 0  # unreadable messages dropped
        self.connected = False
        self.account_refused = False  # the broker said no to this table's account (its password)
        self.partner_online = False
        self._lock = threading.RLock()
        self._closed = False
        self.client = client()
        self.client.will_set(self._topic(f"{self.role}_presence"), self._presence(False), 1, True)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_socket_open = _send_at_once
        self.client.reconnect_delay_set(min_delay=RECONNECT_MIN, max_delay=RECONNECT_MAX)
        self._handlers: dict[str, Callable[[bytes], None]] = {}

    # -- life cycle ----------------------------------------------------------------------------

    def start(self) -> None:
        """Pause the table until everything is there, then connect in the background (paho
        reconnects by itself)."""
        self._update()
        self.client.connect_async(self.access.host, self.access.port, keepalive=KEEPALIVE)
        self.client.loop_start()

    def close(self) -> None:
        """Say goodbye (presence offline) and disconnect; the table plays on its own."""
        with self._lock:
            self._closed = True
        if self.connected:
            info = self.client.publish(
                self._topic(f"{self.role}_presence"), self._presence(False), 1, True
            )
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(2)
        self.client.disconnect()
        stop_network_loop(self.client)

    # -- MQTT callbacks ------------------------------------------------------------------------

    def _on_connect(self, client: mqtt.Client, _u: Any, _f: Any, reason: Any, _p: Any) -> None:
        if reason.is_failure:
            log.warning("remote %s: the broker refused the connection: %s", self.role, reason)
            with self._lock:
                self.account_refused = reason.value in ACCOUNT_REFUSALS
            self._update()
            return
        with self._lock:
            self.account_refused = False
            self.connected = True
            self._connected()
            for name in self._handlers:
                client.subscribe(self._topic(name), qos=1)
            client.publish(self._topic(f"{self.role}_presence"), self._presence(True), 1, True)
        self._update()
        log.info("remote %s: connected to the broker", self.role)

    def _on_disconnect(self, _c: mqtt.Client, _u: Any, _f: Any, reason: Any, _p: Any) -> None:
        with self._lock:
            self.connected = False
        if not self._closed:
            log.warning("remote %s: the broker connection dropped (%s)", self.role, reason)
        self._update()

    def _on_message(self, _c: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        name = next((n for n in self._handlers if self._topic(n) == message.topic), None)
        if name is None:
            return
        try:
            self._handlers[name](bytes(message.payload))
        except msg.Unreadable as error:
            self.dropped += 1
            log.warning("remote %s: dropped an unreadable %s message: %s", self.role, name, error)
        except Exception:
            self.dropped += 1
            log.exception("remote %s: a %s message could not be handled", self.role, name)

    def _on_presence(self, payload: bytes) -> None:
        presence = msg.read(msg.Presence, "presence", payload)
        with self._lock:
            self.partner_online = presence.online
        self._update()

    # -- the pause -----------------------------------------------------------------------------

    def pause_reason(self) -> str | None:
        if not self.connected:
            return "account_refused" if self.account_refused else "link_down"
        if not self.partner_online:
            return "partner_away"
        return None

    def _update(self) -> None:
        """Hold or release the table for what is the case now, and show it in the state (under
        the link's lock: two threads' updates never land in the wrong order)."""
        with self._lock:
            if self._closed:
                return
            reason = self.pause_reason()
            self.table.set_remote(self.remote_block())
            if reason is None:
                self.table.release()
            else:
                self.table.hold(reason)

    def remote_block(self) -> dict[str, Any]:
        session = self.state.session()
        seat = session.seat if session is not None else ""
        return {
            "role": self.role,
            "seat": seat,
            "partner": self._partner(),
            "connected": self.connected,
            "names": self._names(),
        }

    def _partner(self) -> str:
        return "online" if self.partner_online else "away"

    def seats(self) -> dict[str, SeatSettings]:
        """The seats' names and colours at this table: its last set-up's, else the config's."""
        return self.table.session.seats() or dict(self.config_seats)

    def _names(self) -> dict[str, str]:
        return {seat: s.name for seat, s in self.seats().items()}

    # -- hooks and helpers ---------------------------------------------------------------------

    def _connected(self) -> None:
        """Called on each connection, the lock held, before subscribing."""

    def _topic(self, name: str) -> str:
        return msg.topic(self.room, name)

    @staticmethod
    def _presence(online: bool) -> bytes:
        return msg.Presence(online=online, since=time.time()).payload()


class HostLink(_Link):
    """The host table's end: binds the invited guest, publishes the game, answers proposals."""

    role = "host"
    partner_role = "guest"

    def __init__(
        self,
        table: Table,
        state: RemoteState,
        access: Reach,
        client: ClientFactory,
        roller: Roller | None = None,
        seats: Mapping[str, SeatSettings] | None = None,
        agreer: Agreer | None = None,
    ) -> None:
        super().__init__(table, state, access, client, seats)
        self.roller = roller
        self.agreer = agreer
        self.refusals: list[str] = []  # what the guest was refused, for the log and tests
        self._published: tuple[int, int, str] | None = None
        self._handlers = {
            "guest_presence": self._on_presence,
            "hello": self._on_hello,
            "propose": self._on_proposal,
        }
        self._unsubscribe = table.bus.subscribe(lambda _e: self.publish_game(), SHOWN_EVENTS)

    def close(self) -> None:
        self._unsubscribe()
        super().close()

    def _connected(self) -> None:
        self._published = None  # a restarted broker lost the retained game: publish it again

    def _partner(self) -> str:
        session = self.state.session()
        if session is None or session.bound is None:
            return "waiting"
        return super()._partner()

    def pause_reason(self) -> str | None:
        session = self.state.session()
        if self.connected and (session is None or session.bound is None):
            return "partner_away"
        return super().pause_reason()

    def _on_connect(self, client: mqtt.Client, u: Any, f: Any, reason: Any, p: Any) -> None:
        super()._on_connect(client, u, f, reason, p)
        if not reason.is_failure:
            self.publish_game()

    def invited(self) -> None:
        """A new invite was made: the guest it binds is not here yet (the old one is out)."""
        with self._lock:
            self._published = None
        self._update()

    # -- hello: the single-use invite ----------------------------------------------------------

    def _on_hello(self, payload: bytes) -> None:
        hello = msg.read(msg.Hello, "hello", payload)
        if self.state.bind(hello.nonce, hello.guest_id):
            log.info("remote host: guest %s joined", hello.guest_id)
            self._reply(msg.Reply(id=_hello_reply(hello.guest_id), ok=True))
            with self._lock:
                self._published = None  # a guest that says hello has not got the game: again
            self.publish_game()
            self._update()
            return
        self._refuse_note(f"a guest ({hello.guest_id}) said hello with a used or old invite")
        error = msg.ReplyError(kind="invite_used", message="this invite was already used")
        self._reply(msg.Reply(id=_hello_reply(hello.guest_id), ok=False, error=error))

    # -- the game ------------------------------------------------------------------------------

    def publish_game(self) -> None:
        """Publish the game (retained) for the bound guest, unless this version already was."""
        session = self.state.session()
        if session is None or session.bound is None or not self.connected:
            return
        with self._lock:
            message = self._game_message(session)
            key = (message.game_id, message.version, session.bound)
            if key == self._published:
                return
            self.client.publish(self._topic("game"), message.payload(), 1, True)
            self._published = key

    def _game_message(self, session: RemoteSession) -> msg.GameLog:
        game = self.table.game_log()
        assert session.bound is not None
        return msg.GameLog(
            guest=msg.guest_mark(session.bound), game=game["game"], game_id=game["game_id"],
            setup=game["setup"], entries=[msg.Entry(**_entry(e)) for e in game["entries"]],
            version=game["version"], seat=session.seat, names=self._names(),
        )  # fmt: skip

    # -- proposals -----------------------------------------------------------------------------

    def _on_proposal(self, payload: bytes) -> None:
        proposal = msg.read(msg.Proposal, "propose", payload)
        session = self.state.session()
        if session is None:
            return
        if proposal.guest_id != session.bound:
            self._refuse_note(f"a proposal from {proposal.guest_id}, who is not the invited guest")
            self._reply(_refused(proposal.id, "not_invited", "you are not the invited guest"))
            return
        if proposal.seat != session.seat:
            self._refuse_note(
                f"the guest tried to act for seat {proposal.seat} (it plays seat {session.seat})"
            )
            self._reply(
                _refused(proposal.id, "wrong_seat", f"the guest plays seat {session.seat} only")
            )
            return
        with self._lock:  # one proposal at a time: its answer is kept before the next
            kept = self.state.answer(proposal.id, proposal.guest_id)
            if kept is None:
                reply = self._decide(proposal, session.seat)
                if not reply.ok or proposal.kind == "agree":  # (a push's: kept with it)
                    self.state.keep_answer(proposal.id, proposal.guest_id, reply.model_dump())
            else:
                reply = msg.Reply.model_validate(kept, strict=False)
        self.publish_game()
        self._reply(reply)

    def _decide(self, proposal: msg.Proposal, seat: str) -> msg.Reply:
        table = self.table

        def keep(db: sqlite3.Connection, seq: int) -> None:
            """The answer, in the accepted entry's own transaction: a host that stops right
            after it still answers a duplicate the same, never applying it again."""
            game_id = table.game_id
            answer = msg.Reply(id=proposal.id, ok=True, version=seq, game_id=game_id)
            keep_answer_in(db, proposal.id, proposal.guest_id, answer.model_dump())

        try:
            if proposal.kind == "action":
                accepted = table.submit(
                    seat, proposal.text, version=proposal.version, game_id=proposal.game_id,
                    kept_with=keep,
                )  # fmt: skip
            elif proposal.kind == "undo":
                accepted = table.undo(
                    seat, version=proposal.version, game_id=proposal.game_id, kept_with=keep
                )
            elif proposal.kind == "agree":
                return self._agree(proposal, seat)
            else:
                if self.roller is None:
                    raise ValueError("this table has no virtual dice")
                accepted = self.roller(
                    table, seat, proposal.version, proposal.game_id, kept_with=keep
                )
        except PausedError as error:
            return msg.Reply(id=proposal.id, ok=False, error=_error("paused", error, error.reason))
        except JudgeOnlyError as error:
            self._refuse_note(f"the guest's seat {seat} tried a correction: {error}")
            return msg.Reply(id=proposal.id, ok=False, error=_error("judge_only", error))
        except SeatError as error:  # the game waits for the host's seat: logged, as any try
            self._refuse_note(f"the guest's seat {seat} tried {proposal.kind} out of turn: {error}")
            return msg.Reply(id=proposal.id, ok=False, error=_error("seat", error))
        except StaleError as error:
            return msg.Reply(id=proposal.id, ok=False, error=_error("stale", error))
        except IllegalActionError as error:
            return msg.Reply(
                id=proposal.id, ok=False, error=_error("illegal", error, rule=error.rule)
            )
        except ValueError as error:
            return msg.Reply(id=proposal.id, ok=False, error=_error("malformed", error))
        return msg.Reply(id=proposal.id, ok=True, version=accepted.version, game_id=table.game_id)

    def _agree(self, proposal: msg.Proposal, seat: str) -> msg.Reply:
        """The guest's seat says a map value (text ``"<cell> <value>"``) to this table's map
        agreement, where the host's seat says its own; the same from both is pushed."""
        if self.agreer is None:
            raise ValueError("this table agrees no map values")
        cell, _, value = proposal.text.partition(" ")
        if not value.strip().isdigit():
            raise ValueError(f"not a cell and a value: {proposal.text!r}")
        outcome = self.agreer(seat, cell, int(value), proposal.game_id)
        table = self.table
        return msg.Reply(
            id=proposal.id, ok=True, version=table.version, game_id=table.game_id, outcome=outcome
        )

    def _reply(self, reply: msg.Reply) -> None:
        self.client.publish(self._topic("reply"), reply.payload(), 1, False)

    def _refuse_note(self, note: str) -> None:
        log.warning("remote host: refused: %s", note)
        self.refusals.append(note)


class GuestLink(_Link):
    """The guest table's end: joins with the invite, follows the host's game and forwards its
    table's proposals to the host (``Table.forward_to``)."""

    role = "guest"
    partner_role = "host"

    def __init__(
        self,
        table: Table,
        state: RemoteState,
        access: Reach,
        client: ClientFactory,
        seats: Mapping[str, SeatSettings] | None = None,
    ) -> None:
        super().__init__(table, state, access, client, seats)
        self.synced = False
        self.refused: str | None = None  # the host refused this guest (``invite_used``)
        self._replies: dict[str, msg.Reply] = {}
        self._changed = threading.Condition(self._lock)
        self._handlers = {
            "host_presence": self._on_presence,
            "game": self._on_game,
            "reply": self._on_reply,
        }
        self._stop = threading.Event()
        self._asking = threading.Thread(
            target=self._ask_until_synced, name="guest-hello", daemon=True
        )
        table.forward_to(self)

    def start(self) -> None:
        super().start()
        self._asking.start()

    def close(self) -> None:
        self._stop.set()
        self.table.forward_to(None)
        super().close()
        if self._asking.is_alive():
            self._asking.join()

    def _ask_until_synced(self) -> None:
        """Say hello again every :data:`HELLO_AGAIN_SECONDS` while connected, not refused and
        without the host's game (seen stuck "catching up" under load, the host's game never
        arriving after a join or a broker's restart)."""
        while not self._stop.wait(HELLO_AGAIN_SECONDS):
            with self._lock:
                asking = self.connected and not self.synced and self.refused is None
            if asking:
                log.info("remote guest: no game from the host yet: hello again")
                self._hello()

    def _connected(self) -> None:
        self.synced = False

    def _on_connect(self, client: mqtt.Client, u: Any, f: Any, reason: Any, p: Any) -> None:
        super()._on_connect(client, u, f, reason, p)
        if not reason.is_failure:
            self._hello()

    def _on_presence(self, payload: bytes) -> None:
        super()._on_presence(payload)
        if self.partner_online:  # the host (back) may not have heard the hello yet
            self._hello()

    def _hello(self) -> None:
        """Show the invite to the host (again: a bound guest's hello is answered the same)."""
        session = self._session()
        hello = msg.Hello(nonce=session.nonce or "-", guest_id=session.guest_id or "-")
        self.client.publish(self._topic("hello"), hello.payload(), 1, False)

    def pause_reason(self) -> str | None:
        if self.refused is not None:
            return "syncing"  # never in the game (the block says why: ``refused``)
        reason = super().pause_reason()
        if reason is None and not self.synced:
            return "syncing"
        return reason

    def remote_block(self) -> dict[str, Any]:
        block = super().remote_block()
        if self.refused is not None:
            block["refused"] = self.refused
        return block

    def _session(self) -> RemoteSession:
        session = self.state.session()
        if session is None or session.role != "guest":
            raise RuntimeError("this table has no remote session as a guest")
        return session

    # -- following the host --------------------------------------------------------------------

    def _on_game(self, payload: bytes) -> None:
        if not payload:
            return  # a retained game cleared
        game = msg.read(msg.GameLog, "game", payload)
        session = self._session()
        if session.guest_id is None or game.guest != msg.guest_mark(session.guest_id):
            return  # the host's game for another guest (this one is told so by its reply)
        if session.host_game is not None and game.game_id < session.host_game:
            log.warning("remote guest: ignored a late message of the host's earlier game")
            return  # the host's game ids only grow: a late message of a game it replaced
        entries = [entry.as_log() for entry in game.entries]
        named = self._named_seats(game.names)
        if session.host_game != game.game_id or session.local_game != self.table.game_id:
            lineup = Lineup.of(game.names) if game.names else None
            # the host's new game starts here with its players' names on the seats, together
            self.table.follow(entries, game.setup, game.game, lineup, named)
            self.state.follows(game.game_id, self.table.game_id)
        else:
            if named is not None:
                self.table.session.set_seats(named)
            self.table.follow(entries)
        with self._changed:
            self.synced = True
            self._changed.notify_all()
        self._update()

    def _named_seats(self, names: dict[str, str]) -> dict[str, SeatSettings] | None:
        """This table's seats with the host's players' names on them (its own colours kept);
        ``None`` when they already bear them."""
        seats = self.seats()
        named = {
            seat: seats[seat].model_copy(update={"name": name, "names": {}})
            for seat, name in names.items()
            if seat in seats and seats[seat].name != name
        }
        return {**seats, **named} if named else None

    def _on_reply(self, payload: bytes) -> None:
        reply = msg.read(msg.Reply, "reply", payload)
        session = self._session()
        if session.guest_id is not None and reply.id == _hello_reply(session.guest_id):
            with self._lock:
                self.refused = None if reply.ok else (reply.error.kind if reply.error else "?")
            self._update()
            if not reply.ok:
                # the invite is another table's: stay off the broker (the guest account's client
                # id is the invited table's too, and each connection would push the other off)
                log.warning("remote guest: the host refused this table: %s", self.refused)
                self.client.disconnect()
            return
        with self._changed:
            self._replies[reply.id] = reply
            self._changed.notify_all()

    # -- the forwarder -------------------------------------------------------------------------

    def submit(
        self, proposer: Proposer, text: str, version: int | None, game_id: int | None
    ) -> Accepted:
        reply = self._propose("action", proposer, text, version, game_id)
        action = self.table.read(lambda game: game.parse_action(text))
        made = _version(reply)
        return Accepted(action, [], made, self.table.label_of(made))

    def undo(self, proposer: Proposer, version: int | None, game_id: int | None) -> Accepted:
        reply = self._propose("undo", proposer, "", version, game_id)
        taken = next(e for e in reversed(self.table.log()) if e["kind"] == "undo")
        action = self.table.read(lambda game: game.parse_action(taken["undoes"]["action"]))
        return Accepted(action, [], _version(reply))

    def agree(self, seat: str, cell: str, value: int, game_id: int | None) -> Outcome:
        """Say this table's seat's number for a map value at the host, where the seats' numbers
        meet (``Agreer``); the outcome there, once this table shows any value it pushed."""
        reply = self._propose("agree", seat, f"{cell} {value}", None, game_id)
        return reply.outcome or "waiting"

    def roll(self, seat: str, version: int | None = None) -> int:
        """Ask the host's virtual dice to roll for this table's seat; the new version."""
        return _version(self._propose("roll", seat, "", version, None))

    def _propose(
        self, kind: Kind, proposer: Proposer, text: str, version: int | None, game_id: int | None
    ) -> msg.Reply:
        session = self._session()
        seat = session.seat if isinstance(proposer, Authority) else proposer
        with self._lock:
            reason = self.pause_reason()
            if reason is not None:
                raise PausedError(reason)
            if game_id is not None and game_id != self.table.game_id:
                raise StaleError(f"a new game started (you saw game {game_id})")
            proposal = msg.Proposal(
                id=uuid.uuid4().hex, guest_id=session.guest_id or "-", kind=kind, seat=seat,
                text=text, version=version,
                game_id=session.host_game,
            )  # fmt: skip
            self.client.publish(self._topic("propose"), proposal.payload(), 1, False)
            reply = self._wait(lambda: self._replies.pop(proposal.id, None))
            if reply is None:
                raise PausedError("link_down")
            if not reply.ok:
                raise _exception(reply.error)
            wanted = _version(reply)
            shown = self._wait(lambda: self.table.version >= wanted or None)
            if shown is None:
                raise PausedError("syncing")
        return reply

    def _wait(self, found: Callable[[], Any]) -> Any:
        """What ``found`` gives once it gives something (the lock held), ``None`` on timeout."""
        deadline = time.monotonic() + REPLY_TIMEOUT
        with self._changed:
            while (value := found()) is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._changed.wait(left)
            return value


def _send_at_once(_client: mqtt.Client, _userdata: Any, sock: Any) -> None:
    """Nagle off on a new connection's socket (TLS or plain): each message leaves when written."""
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _entry(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: entry.get(key) for key in ("seq", "kind", "action", "seat", "by")}


def _error(
    kind: str, error: Exception, reason: str | None = None, rule: str | None = None
) -> msg.ReplyError:
    return msg.ReplyError(kind=kind, message=str(error)[: msg.TEXT_LIMIT], rule=rule, reason=reason)


def _refused(proposal_id: str, kind: str, message: str) -> msg.Reply:
    return msg.Reply(id=proposal_id, ok=False, error=msg.ReplyError(kind=kind, message=message))


def _version(reply: msg.Reply) -> int:
    if reply.version is None:
        raise RuntimeError("the host accepted without a version")
    return reply.version


def _exception(error: msg.ReplyError | None) -> Exception:
    """The host's refusal as the table's own exception type."""
    if error is None:
        return RuntimeError("the host refused without saying why")
    if error.kind == "paused":
        return PausedError(error.reason or "partner_away")
    if error.kind == "judge_only":
        return JudgeOnlyError(error.message)
    if error.kind in ("seat", "wrong_seat", "not_invited"):
        return SeatError(error.message)
    if error.kind == "stale":
        return StaleError(error.message)
    if error.kind == "illegal":
        return IllegalActionError(error.message, rule=error.rule or "remote")
    return ValueError(error.message)


def _hello_reply(guest_id: str) -> str:
    """The id of the host's answer to a guest's hello (the guest's mark: never its id)."""
    return f"hello-{msg.guest_mark(guest_id)}"
