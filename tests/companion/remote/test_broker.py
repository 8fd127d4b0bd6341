"""The broker a player runs for remote play: its files, what survives writing them again, and the
running Mosquitto (TLS only, retained messages kept over a restart)."""

from __future__ import annotations

import socket
import ssl
import stat
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
import yaml

from companion.remote.access import pem_pin, remote_client
from companion.remote.broker import (
    BrokerError,
    BrokerSecrets,
    RemoteBroker,
    acl_text,
    start_broker,
    stop_broker,
    write_broker,
)
from tests.companion.hub.mqtt import free_port, wait_for
from tests.companion.remote.tls_clients import access_for, connect

Broker = tuple[RemoteBroker, BrokerSecrets]


def names_in(certfile: Path) -> list[tuple[str, str]]:
    """The subjectAltName entries of a PEM certificate."""
    decoded = ssl._ssl._test_decode_cert(str(certfile))  # type: ignore[attr-defined]
    return list(decoded["subjectAltName"])


def test_the_files_are_written_private_and_the_host_section_matches(tmp_path: Path) -> None:
    plan = RemoteBroker(tmp_path / "b", "play.example.org", port=8883)
    found = write_broker(plan)
    for name in ("remote-broker.json", "passwords", "acl", "mosquitto.conf", "remote-host.yaml"):
        assert stat.S_IMODE((plan.folder / name).stat().st_mode) == 0o600, name
    assert stat.S_IMODE(plan.keyfile.stat().st_mode) == 0o600
    assert found.pin == pem_pin(plan.certfile.read_text())
    assert sorted(names_in(plan.certfile)) == [
        ("DNS", "localhost"),
        ("DNS", "play.example.org"),
        ("IP Address", "127.0.0.1"),
    ]
    section = yaml.safe_load(plan.host_settings_path.read_text())
    assert section == {
        "remote": {
            "broker_host": "play.example.org",
            "broker_port": 8883,
            "room": found.room,
            "host_username": "host",
            "host_password": found.host_password,
            "guest_username": "guest",
            "guest_password": found.guest_password,
            "pin": found.pin,
            "seat": "B",
        }
    }
    hashed = (plan.folder / "passwords").read_text()
    assert found.host_password not in hashed and found.guest_password not in hashed
    assert sorted(line.split(":")[0] for line in hashed.splitlines()) == ["guest", "host"]
    config = plan.config_path.read_text()
    assert "allow_anonymous false" in config and "use_username_as_clientid true" in config
    assert "set_tcp_nodelay true" in config  # no Nagle wait between two messages to a table
    assert config.count("listener ") == 1 and "certfile " in config and "keyfile " in config


def test_writing_again_keeps_passwords_room_and_pin(tmp_path: Path) -> None:
    plan = RemoteBroker(tmp_path / "b", "203.0.113.7")
    first = write_broker(plan)
    assert write_broker(RemoteBroker(tmp_path / "b", "203.0.113.7", port=9883)) == first
    moved = write_broker(RemoteBroker(tmp_path / "b", "play.example.org"))
    assert moved.pin != first.pin  # a new certificate for the new name...
    assert ("DNS", "play.example.org") in names_in(plan.certfile)
    assert ("IP Address", "203.0.113.7") not in names_in(plan.certfile)
    assert (moved.room, moved.host_password) == (first.room, first.host_password)  # ...same rest


def test_the_acl_keeps_each_account_on_its_side() -> None:
    lines = [line for line in acl_text("ttc-1").splitlines() if line and line[0] != "#"]
    assert lines == [
        "user host",
        "topic write ttc-1/host/#",
        "topic read ttc-1/guest/#",
        "user guest",
        "topic write ttc-1/guest/#",
        "topic read ttc-1/host/#",
    ]


@pytest.mark.parametrize("host", ["", "a b", "http://x", "x:1", "-bad.example", "a..b"])
def test_a_bad_public_host_is_refused(host: str, tmp_path: Path) -> None:
    with pytest.raises(BrokerError, match="public host"):
        RemoteBroker(tmp_path, host)


def test_an_unreadable_state_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "remote-broker.json").write_text("{not json")
    with pytest.raises(BrokerError, match="delete it"):
        write_broker(RemoteBroker(tmp_path, "127.0.0.1"))


@pytest.mark.process
def test_only_tls_is_spoken(remote_broker: Broker) -> None:
    """A plain MQTT client gets no CONNACK from the TLS listener."""
    plan, _ = remote_broker
    plain = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="plain")
    reasons: list[object] = []
    plain.on_connect = lambda _c, _u, _f, reason, _p: reasons.append(reason)
    plain.connect("127.0.0.1", plan.port, keepalive=5)
    plain.loop_start()
    try:
        assert not wait_for(lambda: bool(reasons), seconds=1.5)
    finally:
        plain.loop_stop()
        plain.disconnect()


@pytest.mark.process
def test_a_busy_port_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        plan = RemoteBroker(tmp_path, "127.0.0.1", port=taken.getsockname()[1], listen="127.0.0.1")
        write_broker(plan)
        with pytest.raises(BrokerError, match="can't listen"):
            start_broker(plan)


@pytest.mark.process
def test_retained_messages_outlive_a_broker_restart(tmp_path: Path) -> None:
    """The host's retained game is still there for a guest after the broker restarts."""
    plan = RemoteBroker(tmp_path / "b", "127.0.0.1", port=free_port(), listen="127.0.0.1")
    found = write_broker(plan)
    topic = f"{found.room}/host/game"
    process = start_broker(plan)
    try:
        host_access = access_for(plan, found, "host")
        host = remote_client(host_access, "host", tmp_path / "host")
        connect(host, host_access)
        host.publish(topic, b'{"v":1}', qos=1, retain=True).wait_for_publish(5)
        host.loop_stop()
        host.disconnect()
    finally:
        stop_broker(process)
    process = start_broker(plan)
    try:
        guest_access = access_for(plan, found, "guest")
        guest = remote_client(guest_access, "guest", tmp_path / "guest")
        got: list[bytes] = []
        guest.on_message = lambda _c, _u, m: got.append(m.payload)
        connect(guest, guest_access)
        guest.subscribe(f"{found.room}/host/#", qos=1)
        assert wait_for(lambda: got == [b'{"v":1}'])
        guest.loop_stop()
        guest.disconnect()
    finally:
        stop_broker(process)
