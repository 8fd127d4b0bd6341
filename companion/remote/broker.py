"""The broker a player runs for remote play (on their own machine behind one forwarded port, or on
a small rented server): Mosquitto with one TLS listener, two accounts and their ACLs.

The files, all in one folder (written again on every start; passwords, room and certificate are
kept, so invites and the host's settings stay valid):
- ``broker.crt`` / ``broker.key`` — a self-signed certificate (EC P-256, ten years) naming the
  public host, ``localhost`` and ``127.0.0.1``; its SHA-256 is the **pin** invites carry. Made
  again only when the public host changes (every invite made before then stops working);
- ``remote-broker.json`` (mode 0600) — room, passwords in clear and the public host, so
  re-generating keeps them;
- ``passwords`` — the accounts ``host`` and ``guest`` hashed by ``mosquitto_passwd -U``;
- ``acl`` — ``host`` writes ``<room>/host/#`` and reads ``<room>/guest/#``, ``guest`` the
  reverse; an anonymous client nothing (and the broker lets none in anyway);
- ``mosquitto.conf`` — the TLS listener only, no anonymous clients, ``use_username_as_clientid``
  (nobody can push a table off by reusing its client id), ``set_tcp_nodelay`` (no Nagle wait
  between two messages to a table), retained messages kept on disk;
- ``remote-host.yaml`` — the ``remote:`` section of the host table's settings.

Syntax: mosquitto.conf(5) and mosquitto_passwd(1) of Mosquitto 2.0, openssl-req(1).
"""

from __future__ import annotations

import ipaddress
import json
import re
import secrets
import string
import subprocess
from dataclasses import dataclass
from pathlib import Path

import yaml

from companion.mosquitto import (
    MosquittoError,
    config_head,
    hash_passwords,
    program,
    start_mosquitto,
    stop_mosquitto,
    write_private,
)
from companion.remote.access import pem_pin

HOST_ACCOUNT, GUEST_ACCOUNT = "host", "guest"
GUEST_SEAT = "B"
PASSWORD_LENGTH = 18  # letters and digits: about 107 bits
CERTIFICATE_DAYS = 3650
_LABEL = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST_NAME = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(\.{_LABEL})*$")


class BrokerError(RuntimeError):
    """The broker's files can't be written or the broker does not start."""


@dataclass(frozen=True)
class RemoteBroker:
    """Where the broker's files go, the address players reach it at, and where it listens."""

    folder: Path
    public_host: str
    port: int = 8883
    listen: str = "0.0.0.0"

    def __post_init__(self) -> None:
        if not (_is_ip(self.public_host) or HOST_NAME.match(self.public_host)):
            raise BrokerError(
                f"public host {self.public_host!r}: give a host name or an IP address"
            )
        if not 1 <= self.port <= 65535:
            raise BrokerError(f"port {self.port}: 1 to 65535")

    @property
    def config_path(self) -> Path:
        return self.folder / "mosquitto.conf"

    @property
    def certfile(self) -> Path:
        return self.folder / "broker.crt"

    @property
    def keyfile(self) -> Path:
        return self.folder / "broker.key"

    @property
    def host_settings_path(self) -> Path:
        return self.folder / "remote-host.yaml"


@dataclass(frozen=True)
class BrokerSecrets:
    room: str
    host_password: str
    guest_password: str
    pin: str  # SHA-256 of broker.crt


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
        return True
    except ValueError:
        return False


def new_password() -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(PASSWORD_LENGTH))


def load_state(plan: RemoteBroker) -> dict[str, str]:
    """Room, passwords and the certificate's public host issued before (new ones the first
    time)."""
    path = plan.folder / "remote-broker.json"
    state: dict[str, str] = {}
    if path.exists():
        try:
            loaded = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise BrokerError(f"{path}: unreadable ({exc}); delete it to start afresh") from None
        if not isinstance(loaded, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in loaded.items()
        ):
            raise BrokerError(f"{path}: not the broker's state; delete it to start afresh")
        state = loaded
    state.setdefault("room", f"ttc-{secrets.token_hex(4)}")
    state.setdefault("host_password", new_password())
    state.setdefault("guest_password", new_password())
    return state


def make_certificate(plan: RemoteBroker) -> None:
    """A self-signed certificate for the public host (and this machine's loopback names)."""
    names = {f"IP:{plan.public_host}" if _is_ip(plan.public_host) else f"DNS:{plan.public_host}"}
    names |= {"DNS:localhost", "IP:127.0.0.1"}
    key = plan.keyfile.with_name("broker.key.new")
    cert = plan.certfile.with_name("broker.crt.new")
    try:
        openssl = program("openssl")
    except MosquittoError as error:
        raise BrokerError(str(error)) from None
    done = subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec",
         "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-days", str(CERTIFICATE_DAYS), "-subj", "/CN=Tabletop Companion remote broker",
         "-addext", "subjectAltName=" + ",".join(sorted(names)),
         "-keyout", str(key), "-out", str(cert)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise BrokerError(f"openssl could not make the certificate: {done.stderr.strip()}")
    key.chmod(0o600)
    key.replace(plan.keyfile)
    cert.replace(plan.certfile)


def acl_text(room: str) -> str:
    """Each account writes under its own role and reads the other's; anonymous: nothing."""
    return (
        "# Generated by `companion remote broker`: regenerated on every start.\n"
        "# No topic lines before the first `user`: an anonymous client may do nothing.\n\n"
        f"user {HOST_ACCOUNT}\ntopic write {room}/host/#\ntopic read {room}/guest/#\n\n"
        f"user {GUEST_ACCOUNT}\ntopic write {room}/guest/#\ntopic read {room}/host/#\n"
    )


def config_text(plan: RemoteBroker) -> str:
    """``mosquitto.conf``: one TLS listener, accounts only (paths absolute)."""
    folder = plan.folder.resolve()
    if "\n" in str(folder):
        raise BrokerError(f"a path with a line break can't go in mosquitto.conf: {folder!r}")
    lines = [
        *config_head(folder, "companion remote broker"),
        # Listener options follow their `listener` line (before one, they would open a plain
        # listener on port 1883): this is the only listener, and it speaks TLS.
        f"listener {plan.port} {plan.listen}",
        f"certfile {folder / 'broker.crt'}",
        f"keyfile {folder / 'broker.key'}",
        "use_username_as_clientid true",
        # each message leaves when written: with Nagle's algorithm a message to a table that had
        # not yet acknowledged the last one waited for its delayed ACK (40 ms on Linux)
        "set_tcp_nodelay true",
    ]
    return "\n".join(lines) + "\n"


def host_section(plan: RemoteBroker, found: BrokerSecrets) -> dict[str, object]:
    """The ``remote:`` section of the host table's settings for this broker."""
    return {
        "broker_host": plan.public_host,
        "broker_port": plan.port,
        "room": found.room,
        "host_username": HOST_ACCOUNT,
        "host_password": found.host_password,
        "guest_username": GUEST_ACCOUNT,
        "guest_password": found.guest_password,
        "pin": found.pin,
        "seat": GUEST_SEAT,
    }


def write_broker(plan: RemoteBroker, new_guest_password: bool = False) -> BrokerSecrets:
    """Write every file of the broker (see the module's text); returns what players need.
    ``new_guest_password``: the guest account gets a new password (a leaked invite then opens
    nothing; the host's settings change with it)."""
    try:
        plan.folder.mkdir(parents=True, exist_ok=True)
        state = load_state(plan)
        if new_guest_password:
            state["guest_password"] = new_password()
        if not plan.certfile.exists() or state.get("public_host") != plan.public_host:
            make_certificate(plan)
        state["public_host"] = plan.public_host
        write_private(plan.folder / "remote-broker.json", json.dumps(state, indent=1))
        accounts = {HOST_ACCOUNT: state["host_password"], GUEST_ACCOUNT: state["guest_password"]}
        hash_passwords(plan.folder / "passwords", accounts)
        write_private(plan.folder / "acl", acl_text(state["room"]))
        write_private(plan.config_path, config_text(plan))
        found = BrokerSecrets(
            room=state["room"],
            host_password=state["host_password"],
            guest_password=state["guest_password"],
            pin=pem_pin(plan.certfile.read_text(encoding="ascii")),
        )
        section = yaml.safe_dump({"remote": host_section(plan, found)}, sort_keys=False)
        write_private(plan.host_settings_path, section)
    except MosquittoError as error:
        raise BrokerError(str(error)) from None
    except OSError as exc:
        raise BrokerError(f"can't write the broker's files in {plan.folder}: {exc}") from None
    return found


def start_broker(plan: RemoteBroker, timeout: float = 10) -> subprocess.Popen[bytes]:
    """Run Mosquitto on the written config; returns once it accepts connections. It ends with the
    process that started it (from the main thread), even one killed by SIGKILL
    (``companion.mosquitto``)."""
    try:
        return start_mosquitto(plan.config_path, plan.listen, plan.port, timeout)
    except MosquittoError as error:
        raise BrokerError(str(error)) from None


def stop_broker(broker: subprocess.Popen[bytes], timeout: float = 5) -> None:
    """Stop Mosquitto (it saves retained messages on the way out)."""
    stop_mosquitto(broker, timeout)
