"""``companion demo --game …``: another game's scripted demo on the command line."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.app.commands import demo
from companion.simulation.other_games import demo_game, demo_seats, table_demos


@pytest.mark.parametrize("name", table_demos())
def test_demo_game_headless_plays_the_script_to_its_winner(name: str):
    result = CliRunner().invoke(demo, ["--game", name, "--headless"])
    assert result.exit_code == 0, result.output
    game, script = demo_game(name)
    for text in script:
        game.push(game.parse_action(text))
    lines = result.output.splitlines()
    assert len(lines) == len(script) + 1
    assert lines[0].endswith(script[0])
    winner = demo_seats(game)[str(game.winner())].name  # the player, by the name on the seat
    assert lines[-1] == f"{len(script)} actions; {winner} wins"


def test_the_dreamblade_demo_seats_its_players_by_name_in_both_languages(tmp_path: Path):
    from companion.app.commands import _demo_table
    from companion.games import find_kit
    from companion.settings import Settings

    demo = find_kit("dreamblade").demo
    assert demo is not None and demo.through_camera
    table, settings = _demo_table(Settings(data_dir=tmp_path), demo)
    try:
        assert {seat: (s.name, s.names) for seat, s in settings.seats.items()} == {
            "A": ("Anna Weber", {"ja": "アンナ・ウェーバー"}),
            "B": ("Ben Sato", {"ja": "佐藤ベン"}),
        }
        assert settings.seats["A"].colour != settings.seats["B"].colour
        assert table.read(lambda game: game.seats) == ("A", "B")
    finally:
        table.store.close()


def test_an_unknown_game_is_refused_by_the_cli():
    result = CliRunner().invoke(demo, ["--game", "chess", "--headless"])
    assert result.exit_code == 2
    assert "chess" in result.output


def _start_run(data: Path, **extra: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``companion run`` with no config in ``data``; returns it and its lines up to the links."""
    return _start(["run", "--port", "0"], data, "Player B:", **extra)


def _start(
    args: list[str],
    data: Path,
    last: str,
    heard: list[str] | None = None,
    wrap: tuple[str, ...] = (),
    **extra: str,
) -> tuple[subprocess.Popen[str], list[str]]:
    """``companion ARGS`` with ``data`` as its home (and ``extra`` in its environment); returns it
    and its lines up to ``last``. ``heard``, when given, gets every line it says, then and later;
    ``wrap``: the command it runs under (``ip netns exec NAME``)."""
    env = {**os.environ, "COMPANION_HOME": str(data), "COMPANION_CAMERA": "", "PYTHONWARNINGS": ""}
    env.update(extra)
    process = subprocess.Popen(
        [*wrap, sys.executable, "-m", "companion", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    said: queue.Queue[str] = queue.Queue()  # read aside, so a silent process cannot hang the test

    def read() -> None:
        for line in process.stdout or ():
            said.put(line)
            if heard is not None:
                heard.append(line.rstrip())
        said.put("")  # the end of its output

    threading.Thread(target=read, daemon=True).start()
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while len(lines) < 40:
        try:
            line = said.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        if not line:
            break
        lines.append(line.rstrip())
        if line.strip().startswith(last):
            return process, lines
    process.kill()
    process.wait(timeout=10)
    pytest.fail(f"companion {args[0]} did not print {last!r}:\n" + "\n".join(lines))


def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as response:
        data: dict = json.load(response)
    return data


@pytest.mark.process
def test_run_with_no_devices_is_a_real_table_that_resumes_after_a_restart(tmp_path: Path):
    process, lines = _start_run(tmp_path)
    try:
        assert "Started game 1 (dreamblade)." in lines
        assert f"Data folder: {tmp_path}" in lines
        table_url = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        links = {
            line.split(":", 1)[0].strip(): line.split(": ", 1)[1]
            for line in lines
            if line.startswith("  Player")
        }
        base = table_url.removesuffix("/table")
        assert set(links) == {"Player A", "Player B"}
        assert all("/join/1." in link for link in links.values())
        assert _get(f"{base}/api/state")["version"] == 0
        time.sleep(1.0)  # a scripted demo would have acted by now
        assert _get(f"{base}/api/state")["version"] == 0
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert (tmp_path / "table-1.sqlite3").exists()
    process, lines = _start_run(tmp_path)
    try:
        assert "Resumed game 1 (dreamblade)." in lines
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.mark.process
def test_a_second_table_on_the_same_data_folder_is_refused_loudly(tmp_path: Path):
    """Issue 24: a dry run's second table on the first one's folder took over its data."""
    first, lines = _start_run(tmp_path)
    try:
        base = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        base = base.removesuffix("/table")
        before = _get(f"{base}/api/state")
        env = {**os.environ, "COMPANION_HOME": str(tmp_path), "COMPANION_CAMERA": ""}
        second = subprocess.run(
            [sys.executable, "-m", "companion", "run", "--port", "0"],
            capture_output=True, text=True, env=env, timeout=60,
        )  # fmt: skip
        assert second.returncode == 1
        assert f"the data folder {tmp_path} is in use by table 'table-1'" in second.stderr
        assert f"process {first.pid}" in second.stderr
        assert "Started game" not in second.stdout and "Resumed" not in second.stdout
        assert first.poll() is None  # the first table plays on, its game untouched
        after = _get(f"{base}/api/state")
        assert (after["game_id"], after["version"]) == (before["game_id"], before["version"])
    finally:
        first.terminate()
        first.wait(timeout=10)


@pytest.mark.process
def test_run_says_each_missing_device_in_its_own_words(tmp_path: Path):
    # no camera, no pin factory for gpiozero, a LED library that is not installed
    process, lines = _start_run(
        tmp_path, GPIOZERO_PIN_FACTORY="nonexistent", COMPANION_LIGHTS="ws281x"
    )
    process.terminate()
    process.wait(timeout=10)
    said = {line.split(":", 1)[0]: line for line in lines if not line.startswith(" ")}
    assert said["camera"].startswith("camera: none found (")
    assert "the phones and the judge keep the board" in said["camera"]
    assert said["buttons"].startswith("buttons: none found (")
    assert "undo and judge call do their job" in said["buttons"]
    assert said["LEDs"].startswith("LEDs: ws281x did not open (its library is not installed")
    assert "simulated" in said["LEDs"]
    assert all(". To fix: " in said[device] for device in ("camera", "buttons", "LEDs"))
    links = [line for line in lines if line.startswith("  ")]  # only the join links indented
    assert [line.split(":", 1)[0] for line in links] == ["  Player A", "  Player B"]
    output = "\n".join(lines)
    for raw in ("pin factory", "No module named", "warning", "WARNING", "Traceback"):
        assert raw not in output  # the libraries' words stay in the log


def _sigint_as_from_a_terminal() -> None:
    # a background job's shell ignores SIGINT, and children inherit that: Ctrl-C's default back
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.process
def test_demo_stops_on_ctrl_c_with_a_clean_exit_and_nothing_leaked(tmp_path: Path):
    env = {**os.environ, "COMPANION_HOME": str(tmp_path), "PYTHONWARNINGS": ""}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "demo",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--pace",
            "0.3",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        preexec_fn=_sigint_as_from_a_terminal,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # the panel is served: the scripted players are at it
        assert "http://127.0.0.1:" in first, first
        time.sleep(2.0)  # the scripted players are at it, their camera reading the synthetic map
        assert process.poll() is None
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=30)
    except (AssertionError, subprocess.TimeoutExpired):
        process.kill()  # never left running after a failure
        process.wait(timeout=10)
        raise
    assert process.returncode == 0, rest
    assert "stopping" in rest
    for said in ("leaked", "nanobind", "Traceback"):
        assert said not in rest, rest


@pytest.mark.process
@pytest.mark.parametrize("game", ["dreamblade", "planechase"])
def test_the_demo_is_served_to_the_networks_phones_with_join_links_like_run(
    tmp_path: Path, game: str
):
    from web_panel.addresses import lan_address

    args = ["demo", "--game", game, "--port", "0", "--pace", "60"]
    process, lines = _start(args, tmp_path, "Ctrl-C stops the demo.")
    try:
        table_url = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        port = int(table_url.removesuffix("/table").rsplit(":", 1)[1])
        phones = next(line.split(": ", 1)[1] for line in lines if line.startswith("Phones"))
        assert phones == f"http://{lan_address() or '127.0.0.1'}:{port}"
        # listening on every interface: another address of this machine answers too
        for host in ("127.0.0.2", lan_address()):
            if host is not None:
                assert _get(f"http://{host}:{port}/api/state")["game"] == game
        seats = [line.strip() for line in lines if line.startswith("  ")]
        if game == "dreamblade":
            names = ["Anna Weber", "Ben Sato"]
        else:
            played = demo_game(game)[0]
            names = [demo_seats(played)[seat].name for seat in played.seats]
        assert [seat.split(": ", 1)[0] for seat in seats] == names
        assert all(seat.split(": ", 1)[1].startswith(f"{phones}/join/1.") for seat in seats)
    finally:
        process.terminate()
        process.wait(timeout=10)
