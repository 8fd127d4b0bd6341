from dataclasses import replace

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.motion import MotionConfig, MotionGate
from vision.synth import CellLight, Hand, Piece, Scene, render

from .conftest import VIEW, tag


def grey(scene: Scene, seed: int) -> np.ndarray:
    return cv2.cvtColor(render(scene, VIEW, seed=seed), cv2.COLOR_BGR2GRAY)


def test_a_still_table_is_clear_and_only_new_cells_need_reading(
    calibration: Calibration, table_scene: Scene
) -> None:
    gate = MotionGate(FIVE_BY_FIVE_MAP, calibration, MotionConfig())
    first = gate.update(grey(table_scene, 1))
    assert not first.busy
    assert first.changed_cells == frozenset(FIVE_BY_FIVE_MAP.cells)
    gate.mark_decoded(first.changed_cells)
    second = gate.update(grey(table_scene, 2))  # new sensor noise only
    assert not second.busy
    assert second.changed_cells == frozenset()


def test_an_arm_reaching_in_makes_the_map_busy_even_when_it_stops(
    calibration: Calibration, table_scene: Scene
) -> None:
    gate = MotionGate(FIVE_BY_FIVE_MAP, calibration, MotionConfig())
    gate.update(grey(table_scene, 1))
    with_hand = replace(table_scene, hands=(Hand(225.0, 225.0),))
    states = [gate.update(grey(with_hand, seed)) for seed in (2, 3, 4, 5)]
    assert all(s.busy for s in states)
    assert states[-1].motion_share < 0.01 < states[-1].band_share  # still, but over the band


def test_a_piece_put_down_changes_its_cell_only(
    calibration: Calibration, table_scene: Scene
) -> None:
    gate = MotionGate(FIVE_BY_FIVE_MAP, calibration, MotionConfig())
    gate.mark_decoded(gate.update(grey(table_scene, 1)).changed_cells)
    fewer = replace(table_scene, pieces=tuple(p for p in table_scene.pieces if p.tag != tag(3)))
    state = gate.update(grey(fewer, 2))
    assert state.changed_cells == frozenset({"e5"})
    # where: around the lifted tag (a 40 mm code on a 50 mm base at (405, 405)), within e5
    x0, y0, x1, y1 = state.changed_rects["e5"]
    assert 360 <= x0 < 385 and 360 <= y0 < 385 and 425 < x1 <= 450 and 425 < y1 <= 450


def test_a_band_that_stays_different_becomes_the_new_empty_table(
    calibration: Calibration, table_scene: Scene
) -> None:
    config = MotionConfig(rebase_after_frames=3)
    gate = MotionGate(FIVE_BY_FIVE_MAP, calibration, config)
    gate.update(grey(table_scene, 1))
    tray = grey(replace(table_scene, hands=(Hand(225.0, -40.0),)), 2)  # at the edge, still
    states = [gate.update(tray) for _ in range(5)]
    assert [s.busy for s in states] == [True, True, False, False, False]


def test_the_frame_after_the_hand_left_is_settling_not_busy(
    calibration: Calibration, table_scene: Scene
) -> None:
    gate = MotionGate(FIVE_BY_FIVE_MAP, calibration, MotionConfig())
    gate.update(grey(table_scene, 1))
    assert gate.update(grey(replace(table_scene, hands=(Hand(225.0, 225.0),)), 2)).busy
    after = gate.update(grey(table_scene, 3))
    assert (after.busy, after.settling) == (False, True)
    still = gate.update(grey(table_scene, 4))
    assert (still.busy, still.settling) == (False, False)


# -- the table's own LEDs under the map (issue 37) ------------------------------------------------

LIT = (
    CellLight("c2", (0, 255, 0)),  # under a miniature
    CellLight("d4", (255, 255, 255)),  # an empty cell
    CellLight("e5", (0, 0, 255), 0.6),  # under a miniature, pulsing
)


def test_cells_the_table_lights_are_not_changed_but_a_piece_put_down_in_one_is(
    calibration: Calibration, table_scene: Scene
) -> None:
    gate = MotionGate(FIVE_BY_FIVE_MAP, calibration, MotionConfig())
    gate.mark_decoded(gate.update(grey(table_scene, 1)).changed_cells)
    for seed, level in enumerate((1.0, 0.3, 0.8, 0.0), start=2):  # lit, then pulsing, then off
        lights = tuple(replace(light, level=level * light.level) for light in LIT)
        state = gate.update(grey(replace(table_scene, lights=lights), seed))
        assert state.changed_cells == frozenset(), level
    # a miniature put down in the lit empty cell is seen there, light or not
    added = Piece(tag(9), 315.0, 315.0, "B", 30.0)  # d4
    scene = replace(table_scene, pieces=(*table_scene.pieces, added), lights=LIT)
    assert gate.update(grey(scene, 9)).changed_cells == frozenset({"d4"})


def test_without_the_pattern_check_the_lit_cells_would_be_read_again(
    calibration: Calibration, table_scene: Scene
) -> None:
    """The check above can fail: a gate that takes any level change for a change re-reads the lit
    empty cell (the miniatures over the other two LEDs hide most of their light)."""
    gate = MotionGate(FIVE_BY_FIVE_MAP, calibration, MotionConfig(light_correlation=1.01))
    gate.mark_decoded(gate.update(grey(table_scene, 1)).changed_cells)
    state = gate.update(grey(replace(table_scene, lights=LIT), 2))
    assert state.changed_cells == frozenset({"d4"})
