"""``companion remote …`` as a player types it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import yaml
from click.testing import CliRunner

from companion.cli import main
from companion.remote.access import BrokerAccess, remote_client
from tests.companion.hub.mqtt import _listening, free_port, wait_for
from tests.companion.remote.tls_clients import connect

ROOT = Path(__file__).resolve().parents[3]


def test_remote_is_a_sub_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0 and "remote" in result.output
    result = CliRunner().invoke(main, ["remote", "--help"])
    assert result.exit_code == 0 and "broker" in result.output


def test_broker_write_only_writes_the_files_and_says_what_to_do(tmp_path: Path) -> None:
    folder = tmp_path / "broker"
    args = ["remote", "broker", "--folder", str(folder), "--public-host", "play.example.org"]
    result = CliRunner().invoke(main, [*args, "--write-only"])
    assert result.exit_code == 0, result.output
    section = yaml.safe_load((folder / "remote-host.yaml").read_text())["remote"]
    assert f"Certificate pin (SHA-256): {section['pin']}" in result.output
    assert "forward TCP port 8883" in result.output
    assert f"mosquitto -c {folder / 'mosquitto.conf'}" in result.output
    assert section["host_password"] not in result.output  # the secrets stay in the file
    again = CliRunner().invoke(main, [*args, "--write-only", "--port", "9999"])
    assert again.exit_code == 0
    assert yaml.safe_load((folder / "remote-host.yaml").read_text())["remote"] == {
        **section,
        "broker_port": 9999,
    }


def test_a_new_guest_password_changes_only_that(tmp_path: Path) -> None:
    args = ["remote", "broker", "--folder", str(tmp_path), "--public-host", "10.0.0.2"]
    assert CliRunner().invoke(main, [*args, "--write-only"]).exit_code == 0
    before = yaml.safe_load((tmp_path / "remote-host.yaml").read_text())["remote"]
    result = CliRunner().invoke(main, [*args, "--write-only", "--new-guest-password"])
    assert result.exit_code == 0
    after = yaml.safe_load((tmp_path / "remote-host.yaml").read_text())["remote"]
    assert after["guest_password"] != before["guest_password"]
    assert {**after, "guest_password": None} == {**before, "guest_password": None}


def test_broker_refuses_a_bad_public_host(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "remote",
            "broker",
            "--folder",
            str(tmp_path),
            "--public-host",
            "http://x",
            "--write-only",
        ],
    )
    assert result.exit_code == 1
    assert "Error: public host 'http://x'" in result.output
    assert list(tmp_path.iterdir()) == []


def test_broker_runs_until_stopped_and_its_host_settings_connect(tmp_path: Path) -> None:
    """The command as a process: the accounts it wrote connect over TLS with the pin; SIGTERM to
    the command stops Mosquitto with it."""
    folder, port = tmp_path / "broker", free_port()
    command = [sys.executable, "-m", "companion", "remote", "broker", "--folder", str(folder)]
    command += ["--public-host", "127.0.0.1", "--port", str(port), "--listen", "127.0.0.1"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(6)]
        assert any("Broker running on port" in line for line in lines), lines
        section = yaml.safe_load((folder / "remote-host.yaml").read_text())["remote"]
        for role in ("host", "guest"):
            access = BrokerAccess(
                section["broker_host"],
                section["broker_port"],
                section[f"{role}_username"],
                section[f"{role}_password"],
                section["room"],
                section["pin"],
            )
            client = remote_client(access, role, tmp_path / role)
            assert connect(client, access)[0] == "Success"
            client.loop_stop()
            client.disconnect()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
        assert wait_for(lambda: not _listening(port), seconds=5)  # Mosquitto went with it
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
