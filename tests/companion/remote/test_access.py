"""The remote client against a real Mosquitto from ``companion remote broker``'s folder, over TLS:
pinned, by CA file, refused when the pin is wrong (before the password leaves), anonymous refused,
and each account kept to its side of the room by the ACL."""

from __future__ import annotations

import socket
import ssl
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from companion.remote.access import (
    AccessError,
    BrokerAccess,
    normalize_pin,
    pinned_context,
    remote_client,
)
from companion.remote.broker import BrokerSecrets, RemoteBroker, make_certificate
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.tls_clients import access_for, connect

Broker = tuple[RemoteBroker, BrokerSecrets]


@pytest.fixture
def clients() -> Iterator[list[mqtt.Client]]:
    opened: list[mqtt.Client] = []
    yield opened
    for client in opened:
        client.loop_stop()
        client.disconnect()


@pytest.mark.process
def test_both_accounts_connect_with_the_pinned_certificate(
    remote_broker: Broker, tmp_path: Path, clients: list[mqtt.Client]
) -> None:
    plan, found = remote_broker
    for role in ("host", "guest"):
        access = access_for(plan, found, role)
        client = remote_client(access, role, tmp_path / role)
        clients.append(client)
        assert connect(client, access) == [mqtt.ReasonCode(mqtt.PacketTypes.CONNACK, "Success")]
        kept = tmp_path / role / "remote" / f"broker-{found.pin[:16]}.pem"
        assert kept.read_text() == ssl.DER_cert_to_PEM_cert(
            ssl.PEM_cert_to_DER_cert(plan.certfile.read_text())
        )


@pytest.mark.process
def test_a_wrong_pin_is_refused_and_nothing_is_kept(remote_broker: Broker, tmp_path: Path) -> None:
    plan, found = remote_broker
    access = replace(access_for(plan, found, "guest"), pin="0" * 64)
    with pytest.raises(AccessError) as caught:
        remote_client(access, "guest", tmp_path)
    assert caught.value.key == "remote.access.pin"
    assert found.pin in str(caught.value) and access.password not in str(caught.value)
    assert not (tmp_path / "remote").exists() or not any((tmp_path / "remote").iterdir())


def test_an_unreachable_pinned_broker_is_a_clear_error(tmp_path: Path) -> None:
    from tests.companion.hub.mqtt import free_port

    access = BrokerAccess("127.0.0.1", free_port(), "guest", "pw", "room", "ab" * 32)
    with pytest.raises(AccessError) as caught:
        remote_client(access, "guest", tmp_path)
    assert caught.value.key == "remote.access.unreachable"


class Impostor:
    """A TLS server with another certificate that records every byte a client sends after the
    handshake (an MQTT CONNECT would carry the password)."""

    def __init__(self, certfile: Path, keyfile: Path) -> None:
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.load_cert_chain(certfile, keyfile)
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.received = b""
        self.handshakes = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                raw, _ = self.server.accept()
            except OSError:
                return
            try:
                with self.context.wrap_socket(raw, server_side=True) as conn:
                    self.handshakes += 1
                    conn.settimeout(3)
                    while chunk := conn.recv(4096):
                        self.received += chunk
            except (OSError, ssl.SSLError):
                pass

    def close(self) -> None:
        self.server.close()


def impostor_with(folder: Path) -> Impostor:
    folder.mkdir()
    make_certificate(RemoteBroker(folder, "127.0.0.1"))
    return Impostor(folder / "broker.crt", folder / "broker.key")


@pytest.mark.process
def test_a_broker_that_is_not_the_pinned_one_never_gets_the_password(
    remote_broker: Broker, tmp_path: Path
) -> None:
    """First contact with an impostor: the pin check fails before any MQTT is sent. Later (the
    certificate already kept), an impostor at the address fails the TLS handshake itself."""
    plan, found = remote_broker
    impostor = impostor_with(tmp_path / "impostor")
    try:
        access = replace(access_for(plan, found, "guest"), port=impostor.port)
        with pytest.raises(AccessError):
            remote_client(access, "guest", tmp_path / "fresh")

        remote_client(access_for(plan, found, "guest"), "guest", tmp_path / "known")
        moved = remote_client(access, "guest", tmp_path / "known")  # kept: no fetch
        with pytest.raises(ssl.SSLCertVerificationError):
            moved.connect(access.host, access.port, keepalive=30)
        assert impostor.received == b""
    finally:
        impostor.close()


@pytest.mark.process
def test_a_certificate_signed_by_the_pinned_key_is_still_not_the_pinned_one(
    remote_broker: Broker, tmp_path: Path
) -> None:
    """The pinned certificate is the only trust anchor, and the broker must show exactly it: one
    signed with the broker's own key (a valid chain) is refused by the pin check after the
    handshake, before MQTT."""
    plan, found = remote_broker
    leaf_key, leaf_csr, leaf = tmp_path / "leaf.key", tmp_path / "leaf.csr", tmp_path / "leaf.crt"
    run = lambda *a: subprocess.run(["openssl", *a], check=True, capture_output=True)  # noqa: E731
    run("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-subj", "/CN=leaf", "-keyout", str(leaf_key), "-out", str(leaf_csr))  # fmt: skip
    run("x509", "-req", "-in", str(leaf_csr), "-CA", str(plan.certfile), "-CAkey",
        str(plan.keyfile), "-CAcreateserial", "-days", "1", "-out", str(leaf))  # fmt: skip
    chain = tmp_path / "chain.pem"
    chain.write_text(leaf.read_text() + plan.certfile.read_text())
    impostor = Impostor(chain, leaf_key)
    try:
        kept = tmp_path / "kept.pem"
        kept.write_text(plan.certfile.read_text())
        context = pinned_context(kept, found.pin)
        with socket.create_connection(("127.0.0.1", impostor.port)) as raw:
            tls = context.wrap_socket(raw, do_handshake_on_connect=False)
            with pytest.raises(ssl.SSLCertVerificationError, match="not the pinned one"):
                tls.do_handshake()
        assert wait_for(lambda: impostor.handshakes == 1)  # the chain itself was accepted
        assert impostor.received == b""
    finally:
        impostor.close()


@pytest.mark.process
def test_a_ca_file_is_verified_with_the_host_name(
    remote_broker: Broker, tmp_path: Path, clients: list[mqtt.Client]
) -> None:
    plan, found = remote_broker
    by_file = replace(access_for(plan, found, "host"), pin=None, cafile=plan.certfile)
    for host in ("127.0.0.1", "localhost"):
        access = replace(by_file, host=host)
        client = remote_client(access, "host", tmp_path)
        clients.append(client)
        assert connect(client, access)[0] == "Success"
        client.loop_stop()
        client.disconnect()
    assert not (tmp_path / "remote").exists()  # nothing fetched nor kept


@pytest.mark.process
def test_the_system_authorities_do_not_trust_a_self_signed_broker(
    remote_broker: Broker, tmp_path: Path
) -> None:
    plan, found = remote_broker
    access = replace(access_for(plan, found, "guest"), pin=None)
    client = remote_client(access, "guest", tmp_path)
    with pytest.raises(ssl.SSLCertVerificationError):
        client.connect(access.host, access.port, keepalive=30)


@pytest.mark.process
def test_anonymous_and_a_wrong_password_are_refused(
    remote_broker: Broker, tmp_path: Path, clients: list[mqtt.Client]
) -> None:
    plan, found = remote_broker
    guest = access_for(plan, found, "guest")
    remote_client(guest, "guest", tmp_path)  # keep the certificate
    context = pinned_context(tmp_path / "remote" / f"broker-{found.pin[:16]}.pem", found.pin)
    anonymous = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="stranger")
    anonymous.tls_set_context(context)
    clients.append(anonymous)
    assert connect(anonymous, guest)[0].is_failure
    wrong = remote_client(replace(guest, password="not-the-password"), "guest", tmp_path)
    clients.append(wrong)
    assert connect(wrong, guest)[0].is_failure


@pytest.mark.process
def test_each_account_writes_only_its_side_and_reads_only_the_other(
    remote_broker: Broker, tmp_path: Path, clients: list[mqtt.Client]
) -> None:
    """The broker drops what an account may not publish, and delivers nothing it may not read:
    each forbidden message is followed by an allowed one, so its absence is no matter of time."""
    plan, found = remote_broker
    room = found.room
    got: dict[str, list[str]] = {"host": [], "guest": []}
    by_role: dict[str, mqtt.Client] = {}
    for role in ("host", "guest"):
        access = access_for(plan, found, role)
        client = remote_client(access, role, tmp_path / role)
        client.on_message = lambda _c, _u, m, role=role: got[role].append(
            f"{m.topic} {m.payload.decode()}"
        )
        clients.append(client)
        assert connect(client, access)[0] == "Success"
        for pattern in (f"{room}/#", "#", f"{room}/host/#", f"{room}/guest/#"):
            client.subscribe(pattern, qos=1)
        by_role[role] = client
    host, guest = by_role["host"], by_role["guest"]

    def publish(client: mqtt.Client, topic: str, payload: str) -> None:
        client.publish(topic, payload, qos=1).wait_for_publish(5)

    # the guest posing as the host; the host's own message after it reaches the guest
    publish(guest, f"{room}/host/game", "forged by the guest")
    publish(guest, "other-room/host/game", "elsewhere")
    publish(host, f"{room}/host/game", "the host's")
    assert wait_for(lambda: f"{room}/host/game the host's" in got["guest"])
    # the host posing as the guest; the guest's own after it reaches the host
    publish(host, f"{room}/guest/propose", "forged by the host")
    publish(guest, f"{room}/guest/propose", "the guest's")
    assert wait_for(lambda: f"{room}/guest/propose the guest's" in got["host"])

    assert got["guest"] == [f"{room}/host/game the host's"]  # once, whatever it subscribed
    assert got["host"] == [f"{room}/guest/propose the guest's"]  # nor its own echoed back


def test_pins_are_read_in_either_spelling() -> None:
    pin = "AB:" * 31 + "AB"
    assert normalize_pin(pin) == "ab" * 32
    with pytest.raises(AccessError) as caught:
        normalize_pin("abc")
    assert caught.value.key == "remote.access.invalid"


@pytest.mark.parametrize(
    "change",
    [
        {"host": ""},
        {"host": "two words"},
        {"port": 0},
        {"username": "a b"},
        {"password": ""},
        {"room": "a/#"},
        {"room": "a//b"},
        {"pin": "xyz"},
        {"cafile": Path("ca.pem")},  # beside a pin
    ],
)
def test_an_invalid_access_is_refused(change: dict[str, object]) -> None:
    fields: dict[str, object] = {
        "host": "broker.example",
        "port": 8883,
        "username": "guest",
        "password": "pw",
        "room": "ttc-1",
        "pin": "ab" * 32,
    }
    with pytest.raises(AccessError) as caught:
        BrokerAccess(**(fields | change))  # type: ignore[arg-type]
    assert caught.value.key == "remote.access.invalid"


@pytest.mark.process
def test_the_system_authorities_path_checks_the_host_name(
    remote_broker: Broker,
    tmp_path: Path,
    clients: list[mqtt.Client],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hosted broker's certificate is trusted through the system's store (here: OpenSSL's
    ``SSL_CERT_FILE`` naming the broker's certificate) for the name it carries only."""
    plan, found = remote_broker
    monkeypatch.setenv("SSL_CERT_FILE", str(plan.certfile))
    access = replace(access_for(plan, found, "guest"), host="localhost", pin=None)
    client = remote_client(access, "guest", tmp_path)
    clients.append(client)
    assert connect(client, access)[0] == "Success"

    other = tmp_path / "other"
    other.mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1", "-subj", "/CN=other.example",
         "-addext", "subjectAltName=DNS:other.example",
         "-keyout", str(other / "key.pem"), "-out", str(other / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    impostor = Impostor(other / "cert.pem", other / "key.pem")
    try:
        named = replace(access, host="127.0.0.1", port=impostor.port, cafile=other / "cert.pem")
        wrong_name = remote_client(named, "guest", tmp_path)
        with pytest.raises(ssl.SSLCertVerificationError, match=r"match|mismatch"):
            wrong_name.connect(named.host, named.port, keepalive=30)
        assert impostor.received == b""
    finally:
        impostor.close()
