from dataclasses import replace

import numpy as np
import pytest
import segno

from vision.calibration import Calibration, CalibrationError
from vision.map_grid import DREAMBLADE_MAP
from vision.pipeline import STAGES, Pipeline, PipelineConfig
from vision.synth import Scene, Step, move_sequence, render
from vision.tags import ZxingReader
from vision.tracking import TrackerConfig

from .conftest import BASE_MM, VIEW, tag


@pytest.fixture(scope="module")
def move(table_scene: Scene) -> tuple[list[Step], list[np.ndarray]]:
    steps = move_sequence(table_scene, tag(2), (315.0, 225.0), still=4, travel=3)
    frames = [render(step.scene, VIEW, seed=i) for i, step in enumerate(steps)]
    return steps, frames


def _pipeline(calibration: Calibration, mode: str) -> Pipeline:
    config = PipelineConfig(decode=mode, base_mm=BASE_MM, tracker=TrackerConfig(stable_frames=3))
    return Pipeline(DREAMBLADE_MAP, calibration, ZxingReader(), config)


@pytest.mark.parametrize("mode", ["changed-cells", "cells", "full-frame"])
def test_a_move_by_hand_commits_the_true_board_and_nothing_wrong(
    calibration: Calibration, move: tuple[list[Step], list[np.ndarray]], mode: str
) -> None:
    steps, frames = move
    pipeline = _pipeline(calibration, mode)
    changes = []
    for step, frame in zip(steps, frames, strict=True):
        result = pipeline.process(frame)
        if result.change is not None:
            # every committed board is the truth of the frame it was committed on
            assert result.change.board == step.truth
            changes.append(result.change)
    assert [c.added for c in changes[:1]] == [steps[0].truth]
    assert [c.moved for c in changes[1:]] == [{tag(2): ("c2", "d3")}]
    assert pipeline.tracker.board == steps[-1].truth


def test_hand_frames_are_busy_and_decode_nothing(
    calibration: Calibration, move: tuple[list[Step], list[np.ndarray]]
) -> None:
    steps, frames = move
    pipeline = _pipeline(calibration, "changed-cells")
    for step, frame in zip(steps, frames, strict=True):
        result = pipeline.process(frame)
        if step.scene.hands and result.observation.busy:
            assert result.decoded_cells == 0
        if not step.scene.hands:
            assert not result.observation.busy
    busy = [
        pipeline.process(f).observation.busy for s, f in zip(steps, frames, strict=True) if s.held
    ]
    assert all(busy)


def test_changed_cells_mode_reads_few_cells_once_two_reads_agree(
    calibration: Calibration, move: tuple[list[Step], list[np.ndarray]]
) -> None:
    _, frames = move
    pipeline = _pipeline(calibration, "changed-cells")
    first, second = pipeline.process(frames[0]), pipeline.process(frames[1])
    later = [pipeline.process(f) for f in frames[2:4]]
    # every cell is read until two reads in a row agree, then only the round-robin cell
    assert first.decoded_cells == second.decoded_cells == len(DREAMBLADE_MAP.cells)
    assert all(r.decoded_cells == 1 for r in later)
    assert all(r.observation.board() == first.observation.board() for r in later)


def test_every_stage_is_timed(calibration: Calibration, table_frame: np.ndarray) -> None:
    result = _pipeline(calibration, "full-frame").process(table_frame)
    assert tuple(result.timings_ms) == STAGES
    assert all(ms >= 0 for ms in result.timings_ms.values())


def test_unknown_decode_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="decode mode"):
        PipelineConfig(decode="tiles")


def test_a_foreign_code_on_the_map_is_counted_and_changes_nothing(
    calibration: Calibration, table_frame: np.ndarray, table_scene: Scene
) -> None:
    modules = np.array(segno.make_qr("https://example.com/x", error="m").matrix, np.uint8)
    code = np.kron(np.pad(1 - modules, 2, constant_values=1) * 255, np.ones((4, 4), np.uint8))
    frame = table_frame.copy()
    x, y = (int(v) for v in calibration.to_image([(300.0, 60.0)])[0])
    frame[y : y + code.shape[0], x : x + code.shape[1]] = code[..., None]
    pipeline = _pipeline(calibration, "full-frame")
    results = [pipeline.process(frame) for _ in range(3)]
    assert all(r.observation.rejected == 1 for r in results)
    assert pipeline.tracker.board == table_scene.true_board()


@pytest.mark.parametrize("mode", ["changed-cells", "full-frame"])
def test_a_code_hidden_by_a_figure_is_kept_and_a_base_taken_away_is_removed(
    calibration: Calibration, table_frame: np.ndarray, table_scene: Scene, mode: str
) -> None:
    pieces = table_scene.pieces
    covered = replace(
        table_scene, pieces=tuple(replace(p, covered=0.5) if p.tag == tag(3) else p for p in pieces)
    )
    gone = replace(table_scene, pieces=tuple(p for p in pieces if p.tag != tag(3)))
    pipeline = _pipeline(calibration, mode)
    for _ in range(3):
        pipeline.process(table_frame)
    assert pipeline.tracker.board == table_scene.true_board()
    hidden = [pipeline.process(render(covered, VIEW, seed=s)) for s in range(5, 10)]
    assert all(tag(3) not in r.observation.board() for r in hidden)  # the code is unreadable
    assert tag(3) in hidden[-1].observation.unread
    assert pipeline.tracker.board == table_scene.true_board()
    changes = [pipeline.process(render(gone, VIEW, seed=s)).change for s in range(10, 15)]
    assert [c.removed for c in changes if c is not None] == [{tag(3): "e5"}]


def test_a_frame_of_another_size_than_the_calibration_is_refused(
    calibration: Calibration, table_frame: np.ndarray
) -> None:
    pipeline = _pipeline(calibration, "changed-cells")
    with pytest.raises(CalibrationError, match="calibrate again"):
        pipeline.process(table_frame[:600])
    assert pipeline.tracker.board == {}
