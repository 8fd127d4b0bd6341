"""Helpers for tests against a real Mosquitto: free loopback ports, waiting, a generated broker."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from companion.hub.broker import BrokerPlan, TlsFiles, start_broker, write_broker
from companion.mosquitto import program
from companion.settings import HubSettings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(condition: Callable[[], bool], seconds: float = 10) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def alive(pid: int) -> bool:
    """Running (a zombie nobody reaped yet counts as gone: it holds no port and runs nothing)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return "Z" not in state.split()[1]


def open_broker(port: int, folder: Path) -> subprocess.Popen[bytes]:
    """A Mosquitto on ``port`` that lets anyone in (the store's own broker, unconfigured)."""
    config = folder / "mosquitto.conf"
    config.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\n")
    broker = subprocess.Popen([program("mosquitto"), "-c", str(config)], stderr=subprocess.DEVNULL)
    if not wait_for(lambda: _listening(port)):
        broker.kill()
        raise RuntimeError("mosquitto did not start")
    return broker


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def generated_broker(
    folder: Path, tables: tuple[str, ...], tls: TlsFiles | None = None
) -> Iterator[tuple[BrokerPlan, dict[str, str]]]:
    """A Mosquitto on a free loopback port with the hub's generated config: (plan, accounts)."""
    plan = BrokerPlan(
        folder=folder, tables=tables, host="127.0.0.1", port=free_port(), tls=tls,
        public_host="127.0.0.1",
    )  # fmt: skip
    accounts = write_broker(plan)
    process = start_broker(plan)
    try:
        yield plan, accounts
    finally:
        process.terminate()
        process.wait(timeout=5)


def account(plan: BrokerPlan, accounts: dict[str, str], name: str) -> HubSettings:
    """The hub settings of account ``name`` on the generated broker."""
    return HubSettings(
        mqtt_host="127.0.0.1",
        mqtt_port=plan.port,
        username=name,
        password=accounts[name],
        tls_ca=plan.tls.cafile if plan.tls else None,
    )


def raw_client(
    port: int, client_id: str, username: str | None = None, password: str | None = None
) -> tuple[mqtt.Client, list[object]]:
    """A bare paho client (a stranger on the Wi-Fi), connected synchronously; with the connect
    reason codes it received."""
    reasons: list[object] = []
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)
    if username is not None:
        client.username_pw_set(username, password)
    client.on_connect = lambda _c, _u, _f, reason, _p: reasons.append(reason)
    client.connect("127.0.0.1", port, keepalive=30)
    client.loop_start()
    return client, reasons


def self_signed_tls(folder: Path, addresses: tuple[str, ...] = ("127.0.0.1",)) -> TlsFiles:
    """A throwaway CA and a broker certificate for ``addresses`` (IPs), made with openssl."""
    folder.mkdir(parents=True, exist_ok=True)
    ca_key, ca_cert = folder / "ca.key", folder / "ca.crt"
    key, csr, cert = folder / "broker.key", folder / "broker.csr", folder / "broker.crt"
    ext = folder / "san.ext"
    ext.write_text("subjectAltName=" + ",".join(f"IP:{a}" for a in addresses) + "\n")

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test CA",
        "-keyout", str(ca_key), "-out", str(ca_cert))  # fmt: skip
    run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
        "-keyout", str(key), "-out", str(csr))  # fmt: skip
    run("x509", "-req", "-in", str(csr), "-CA", str(ca_cert), "-CAkey", str(ca_key),
        "-CAcreateserial", "-days", "2", "-extfile", str(ext), "-out", str(cert))  # fmt: skip
    return TlsFiles(certfile=cert, keyfile=key, cafile=ca_cert)


ADVERTISER = """
import sys, time
from companion.hub.discovery import advertise
ad, note = advertise(int(sys.argv[1]), tls=sys.argv[2] == "1", prefix=sys.argv[3])
print("ok" if ad else "failed", note, flush=True)
time.sleep(120)
"""


@contextmanager
def advertised_elsewhere(port: int, prefix: str, tls: bool = False) -> Iterator[str]:
    """A hub advertised by a separate process; yields what that process said."""
    process = subprocess.Popen(
        [sys.executable, "-c", ADVERTISER, str(port), "1" if tls else "0", prefix],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        said = process.stdout.readline().strip()
        if not said.startswith("ok"):
            pytest.skip(f"this machine can't advertise by mDNS: {said}")
        yield said
    finally:
        process.terminate()
        process.wait(timeout=10)
