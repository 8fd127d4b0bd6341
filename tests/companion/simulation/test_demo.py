"""The whole table, end to end: synthetic frames in, engine actions, tallies and LED frames out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion import events as ev
from companion.games import fixed_maps
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game, played_demo
from companion.lights.board_view import board_view_or_none
from companion.lights.driver import LightsDriver
from companion.lights.virtual import VirtualLights
from companion.simulation.demo import DemoError, DemoPlayer
from companion.table.store import Store
from companion.table.table import Table
from firmware_config.layout import load_layout

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory):
    """The scripted game played once through camera, reconciler, engine, store and LEDs."""
    table = Table.start(Store(tmp_path_factory.mktemp("demo") / "t.sqlite3"), demo_game())
    lights = VirtualLights(load_layout("matrix16x16", fixed_maps()))
    driver = LightsDriver(lights, lambda: table.read(board_view_or_none))
    driver.attach(table.bus)
    flags: list[dict] = []
    table.bus.subscribe(lambda e: flags.append(e.data), kinds={ev.FLAGGED})
    table.bus.subscribe(lambda e: driver.tick(), kinds={ev.ACTION_APPLIED})
    player = DemoPlayer(table)
    lines: list[str] = []
    player.play(DEMO_ACTIONS, report=lines.append)
    return table, player, lines, lights, flags


def test_the_camera_played_every_board_action(played):
    table, _, _, _, _ = played
    assert table.store.record(table.game_id)["actions"] == list(DEMO_ACTIONS)
    camera_moves = [e for e in table.store.log(table.game_id) if e["by"] == "camera"]
    board_actions = [a for a in DEMO_ACTIONS if a.split()[0] in ("spawn", "move", "place")]
    assert [e["action"] for e in camera_moves] == board_actions


def test_every_turn_scores_as_the_engine_alone_scores_it(played):
    table, player, lines, _, _ = played
    alone = played_demo()
    assert table.read(lambda game: game.position()) == alone.position()
    assert [r.turn for r in player.results] == [1, 2, 3, 4]
    assert table.read(lambda game: dict(game.turn_wins())) == dict(alone.turn_wins())
    assert lines[1] == "turn 2: A 2 – B 5: B wins the turn (turn wins: A 0, B 1)"


def test_no_board_change_was_flagged(played):
    _, _, _, _, flags = played
    assert flags == []


def test_the_leds_showed_the_game(played):
    _, _, _, lights, _ = played
    assert len(lights.frames) > 10
    lit = [frame for frame in lights.frames if any(frame.pixels)]
    assert lit, "every LED frame was dark"


def test_a_move_the_camera_cannot_turn_into_the_action_stops_the_demo(tmp_path: Path):
    table = Table.start(Store(tmp_path / "t.sqlite3"), demo_game())
    player = DemoPlayer(table)
    with pytest.raises(DemoError, match="did not turn"):
        player.play(["init 6 5", "spawn A:sir-glorious#1 c3"])  # not a spawn cell
    assert table.store.record(table.game_id)["actions"] == ["init 6 5"]


@pytest.mark.process
def test_headless_demo_command_prints_the_turns():
    result = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--headless"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [f"turn {n}" for n in range(1, 10)]
    # the players by name, as the demo seats them (companion/games/demo_players.py)
    assert lines[1] == (
        "turn 2: Anna Weber 2 – Ben Sato 5: Ben Sato wins the turn (turn wins: Anna Weber 0, "
        "Ben Sato 1)"
    )
    assert lines[-1].endswith("turn wins: Anna Weber 6, Ben Sato 2; Anna Weber wins the game")
