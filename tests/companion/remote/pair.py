"""Two in-process tables linked through a real Mosquitto: the host's and the guest's links, each
table with its own store, playing the counter game (the guest plays seat B)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt

from companion.remote.link import GuestLink, HostLink
from companion.remote.state import RemoteState
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port, open_broker, wait_for

SETUP = {"version": 1, "start": 0}
ROOM = "rcore-test/room"
SEATS = Settings().seats  # the config's default seats at both tables


@dataclass(frozen=True)
class Reach:
    host: str
    port: int
    room: str = ROOM


def plain_client(client_id: str) -> mqtt.Client:
    """A paho client on the test broker's plain listener (no TLS: the broker is loopback only)."""
    return mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)


@dataclass
class Broker:
    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = open_broker(self.port, self.folder)

    def stop(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=5)
        self.process = None


@contextmanager
def broker(folder: Path) -> Iterator[Broker]:
    running = Broker(free_port(), folder)
    running.start()
    try:
        yield running
    finally:
        if running.process is not None:
            running.stop()


def host_table(path: Path) -> tuple[Table, RemoteState, str]:
    """A host table with a remote session and an invite: (table, state, the invite's nonce)."""
    table = Table.new_game(Store(path), "test-counter", SETUP)
    state = RemoteState(table.store)
    state.start_host({}, {}, "B", "test-counter")
    state.new_invite(lambda nonce: f"TTC1-test-{nonce}")
    session = state.session()
    assert session is not None and session.nonce is not None
    return table, state, session.nonce


def guest_table(path: Path, nonce: str) -> tuple[Table, RemoteState]:
    """A guest table (playing a game of its own so far) that joined with ``nonce``."""
    table = Table.new_game(Store(path), "test-counter", {"version": 1, "start": 5})
    state = RemoteState(table.store)
    state.start_guest({}, "B", nonce, f"TTC1-test-{nonce}")
    return table, state


@dataclass
class Pair:
    broker: Broker
    folder: Path
    host: HostLink
    guest: GuestLink
    links: list[HostLink | GuestLink] = field(default_factory=list)

    def host_link(self, table: Table, state: RemoteState) -> HostLink:
        link = HostLink(table, state, Reach("127.0.0.1", self.broker.port),
                        lambda: plain_client("rcore-host"), seats=SEATS)  # fmt: skip
        self.links.append(link)
        link.start()
        return link

    def guest_link(self, table: Table, state: RemoteState, name: str = "rcore-guest") -> GuestLink:
        link = GuestLink(table, state, Reach("127.0.0.1", self.broker.port),
                         lambda: plain_client(name), seats=SEATS)  # fmt: skip
        self.links.append(link)
        link.start()
        return link

    def playing(self) -> bool:
        """Both tables are linked and neither is paused."""
        return self.host.table.held is None and self.guest.table.held is None


@contextmanager
def linked_pair(folder: Path) -> Iterator[Pair]:
    with broker(folder) as running:
        host, host_state, nonce = host_table(folder / "host.sqlite3")
        guest, guest_state = guest_table(folder / "guest.sqlite3", nonce)
        pair = Pair(running, folder, None, None)  # type: ignore[arg-type]
        pair.host = pair.host_link(host, host_state)
        pair.guest = pair.guest_link(guest, guest_state)
        try:
            assert wait_for(pair.playing), (host.state()["remote"], guest.state()["remote"])
            yield pair
        finally:
            for link in reversed(pair.links):
                link.close()
