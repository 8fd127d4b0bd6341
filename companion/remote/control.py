"""A table's remote session, as the runtime and the panel drive it: start the link the store
names (a restarted table reconnects by itself), make an invite (the host, from the ``remote:``
settings) and join with one (the guest).

The panel knows this object only by what it does (``web_panel.remote_api.RemoteControl``); its
refusals are ``RemoteRefused`` with a ``key`` naming the catalog message the panel words.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.remote.access import AccessError, BrokerAccess, remote_client
from companion.remote.invite import Invite, InviteError, code_of, decode, encode, link
from companion.remote.link import Agreer, ClientFactory, GuestLink, HostLink, Reach, Roller
from companion.remote.state import RemoteSession, RemoteState
from companion.settings import RemoteSettings, SeatSettings
from companion.table.table import Table

log = logging.getLogger(__name__)

RETRY_SECONDS = 10.0  # between tries of a stored session's link that could not start

# an account (BrokerAccess's fields, as the store keeps them) and a role → where and a client
Connector = Callable[[dict[str, Any], str], tuple[Reach, ClientFactory]]


class RemoteRefused(ValueError):
    """What the table can't do: ``key`` names the catalog message (``remote.not_configured``,
    ``remote.invite.garbled``, ``remote.access.invalid``...)."""

    def __init__(self, key: str, message: str = "") -> None:
        super().__init__(message or key)
        self.key = key


def access_fields(access: BrokerAccess) -> dict[str, Any]:
    """An account as the store keeps it (JSON)."""
    return {
        "host": access.host, "port": access.port, "username": access.username,
        "password": access.password, "room": access.room, "pin": access.pin,
        "cafile": None if access.cafile is None else str(access.cafile),
    }  # fmt: skip


def broker_access(fields: dict[str, Any]) -> BrokerAccess:
    """The account the store keeps, as a ``BrokerAccess``."""
    cafile = fields.get("cafile")
    return BrokerAccess(
        host=fields["host"], port=int(fields["port"]), username=fields["username"],
        password=fields["password"], room=fields["room"], pin=fields.get("pin"),
        cafile=Path(cafile) if cafile else None,
    )  # fmt: skip


def tls_connector(data_dir: Path) -> Connector:
    """The real connection: TLS to the broker (``access.remote_client``)."""

    def connect(fields: dict[str, Any], role: str) -> tuple[Reach, ClientFactory]:
        access = broker_access(fields)
        return access, lambda: remote_client(access, role, data_dir)

    return connect


def settings_accounts(remote: RemoteSettings) -> tuple[dict[str, Any], dict[str, Any]]:
    """The host's and the guest's accounts of the ``remote:`` settings (store form)."""
    if not remote.configured:
        raise RemoteRefused("remote.not_configured", "the config has no remote: section")
    common = {
        "host": remote.broker_host, "port": remote.broker_port, "room": remote.room,
        "pin": remote.pin, "cafile": None if remote.cafile is None else str(remote.cafile),
    }  # fmt: skip
    try:  # checked as the link will use them
        host = access_fields(broker_access({**common, "username": remote.host_username,
                                            "password": remote.host_password}))  # fmt: skip
        guest = access_fields(broker_access({**common, "username": remote.guest_username,
                                             "password": remote.guest_password}))  # fmt: skip
    except AccessError as error:
        raise RemoteRefused(error.key, str(error)) from None
    return host, guest


def host_invite(state: RemoteState, remote: RemoteSettings, game: str) -> tuple[RemoteSession, str]:
    """Make the table of ``state`` the host (with the ``remote:`` settings' accounts, unless it
    is already) and a new invite for its game; the old invite dies. Returns the session and the
    code. ``companion remote host`` writes this before it runs the table."""
    host, guest = settings_accounts(remote)
    session = state.session()
    if session is None or session.role != "host" or session.access != host:
        session = state.start_host(host, guest, remote.seat, game)
    guest_access = broker_access(session.guest_access or guest)
    seat = session.seat
    code = state.new_invite(lambda nonce: encode(Invite(guest_access, seat, nonce, game)))
    found = state.session()
    assert found is not None
    return found, code


def guest_join(state: RemoteState, code: str) -> RemoteSession:
    """Make the table of ``state`` the guest of the game the invite ``code`` names
    (``RemoteRefused`` with the invite's catalog key, nothing changed, for a bad code).
    ``companion remote join CODE`` writes this before it runs the table."""
    try:
        invite = decode(code)
    except InviteError as error:
        raise RemoteRefused(error.key, str(error)) from None
    return state.start_guest(access_fields(invite.access), invite.seat, invite.nonce, code_of(code))


class RemoteControl:
    """The remote session of one table and its running link, if any."""

    def __init__(
        self,
        table: Table,
        remote: RemoteSettings,
        connector: Connector,
        roller: Roller | None = None,
        seats: Mapping[str, SeatSettings] | None = None,
        agreer: Agreer | None = None,
    ) -> None:
        self.table = table
        self.seats = dict(seats or {})  # the config's seats (names and colours)
        self.remote = remote
        self.state = RemoteState(table.store)
        self.link: HostLink | GuestLink | None = None
        self.problem: str | None = None  # why the stored session's link could not start yet
        self._connector = connector
        self._roller = roller
        self._agreer = agreer
        self._lock = threading.RLock()
        self._closed = threading.Event()

    def start(self) -> bool:
        """Start the link of the session in the store; ``False`` if there is none. A link that
        cannot start yet (the broker's certificate can't be fetched: no network at boot) leaves
        the table paused (``link_down``) and is tried again every ``RETRY_SECONDS``."""
        session = self.state.session()
        if session is None:
            return False
        try:
            with self._lock:
                self._start_link(session)
        except RemoteRefused as error:
            self.problem = str(error)
            log.warning("remote: the link can't start yet (%s); trying again", error)
            self.table.set_remote(
                {"role": session.role, "seat": session.seat, "partner": "away",
                 "connected": False, "names": {}}
            )  # fmt: skip
            self.table.hold("link_down")
            threading.Thread(target=self._retry, name="remote-retry", daemon=True).start()
        return True

    def _retry(self) -> None:
        while not self._closed.wait(RETRY_SECONDS):
            with self._lock:
                session = self.state.session()
                if self.link is not None or session is None:
                    return  # started meanwhile (a join, an invite), or the session ended
                try:
                    self._start_link(session)
                except RemoteRefused as error:
                    log.info("remote: the link still can't start (%s)", error)
                    continue
                self.problem = None
                return

    def _start_link(self, session: RemoteSession) -> None:
        self._stop_link()
        try:
            reach, client = self._connector(session.access, session.role)
            if session.role == "host":
                self.link = HostLink(
                    self.table, self.state, reach, client, self._roller, self.seats, self._agreer
                )
            else:
                self.link = GuestLink(self.table, self.state, reach, client, self.seats)
        except AccessError as error:
            raise RemoteRefused(error.key, str(error)) from None
        self.link.start()
        log.info("remote: %s link to %s:%s started", session.role, reach.host, reach.port)

    def _stop_link(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None

    # -- the host ------------------------------------------------------------------------------

    def invite(self) -> str:
        """A new invite code (the old one dies); the table becomes the host if it was not."""
        game = self.table.read(lambda g: g.name)
        with self._lock:
            session, code = host_invite(self.state, self.remote, game)
            if isinstance(self.link, HostLink):
                self.link.invited()
            else:
                self._start_link(session)
        return code

    def current_invite(self) -> str | None:
        session = self.state.session()
        return session.code if session is not None and session.role == "host" else None

    @staticmethod
    def invite_link(code: str, table_screen: str) -> str:
        """The link that opens ``table_screen`` (a table's own screen) with ``code`` filled in."""
        return link(code, table_screen)

    # -- the guest -----------------------------------------------------------------------------

    def join(self, code: str) -> None:
        """Join the host's game the invite ``code`` names: this table becomes its guest."""
        with self._lock:
            self._start_link(guest_join(self.state, code))

    # -- ending --------------------------------------------------------------------------------

    def leave(self) -> None:
        """End the remote session: the table plays on its own."""
        with self._lock:
            self._stop_link()
            self.state.end()
            self.problem = None
        self.table.set_remote(None)
        self.table.release()

    def close(self) -> None:
        """Stop the link (the session stays in the store for the next start)."""
        self._closed.set()
        with self._lock:
            self._stop_link()
