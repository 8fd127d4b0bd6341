"""``companion remote …`` as a player types it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from companion.cli import SUBCOMMANDS, main
from companion.remote.access import BrokerAccess, remote_client
from companion.remote.broker import BrokerSecrets, RemoteBroker
from companion.remote.control import access_fields
from companion.remote.invite import Invite, decode, encode
from companion.remote.state import RemoteSession, RemoteState
from tests.companion.hub.mqtt import _listening, free_port, wait_for
from tests.companion.remote.tls_clients import access_for, connect

ROOT = Path(__file__).resolve().parents[3]


def test_remote_is_a_sub_command() -> None:
    result = CliRunner().invoke(main, ["remote", "--help"])
    assert result.exit_code == 0
    for command in ("broker", "host", "join", "lag-proxy"):
        assert f"  {command} " in result.output


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


@pytest.mark.process
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


# -- host and join ------------------------------------------------------------------------------

ran: list[tuple[Path | None, str | None, int | None]] = []


@click.command()
@click.option("--config", type=click.Path(path_type=Path))
@click.option("--host")
@click.option("--port", type=int)
def fake_run(config: Path | None, host: str | None, port: int | None) -> None:
    """Stands for ``companion run`` (a real table is not this test's matter)."""
    ran.append((config, host, port))


def table_config(folder: Path, section: dict[str, object] | None, game: str = "dreamblade") -> Path:
    config = folder / "table.yaml"
    data: dict[str, object] = {"data_dir": str(folder / "data"), "game": game}
    if section is not None:
        data["remote"] = section
    folder.mkdir(parents=True, exist_ok=True)
    config.write_text(yaml.safe_dump(data))
    return config


def host_section(plan: RemoteBroker, found: BrokerSecrets) -> dict[str, object]:
    from companion.remote.broker import host_section as section

    return section(plan, found)


def session_of(config: Path) -> RemoteSession | None:
    from companion.games import settings_sections
    from companion.settings import load_settings
    from companion.table.store import Store

    store = Store(load_settings(config, game_sections=settings_sections()).store_path)
    try:
        return RemoteState(store).session()
    finally:
        store.close()


@pytest.mark.process
def test_host_keeps_its_session_and_invite_and_runs_the_table(
    remote_broker: tuple[RemoteBroker, BrokerSecrets],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan, found = remote_broker
    monkeypatch.setitem(SUBCOMMANDS, "run", "tests.companion.remote.test_cli:fake_run")
    ran.clear()
    config = table_config(tmp_path / "host", host_section(plan, found))
    result = CliRunner().invoke(main, ["remote", "host", "--config", str(config), "--port", "0"])
    assert result.exit_code == 0, result.output
    assert ran == [(config, None, 0)]  # it ran the table with the same config and port
    session = session_of(config)
    assert session is not None and session.role == "host" and session.code is not None
    code = session.code
    invite = decode(code)
    assert invite.access == access_for(plan, found, "guest")
    assert (invite.seat, invite.game) == ("B", "dreamblade")
    assert session.access == access_fields(access_for(plan, found, "host"))
    assert session.nonce == invite.nonce

    again = CliRunner().invoke(main, ["remote", "host", "--config", str(config), "--no-run"])
    assert again.exit_code == 0 and code in again.output  # the same invite: a guest may hold it
    fresh = CliRunner().invoke(
        main, ["remote", "host", "--config", str(config), "--no-run", "--new-invite"]
    )
    new_code = fresh.output.split("\n")[1].strip()
    assert fresh.exit_code == 0 and new_code != code
    assert decode(new_code).nonce != invite.nonce
    assert ran == [(config, None, 0)]


@pytest.mark.process
def test_host_without_a_broker_or_with_a_wrong_pin_says_so(
    remote_broker: tuple[RemoteBroker, BrokerSecrets], tmp_path: Path
) -> None:
    plan, found = remote_broker
    bare = table_config(tmp_path / "bare", None)
    result = CliRunner().invoke(main, ["remote", "host", "--config", str(bare), "--no-run"])
    assert result.exit_code == 1 and "no remote: section" in result.output
    wrong = table_config(tmp_path / "wrong", {**host_section(plan, found), "pin": "0" * 64})
    result = CliRunner().invoke(main, ["remote", "host", "--config", str(wrong), "--no-run"])
    assert result.exit_code == 1 and f"SHA-256 is {found.pin}" in result.output
    assert session_of(wrong) is None


@pytest.mark.process
def test_join_writes_the_guest_session_once_and_runs_the_table(
    remote_broker: tuple[RemoteBroker, BrokerSecrets],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan, found = remote_broker
    monkeypatch.setitem(SUBCOMMANDS, "run", "tests.companion.remote.test_cli:fake_run")
    ran.clear()
    host = table_config(tmp_path / "host", host_section(plan, found))
    hosted = CliRunner().invoke(main, ["remote", "host", "--config", str(host), "--no-run"])
    code = hosted.output.split("\n")[1].strip()
    guest = table_config(tmp_path / "guest", None)
    typed = code.lower().replace("-", " ")  # as retyped from a phone
    result = CliRunner().invoke(main, ["remote", "join", typed, "--config", str(guest)])
    assert result.exit_code == 0, result.output
    assert "plays seat B" in result.output and ran == [(guest, None, None)]
    session = session_of(guest)
    assert session is not None and session.role == "guest" and session.seat == "B"
    assert session.access == access_fields(access_for(plan, found, "guest"))
    assert session.nonce == decode(code).nonce and session.guest_id
    kept = tmp_path / "guest" / "data" / "remote" / f"broker-{found.pin[:16]}.pem"
    assert kept.exists()  # the broker's certificate, checked and kept for the link

    again = CliRunner().invoke(main, ["remote", "join", code, "--config", str(guest), "--no-run"])
    assert again.exit_code == 0
    assert session_of(guest) == session  # the same guest id: the host bound it


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda code: code[:-1] + ("0" if code[-1] != "0" else "1"), "the code has a typo"),
        (lambda code: code[:12], "the code is cut short"),
        (lambda code: "hello " + code, "not an invite code"),
        (lambda code: "TTC2" + code[4:], "another version of the companion"),
    ],
)
def test_join_with_a_bad_code_says_what_is_wrong(
    change: Callable[[str], str], said: str, tmp_path: Path
) -> None:
    access = BrokerAccess("127.0.0.1", free_port(), "guest", "pw", "room", "ab" * 32)
    code = encode(Invite(access, "B", "nonce", "dreamblade"))
    guest = table_config(tmp_path, None)
    result = CliRunner().invoke(main, ["remote", "join", change(code), "--config", str(guest)])
    assert result.exit_code == 1 and said in result.output
    assert session_of(guest) is None


def test_join_refuses_another_game_and_an_unreachable_broker(tmp_path: Path) -> None:
    access = BrokerAccess("127.0.0.1", free_port(), "guest", "pw", "room", "ab" * 32)
    code = encode(Invite(access, "B", "nonce", "dreamblade"))
    arena = table_config(tmp_path / "arena", None, game="arena")
    result = CliRunner().invoke(main, ["remote", "join", code, "--config", str(arena)])
    assert result.exit_code == 1 and "set game: dreamblade" in result.output
    guest = table_config(tmp_path / "guest", None)
    result = CliRunner().invoke(main, ["remote", "join", code, "--config", str(guest)])
    assert result.exit_code == 1 and "can't reach the broker" in result.output
    assert session_of(guest) is None


@pytest.mark.process
def test_host_and_join_run_two_tables_that_link_up(
    remote_broker: tuple[RemoteBroker, BrokerSecrets], tmp_path: Path
) -> None:
    """The commands as players type them, each table its own process: the host's table says
    the invite, the guest's joins with it, and both tables' panels show the game linked."""
    from tests.companion.app.test_commands import _get, _start

    plan, found = remote_broker
    panel = ["--host", "127.0.0.1", "--port", "0"]
    host_config = table_config(tmp_path / "host", host_section(plan, found))
    guest_config = table_config(tmp_path / "guest", None)
    host, said = _start(
        ["remote", "host", "--config", str(host_config), *panel],
        tmp_path / "host",
        "Invite code (send it to your friend):",
    )
    processes = [host]
    try:
        code = said[-1].split(": ", 1)[1]
        guest, heard = _start(
            ["remote", "join", code.lower(), "--config", str(guest_config), *panel],
            tmp_path / "guest",
            "Remote game:",
        )
        processes.append(guest)
        assert "Joined: this table plays seat B of 127.0.0.1's game." in heard
        assert "Remote game: this table plays seat B of the host's game." in heard

        def screen(lines: list[str]) -> str:
            line = next(line for line in lines if line.startswith("Table screen"))
            return line.split(": ", 1)[1].removesuffix("/table")

        bases = {"host": screen(said), "guest": screen(heard)}

        def linked() -> bool:
            blocks = {role: _get(f"{base}/api/remote") for role, base in bases.items()}
            return all(
                block is not None and block["connected"] and block["partner"] == "online"
                for block in blocks.values()
            ) and {b["role"] for b in blocks.values()} == {"host", "guest"}

        assert wait_for(linked, seconds=30)
        assert _get(f"{bases['guest']}/api/remote")["seat"] == "B"
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)


@pytest.mark.process
def test_lag_proxy_carries_a_pinned_tls_client_to_the_broker_and_cuts_it(
    remote_broker: tuple[RemoteBroker, BrokerSecrets], tmp_path: Path
) -> None:
    """``companion remote lag-proxy``: a guest reaches the broker through it (the pin checked
    through the proxy), and ``cut`` on its input drops the connection."""
    plan, found = remote_broker
    port = free_port()
    command = [sys.executable, "-m", "companion", "remote", "lag-proxy", "127.0.0.1"]
    command += [str(plan.port), "--port", str(port), "--delay-ms", "20"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proxy = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    try:
        assert proxy.stdout is not None and proxy.stdin is not None
        said = proxy.stdout.readline()
        assert f"127.0.0.1:{port} → 127.0.0.1:{plan.port}, 20 ms each way" in said
        access = replace(access_for(plan, found, "guest"), port=port)
        client = remote_client(access, "guest", tmp_path)
        dropped: list[object] = []
        client.on_disconnect = lambda *_: dropped.append(True)
        assert connect(client, access)[0] == "Success"
        proxy.stdin.write("cut\n")
        proxy.stdin.flush()
        assert proxy.stdout.readline().strip() == "lag proxy: cut"
        assert wait_for(lambda: bool(dropped))
        client.loop_stop()
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
