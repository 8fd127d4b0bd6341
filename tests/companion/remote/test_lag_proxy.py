"""The lag proxy (the slow, breakable link of the remote-play tests): bytes pass intact and in
order both ways, no sooner than the delay, the delay applies per chunk (not summed, the two
directions not serialised), a cut drops every connection and refuses new ones until restored."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.remote.lag_proxy import LagProxy

ROOT = Path(__file__).resolve().parents[3]


class Echo:
    """A TCP server on a free loopback port that sends back what it receives, noting when each
    chunk arrived."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.arrivals: list[tuple[float, bytes]] = []
        self.accepted = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.accepted += 1
            threading.Thread(target=self._echo, args=(connection,), daemon=True).start()

    def _echo(self, connection: socket.socket) -> None:
        with connection:
            while True:
                try:
                    chunk = connection.recv(65536)
                except OSError:
                    return
                if not chunk:
                    return
                self.arrivals.append((time.monotonic(), chunk))
                connection.sendall(chunk)

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def echo() -> Iterator[Echo]:
    server = Echo()
    yield server
    server.close()


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def receive(sock: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def closed(sock: socket.socket) -> bool:
    """Whether the other end closed or reset ``sock`` (and sent nothing more)."""
    try:
        return sock.recv(16) == b""
    except ConnectionResetError:
        return True


@pytest.mark.process
def test_bytes_pass_intact_and_in_order_both_ways(echo: Echo):
    payload = os.urandom(1_000_000)
    with LagProxy("127.0.0.1", echo.port, delay_ms=100) as proxy, connect(proxy.port) as sock:

        def send() -> None:
            for start in range(0, len(payload), 1000):
                sock.sendall(payload[start : start + 1000])

        sender = threading.Thread(target=send)
        sender.start()
        received = receive(sock, len(payload))
        sender.join()
    assert received == payload
    assert b"".join(chunk for _, chunk in echo.arrivals) == payload


@pytest.mark.process
def test_each_way_takes_at_least_the_delay(echo: Echo):
    with LagProxy("127.0.0.1", echo.port, delay_ms=100) as proxy, connect(proxy.port) as sock:
        sent = time.monotonic()
        sock.sendall(b"ping")
        assert receive(sock, 4) == b"ping"
        back = time.monotonic()
    arrived = echo.arrivals[0][0]
    assert arrived - sent >= 0.1  # client → broker
    assert back - arrived >= 0.1  # broker → client


@pytest.mark.process
def test_the_delay_is_per_chunk_not_summed_nor_serialised(echo: Echo):
    """Ten chunks sent one after another each come back one round trip (2 × 0.5 s) after they
    left: were the delay summed per chunk, or one direction held while the other waits, the last
    would take ten times as long. The bound is loose on purpose (a loaded machine is slow)."""
    with LagProxy("127.0.0.1", echo.port, delay_ms=500) as proxy, connect(proxy.port) as sock:
        started = time.monotonic()
        for n in range(10):
            sock.sendall(bytes([n]) * 10)
            time.sleep(0.02)
        assert receive(sock, 100) == b"".join(bytes([n]) * 10 for n in range(10))
        took = time.monotonic() - started
    assert 1.0 <= took < 4.0


@pytest.mark.process
def test_cut_drops_every_connection_and_refuses_new_ones_until_restored(echo: Echo):
    with LagProxy("127.0.0.1", echo.port, delay_ms=100) as proxy:
        first, second = connect(proxy.port), connect(proxy.port)
        for sock in (first, second):
            sock.sendall(b"up")
            assert receive(sock, 2) == b"up"
        assert proxy.connections == 2
        in_flight = echo.accepted
        first.sendall(b"lost")  # still in the proxy's delay when the link goes down
        proxy.cut()
        assert proxy.cut_off and proxy.connections == 0
        for sock in (first, second):
            with sock:
                assert closed(sock)  # and "lost" never came back
        with pytest.raises(ConnectionRefusedError):
            connect(proxy.port)
        time.sleep(0.2)
        assert all(chunk != b"lost" for _, chunk in echo.arrivals)
        assert echo.accepted == in_flight

        proxy.restore()
        assert not proxy.cut_off
        with connect(proxy.port) as again:
            again.sendall(b"back")
            assert receive(again, 4) == b"back"


@pytest.mark.process
def test_a_target_that_is_down_closes_the_connection():
    with socket.create_server(("127.0.0.1", 0)) as gone:
        port = int(gone.getsockname()[1])
    with LagProxy("127.0.0.1", port, delay_ms=100) as proxy, connect(proxy.port) as sock:
        assert closed(sock)


def test_a_negative_delay_is_refused():
    with pytest.raises(ValueError):
        LagProxy("127.0.0.1", 1, delay_ms=-1)


@pytest.mark.process
def test_main_runs_until_stopped_and_cuts_and_restores_on_command(echo: Echo):
    """The command-line face (``companion remote lag-proxy``): it says where it listens; ``cut``
    and ``restore`` lines on its input; SIGTERM stops it cleanly."""
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = int(probe.getsockname()[1])
    code = (
        "from companion.remote.lag_proxy import main;"
        f"raise SystemExit(main({port}, '127.0.0.1', {echo.port}, 100))"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        assert f"127.0.0.1:{port}" in process.stdout.readline()
        with connect(port) as sock:
            sock.sendall(b"hello")
            assert receive(sock, 5) == b"hello"
        process.stdin.write("cut\n")
        process.stdin.flush()
        assert "cut" in process.stdout.readline()
        with pytest.raises(ConnectionRefusedError):
            connect(port)
        process.stdin.write("restore\n")
        process.stdin.flush()
        assert "restored" in process.stdout.readline()
        with connect(port) as sock:
            sock.sendall(b"again")
            assert receive(sock, 5) == b"again"
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
