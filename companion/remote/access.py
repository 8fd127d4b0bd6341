"""How a table reaches the remote-play broker: its address, account and room (``BrokerAccess``),
and one way to open a paho client for it (``remote_client``) — always over TLS.

The broker is trusted in one of three ways:
- a **pin** (the SHA-256 of a broker's self-signed certificate, carried by the invite): the
  certificate is fetched once, checked against the pin and kept in the table's data folder; every
  connection then trusts that certificate alone and, after the TLS handshake and before a byte of
  MQTT (the account's password) is sent, checks that the broker showed exactly it. The host name
  is not checked: the pin names the broker more tightly than any name could.
- a **CA file** on this machine (the host's own broker): verified against it, host name included.
- neither (a hosted broker): the system's certificate authorities, host name included.

The client id is the account's name (our generated broker enforces that); how a dropped connection
is retried is the link's (``link.py``).
"""

from __future__ import annotations

import hashlib
import re
import ssl
from dataclasses import dataclass
from pathlib import Path

import paho.mqtt.client as mqtt

ROLES = ("host", "guest")
PIN = re.compile(r"^[0-9a-f]{64}$")
ROOM = re.compile(r"^[A-Za-z0-9_-]{1,40}(/[A-Za-z0-9_-]{1,40}){0,3}$")
ACCOUNT = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")
FETCH_TIMEOUT = 10.0  # seconds to fetch a pinned broker's certificate


class AccessError(ValueError):
    """The broker can't be trusted or reached as its access (from an invite, or the settings)
    says. ``key`` names the catalog message (``remote.access.pin``, ``remote.access.unreachable``,
    ``remote.access.invalid``), like the invite's errors; the text says it in English for logs and
    the command line."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def normalize_pin(pin: str) -> str:
    """A pin as 64 lower-case hex digits; ``AB:CD:…`` (openssl's fingerprint) is accepted."""
    text = pin.strip().lower().replace(":", "")
    if not PIN.match(text):
        raise AccessError(
            "remote.access.invalid", "the broker's pin must be 64 hex digits (a SHA-256)"
        )
    return text


def certificate_pin(der: bytes) -> str:
    """The pin of a certificate: SHA-256 of its DER bytes, in hex."""
    return hashlib.sha256(der).hexdigest()


def pem_pin(pem: str) -> str:
    return certificate_pin(ssl.PEM_cert_to_DER_cert(pem))


@dataclass(frozen=True)
class BrokerAccess:
    host: str
    port: int
    username: str
    password: str
    room: str
    pin: str | None  # SHA-256 of the broker's self-signed certificate (hex); None: system CAs
    cafile: Path | None = None  # a CA/cert file on this machine instead of a pin

    def __post_init__(self) -> None:
        problems = []
        if not self.host or any(c.isspace() for c in self.host) or len(self.host) > 253:
            problems.append(f"broker host {self.host!r}")
        if not 1 <= self.port <= 65535:
            problems.append(f"broker port {self.port}")
        if not ACCOUNT.match(self.username):
            problems.append(f"account name {self.username!r}")
        if not self.password or len(self.password) > 200:
            problems.append("password (1 to 200 characters)")
        if not ROOM.match(self.room):
            problems.append(f"room {self.room!r} (letters, digits, '-', '_', up to 4 levels)")
        if self.pin is not None:
            object.__setattr__(self, "pin", normalize_pin(self.pin))
            if self.cafile is not None:
                problems.append("a pin or a CA file, not both")
        if problems:
            raise AccessError(
                "remote.access.invalid", "invalid broker access: " + ", ".join(problems)
            )


def fetch_certificate(host: str, port: int, timeout: float = FETCH_TIMEOUT) -> str:
    """The PEM certificate the TLS server at ``host:port`` shows, unverified (the caller checks
    it against a pin). Nothing but the TLS handshake is sent."""
    try:
        return ssl.get_server_certificate((host, port), timeout=timeout)
    except (OSError, ssl.SSLError) as exc:
        raise AccessError(
            "remote.access.unreachable",
            f"can't reach the broker at {host}:{port} to check its certificate: {exc}",
        ) from None


def pinned_certificate(access: BrokerAccess, data_dir: Path) -> Path:
    """The broker's certificate file for ``access.pin`` in ``data_dir``: the one kept from an
    earlier connection, else fetched and checked now. A certificate that does not match the pin
    raises ``AccessError`` and is not kept."""
    assert access.pin is not None
    path = data_dir / "remote" / f"broker-{access.pin[:16]}.pem"
    if path.exists():
        kept = path.read_text(encoding="ascii", errors="replace")
        try:
            if pem_pin(kept) == access.pin:
                return path
        except ValueError:
            pass  # damaged: fetch it again
    pem = fetch_certificate(access.host, access.port)
    found = pem_pin(pem)
    if found != access.pin:
        raise AccessError(
            "remote.access.pin",
            f"the broker at {access.host}:{access.port} shows a certificate whose SHA-256 is "
            f"{found}, not the {access.pin} the invite names: not connecting (someone may be in "
            "between, or the broker's certificate was made again: ask for a new invite)",
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(pem, encoding="ascii")
    temporary.replace(path)
    return path


class PinnedSocket(ssl.SSLSocket):
    """A TLS socket that, once its handshake is done, refuses a peer certificate other than the
    pinned one (before the caller can send anything)."""

    pin: str = ""

    def do_handshake(self, block: bool = False) -> None:
        super().do_handshake(block)
        der = self.getpeercert(binary_form=True)
        if der is None or certificate_pin(der) != self.pin:
            self.close()
            raise ssl.SSLCertVerificationError("the broker's certificate is not the pinned one")


def pinned_context(certificate: Path, pin: str) -> ssl.SSLContext:
    """A client context that trusts ``certificate`` alone and checks the peer shows exactly it."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False  # the pin identifies the broker; see the module's text
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_verify_locations(cafile=str(certificate))
    context.sslsocket_class = type("PinnedSocket", (PinnedSocket,), {"pin": pin})
    return context


def tls_context(access: BrokerAccess, data_dir: Path) -> ssl.SSLContext:
    """The TLS context for ``access`` (see the module's text for the three ways)."""
    if access.pin is not None:
        return pinned_context(pinned_certificate(access, data_dir), access.pin)
    if access.cafile is not None:
        if not access.cafile.is_file():
            raise AccessError("remote.access.invalid", f"the CA file {access.cafile} is missing")
        context = ssl.create_default_context(cafile=str(access.cafile))
    else:
        context = ssl.create_default_context()
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def remote_client(access: BrokerAccess, role: str, data_dir: Path) -> mqtt.Client:
    """A paho 2.x client for ``access`` acting as ``role`` (host or guest): TLS set (a pinned
    broker's certificate fetched and checked now) and account set; not yet
    connected. Raises ``AccessError`` on a pin mismatch or a pinned broker that can't be reached
    for the first time."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, not {role!r}")
    context = tls_context(access, data_dir)
    client = mqtt.Client(
        mqtt.CallbackAPIVersion.VERSION2, client_id=access.username, protocol=mqtt.MQTTv311
    )
    client.tls_set_context(context)
    client.username_pw_set(access.username, access.password)
    return client
