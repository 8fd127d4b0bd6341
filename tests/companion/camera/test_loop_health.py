"""The camera loop while playing: the camera's health for the table screen's chip, a judge notice
when a cell's reads fall off (a lamp's glare moved in over a carrier), the bumped camera seen
quickly, and the set-up page's check and lens calibration on the live frames."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion import events as ev
from companion.camera.loop import BUSY_CHECK_FRAMES, CameraLoop
from companion.camera.setup import MIN_READS, ReadHealth, camera_health
from companion.events import Event
from companion.table.store import Store
from companion.table.table import Table
from tests.vision.test_setup_check import GRID, SCENE, VIEW
from vision.board_change import TagId
from vision.camera import ResilientCamera, SynthSource
from vision.carrier import DEFAULT_CARRIER
from vision.lens import lens_path, load_lens
from vision.observe import Placement
from vision.pipeline import PipelineConfig
from vision.registration import LabelRegistration
from vision.synth import Look, View, charuco_photos, render, view_homography
from vision.tags import MarkerReader

TAGS = {n: TagId("db", "B1", n) for n in range(1, 5)}


@pytest.fixture
def table(tmp_path: Path, counter_game_registered: None) -> Table:
    return Table.new_game(Store(tmp_path / "t.sqlite3"), "test-counter", {"version": 1, "start": 0})


@pytest.fixture(scope="module")
def still() -> list[np.ndarray]:
    """The good set-up's frames with seeds 0–5, rendered once for the tests that show them to
    their loop first (read-only: a loop that wrote into one would fail here)."""
    frames = [render(SCENE, VIEW, seed=i) for i in range(6)]
    for frame in frames:
        frame.setflags(write=False)
    return frames


def loop_over(table: Table, frames: list[np.ndarray], tmp_path: Path) -> CameraLoop:
    reader = MarkerReader(LabelRegistration("aruco4x4", TAGS, key=0))
    return CameraLoop(
        table,
        ResilientCamera(SynthSource(frames)),
        reader,
        {tag: f"p{n}" for n, tag in TAGS.items()},
        GRID,
        calibration_path=tmp_path / "calibration.json",
        config=PipelineConfig(carrier=DEFAULT_CARRIER),
        sync=lambda *_: None,
    )


def events_of(table: Table) -> list[Event]:
    seen: list[Event] = []
    table.bus.subscribe(seen.append)
    return seen


def glare_over_a1(radius: float) -> Look:
    ((x, y),) = cv2.perspectiveTransform(np.array([[[45.0, 45.0]]]), view_homography(SCENE, VIEW))[
        0
    ]
    return Look(glare_spot=(x / VIEW.width, y / VIEW.height, radius))


def test_read_health_needs_enough_reads_and_does_not_flap() -> None:
    health = ReadHealth()
    tag = TagId("db", "B1", 1)
    seen = [Placement(tag, "a1", 1.0, 45.0, 45.0)]
    for _ in range(MIN_READS):
        health.record({tag: "a1"}, seen, {"a1"})
    health.record({tag: "a1"}, [], {"b2"})  # a1 not re-read: no news about it
    assert health.falling() == ()
    for _ in range(MIN_READS):
        health.record({tag: "a1"}, [], {"a1"})
    assert health.falling() == ("a1",)
    health.record({tag: "a1"}, seen, {"a1"})  # one good read does not clear it yet
    assert health.falling(("a1",)) == ("a1",)
    assert camera_health("live", False, ("a1",)).state == "degraded"
    assert camera_health("retrying", False, ()).state == "lost"
    assert camera_health("live", False, ()).state == "reading"


def test_glare_over_a_carrier_flags_its_cell_once_for_the_judge(
    table: Table, tmp_path: Path, still: list[np.ndarray]
) -> None:
    frames = list(still)
    frames += [render(SCENE, VIEW, glare_over_a1(0.1), seed=i) for i in range(6, 26)]
    loop = loop_over(table, frames, tmp_path)
    seen = events_of(table)
    for _ in range(6):
        loop.step()
    assert loop.health().state == "reading"
    for _ in range(20):
        loop.step()
    flags = [e.data for e in seen if e.kind == ev.FLAGGED]
    assert flags == [{"reason": "reads_fell_off", "cells": ["a1"], "by": "camera"}]
    assert loop.health().to_json() == {"state": "degraded", "cells": ["a1"], "moved": False}
    report = loop.setup_check()  # the set-up page names the glare there
    assert [(p.kind, p.cells) for p in report.problems] == [("glare", ("a1",))]


def test_a_bumped_camera_is_seen_within_a_few_frames(
    table: Table, tmp_path: Path, still: list[np.ndarray]
) -> None:
    bumped = replace(VIEW, offset_px=(30.0, 20.0), rotation_deg=2.5)
    frames = list(still)
    frames += [render(SCENE, bumped, seed=i) for i in range(6, 8 + BUSY_CHECK_FRAMES)]
    loop = loop_over(table, frames, tmp_path)  # checks the map every 100 frames otherwise
    seen = events_of(table)
    for _ in frames:
        loop.step()
    moved = [e.data for e in seen if e.kind == ev.DEVICE and e.data["status"] == "moved"]
    assert len(moved) == 1
    assert loop.health().to_json() == {"state": "degraded", "cells": [], "moved": True}


def test_the_lens_is_calibrated_from_the_live_camera(
    table: Table, tmp_path: Path, still: list[np.ndarray]
) -> None:
    wide = View(VIEW.width, VIEW.height, 1.0, k1=-0.25)
    boards = [charuco_photos(wide, count=1, seed=n)[0] for n in range(4)]
    loop = loop_over(table, still[:1], tmp_path)
    loop.step()
    assert loop.pipeline is not None and loop.lens_preview() is None
    for n, board in enumerate(boards):
        loop.process(board)
        assert loop.add_lens_view() == n + 1
    lens = loop.calibrate_lens()
    assert lens.dist_coeffs[0] < -0.1  # the barrel found
    saved = load_lens(lens_path(tmp_path))
    assert np.allclose(saved.camera_matrix, lens.camera_matrix)
    assert loop.pipeline is None  # the map is calibrated again, with the lens, at the next frame
    preview = loop.lens_preview()
    assert preview is not None and preview.shape[1] == 2 * VIEW.width


def test_a_picture_older_than_a_few_seconds_is_never_judged_ready(
    table: Table, tmp_path: Path, still: list[np.ndarray]
) -> None:
    from companion.camera.loop import STALE_SECONDS
    from vision.setup_check import SetupError

    now = [100.0]
    loop = loop_over(table, still[:3], tmp_path)
    loop.clock = lambda: now[0]
    for _ in range(3):
        loop.step()
    assert loop.setup_check().ok  # a good set-up, seen just now
    assert loop.setup_check().reads == "carriers"
    now[0] += STALE_SECONDS + 7  # the camera stopped sending: the same frame, 12 s on
    with pytest.raises(SetupError) as stale:
        loop.setup_check()
    assert stale.value.code == "stale" and stale.value.params == {"seconds": "12"}
    assert "12 s old" in str(stale.value)


def test_the_check_says_which_labels_the_table_reads(
    table: Table, tmp_path: Path, still: list[np.ndarray]
) -> None:
    from vision.tags import make_reader

    loop = loop_over(table, still[:3], tmp_path)
    loop.reader = make_reader("zxing")  # the demo's camera reads QR stickers
    for _ in range(3):
        loop.step()
    report = loop.setup_check().to_json()
    assert (report["judges"], report["reads"]) == ("carriers", "qr")
