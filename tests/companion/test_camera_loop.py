"""The camera side of the table: calibration, a camera that dies mid-game and comes back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

from companion import events as ev
from companion.camera_loop import CameraLoop
from companion.games.dreamblade.demo_game import demo_game
from companion.reconciler import default_registry, engine_board
from companion.simulated_table import SimulatedTable
from companion.store import Store
from companion.table import Table
from vision.camera import ResilientCamera
from vision.map_grid import DREAMBLADE_MAP
from vision.tags import make_reader


class FlakySource:
    """Frames from a list; reading fails while ``unplugged`` (a loose cable)."""

    name = "flaky:"

    def __init__(self) -> None:
        self.frames: list[np.ndarray] = []
        self.unplugged = False

    def open(self) -> None:
        if self.unplugged:
            raise OSError("no such device")

    def read(self) -> np.ndarray | None:
        if self.unplugged:
            raise OSError("device disconnected")
        return self.frames.pop(0) if self.frames else None

    def close(self) -> None:
        pass


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def setup(tmp_path: Path) -> tuple[Table, CameraLoop, FlakySource, SimulatedTable, Clock]:
    table = Table.start(Store(tmp_path / "t.sqlite3"), demo_game())
    registry = default_registry(table.read(lambda game: list(game.setup.pieces)))
    source, clock = FlakySource(), Clock()
    camera = ResilientCamera(source, retry_seconds=1.0, clock=clock)
    loop = CameraLoop(
        table,
        camera,
        make_reader("zxing"),
        registry,
        DREAMBLADE_MAP,
        calibration_path=tmp_path / "calibration.json",
    )
    return table, loop, source, SimulatedTable(registry), clock


def feed(loop: CameraLoop, source: FlakySource, frames: Iterator[np.ndarray]) -> None:
    source.frames.extend(frames)
    while source.frames:
        loop.step()


def test_the_loop_calibrates_itself_and_saves_it(tmp_path: Path):
    _, loop, source, sim, _ = setup(tmp_path)
    feed(loop, source, sim.settled())
    assert loop.pipeline is not None
    assert (tmp_path / "calibration.json").exists()


def test_a_camera_lost_mid_game_is_reported_and_recovers(tmp_path: Path):
    table, loop, source, sim, clock = setup(tmp_path)
    devices: list[str] = []
    table.bus.subscribe(lambda e: devices.append(e.data["status"]), kinds={ev.DEVICE})
    feed(loop, source, sim.settled())
    table.submit("judge", "init 6 5")

    source.unplugged = True
    assert loop.step() is None
    assert devices[-1] == "retrying"
    table.submit("A", "done")  # the phones keep the game going without the camera
    assert table.read(lambda game: game.pending().seat) == "B"

    source.unplugged = False
    clock.now += 2.0
    feed(loop, source, sim.put("B:spellbound-scissors#1", "e5"))
    assert devices[-1] == "live"
    assert engine_board(table.snapshot()) == {"B:spellbound-scissors#1": "e5"}


def test_garbage_frames_never_reach_the_engine(tmp_path: Path):
    table, loop, source, sim, _ = setup(tmp_path)
    feed(loop, source, sim.settled())
    before = table.version
    noise = np.random.default_rng(1).integers(0, 255, (1300, 1300, 3), dtype=np.uint8)
    feed(loop, source, iter([noise] * 8))
    assert table.version == before
