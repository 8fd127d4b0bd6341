from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.board_change import TagId
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.synth import (
    Look,
    Piece,
    Scene,
    View,
    degrade,
    move_sequence,
    random_pieces,
    render,
    view_homography,
)

from .conftest import tag


def test_true_board_puts_pieces_in_the_cell_of_their_centre(table_scene: Scene) -> None:
    assert table_scene.true_board() == {tag(1): "a1", tag(2): "c2", tag(3): "e5", tag(4): "b4"}


def test_render_is_deterministic_for_a_seed(table_scene: Scene) -> None:
    small = View(300, 300, 0.5)
    a = render(table_scene, small, seed=4)
    b = render(table_scene, small, seed=4)
    assert a.shape == (300, 300, 3)
    assert np.array_equal(a, b)


def test_random_pieces_never_overlap() -> None:
    rng = np.random.default_rng(0)
    pieces = random_pieces(rng, FIVE_BY_FIVE_MAP, 40, 25.0, covered_share=0.5)
    assert len(pieces) == 40
    for i, p in enumerate(pieces):
        for q in pieces[i + 1 :]:
            assert (p.x_mm - q.x_mm) ** 2 + (p.y_mm - q.y_mm) ** 2 >= 25.0**2
    assert any(p.covered > 0 for p in pieces) and any(p.covered == 0 for p in pieces)


def test_move_sequence_holds_the_piece_while_the_hand_carries_it(table_scene: Scene) -> None:
    steps = move_sequence(table_scene, tag(2), (315.0, 225.0), still=2, travel=3)
    assert len(steps) == 2 + 3 * 3 + 2
    assert steps[0].truth == table_scene.true_board()
    carried = [s for s in steps if s.held]
    assert len(carried) == 3 and all(tag(2) not in s.truth for s in carried)
    assert all(s.scene.hands for s in steps[2:-2])
    assert steps[-1].truth[tag(2)] == "d3" and not steps[-1].scene.hands


def test_degrade_keeps_light_fixed_and_varies_only_noise() -> None:
    frame = np.full((64, 64, 3), 128, np.uint8)
    look = Look(blur_sigma_px=0, noise_sigma=0, light_gradient=0.3, jpeg_quality=0)
    light = degrade(frame, look, np.random.default_rng(1), np.random.default_rng(2))
    again = degrade(frame, look, np.random.default_rng(1), np.random.default_rng(3))
    assert np.array_equal(light, again)
    assert light.min() < 128 - 20  # the gradient darkens part of the frame


def test_pieces_at_stand_on_their_cells_of_any_grid() -> None:
    from vision.hex_grid import HexGrid
    from vision.square_grid import square_grid
    from vision.synth import pieces_at

    for grid in (square_grid(6, 4, 25.4), HexGrid(5, 4, 50.0, "flat")):
        wanted = {TagId("ar", "f", n + 1): cell for n, cell in enumerate(grid.cells[::3])}
        scene = Scene(grid, pieces_at(grid, wanted, {TagId("ar", "f", 1): "B"}))
        assert scene.true_board() == wanted
        assert {p.tag: p.seat for p in scene.pieces}[TagId("ar", "f", 1)] == "B"


def test_a_removal_by_hand_takes_the_piece_off_for_good() -> None:
    from vision.synth import remove_sequence

    first, second = TagId("db", "B1", 1), TagId("db", "B2", 1)
    scene = Scene(pieces=(Piece(first, 45, 45), Piece(second, 225, 225)))
    steps = remove_sequence(scene, first, still=2, travel=3)
    assert steps[0].truth == {first: "a1", second: "c3"}
    assert steps[-1].truth == {second: "c3"}
    assert any(step.scene.hands for step in steps)
    assert not steps[-1].scene.hands
    assert next(step.held for step in steps if step.held) == frozenset({first})


def test_the_camera_sees_the_map_unmirrored_with_seat_a_at_the_bottom() -> None:
    from vision.synth import view_homography

    view = View(600, 600, 1.0)
    h = view_homography(Scene(), view)
    corners = np.array([(0, 0), (450, 0), (0, 450)], float).reshape(-1, 1, 2)
    (a_left, a_right, b_left) = cv2.perspectiveTransform(corners, h).reshape(-1, 2)
    assert a_right[0] > a_left[0]  # x runs right along seat A's edge
    assert b_left[1] < a_left[1]  # seat B is up the image
    # x then y turn counter-clockwise on the table as seen from above: not a mirror image
    x_axis, y_axis = a_right - a_left, b_left - a_left
    assert x_axis[0] * -y_axis[1] - (-x_axis[1]) * y_axis[0] > 0


def test_a_figure_hides_the_share_of_its_base_it_was_made_with() -> None:
    from vision.synth import Figure, figure_outline_mm

    for cover, overhang in ((0.35, 0.0), (0.6, 0.0), (0.9, 5.0)):
        body, lean = figure_outline_mm(Figure(cover, overhang, 30.0, seed=3), 25.0)
        hidden = np.zeros((300, 300), np.uint8)
        for poly in (body, lean):
            if len(poly):
                cv2.fillPoly(hidden, [np.round(poly * 10 + 150).astype(np.int32)], 1)
        base = np.zeros_like(hidden)
        cv2.circle(base, (150, 150), 125, 1, -1)
        assert (hidden & base).sum() / base.sum() == pytest.approx(cover, abs=0.04)
        reach = np.hypot(*lean.T).max() if len(lean) else np.hypot(*body.T).max()
        if overhang:
            assert reach == pytest.approx(12.5 + overhang, abs=0.1)


def test_random_figures_cover_35_to_90_percent_and_a_quarter_lean_out() -> None:
    from vision.synth import random_figure

    rng = np.random.default_rng(5)
    figures = [random_figure(rng) for _ in range(400)]
    covers = [f.cover for f in figures]
    assert min(covers) >= 0.35 and max(covers) <= 0.9
    assert 0.55 <= float(np.median(covers)) <= 0.65
    leaning = [f.overhang_mm for f in figures if f.overhang_mm > 0]
    assert 0.18 <= len(leaning) / len(figures) <= 0.32 and max(leaning) <= 6.0


def test_a_standing_figure_hides_the_middle_of_its_base_but_not_its_carrier() -> None:
    from vision.synth import Figure

    piece = Piece(TagId("db", "B1", 1), 225.0, 225.0, marker_id=3, figure=Figure(0.9, 0.0))
    scene = Scene(pieces=(piece,), design="carrier", family="aruco4x4", seed=2)
    view = View(500, 500, 4.0)
    look = Look(blur_sigma_px=0, noise_sigma=0, light_gradient=0, jpeg_quality=0)
    frame = render(scene, view, look)
    bare = render(replace(scene, pieces=(replace(piece, figure=None),)), view, look)
    centre = frame[240:260, 240:260].astype(int)
    assert np.abs(centre - bare[240:260, 240:260]).mean() > 20  # the figure stands there
    ring = np.abs(frame.astype(int) - bare)[250, 250 + 60 : 250 + 80]  # 15–20 mm out: the disc
    assert ring.mean() < 2


def test_barrel_distortion_bends_the_frame_edges_not_its_centre(table_scene: Scene) -> None:
    look = Look(blur_sigma_px=0, noise_sigma=0, light_gradient=0, jpeg_quality=0)
    straight = render(table_scene, View(400, 400, 0.7), look)
    bent = render(table_scene, View(400, 400, 0.7, k1=-0.3), look)
    assert np.abs(straight[190:210, 190:210].astype(int) - bent[190:210, 190:210]).mean() < 3
    assert np.abs(straight[:40].astype(int) - bent[:40]).mean() > 5


def test_a_lamp_s_reflection_adds_light_where_it_is_put() -> None:
    frame = np.full((200, 300), 40, np.uint8)  # black ink
    look = Look(blur_sigma_px=0, noise_sigma=0, light_gradient=0, jpeg_quality=0)
    spot = replace(look, glare_spot=(0.25, 0.5, 0.1))
    lit = degrade(frame, spot, np.random.default_rng(1), np.random.default_rng(2))
    assert lit[100, 75] == 255  # the ink under the reflection turns white
    assert lit[100, 260] == 40  # away from it, the ink stays black
    plain = degrade(frame, look, np.random.default_rng(1), np.random.default_rng(2))
    assert (plain == 40).all()


def test_a_dark_side_falls_off_towards_the_direction_given() -> None:
    frame = np.full((100, 100), 200, np.uint8)
    look = Look(
        blur_sigma_px=0, noise_sigma=0, light_gradient=0.6, light_direction_deg=90, jpeg_quality=0
    )
    lit = degrade(frame, look, np.random.default_rng(1), np.random.default_rng(2))
    assert lit[2, 50] > 190 and lit[97, 50] < 90  # 90°: darker towards the image's bottom


def test_defocus_spreads_a_point_over_a_disc() -> None:
    frame = np.zeros((41, 41), np.uint8)
    frame[20, 20] = 255
    look = Look(blur_sigma_px=0, noise_sigma=0, light_gradient=0, jpeg_quality=0, defocus_px=4.0)
    soft = degrade(frame, look, np.random.default_rng(1), np.random.default_rng(2))
    assert soft[20, 20] > 0 and soft[20, 23] == soft[20, 20]  # flat inside the disc
    assert soft[20, 26] == 0  # nothing past its rim


def test_a_sheet_printed_at_90_percent_shrinks_its_carriers_not_the_base() -> None:
    piece = Piece(tag(1), 225.0, 225.0, marker_id=3)
    scene = Scene(pieces=(piece,), design="carrier", family="aruco4x4", seed=2)
    view = View(900, 900, 2.0)
    look = Look(blur_sigma_px=0, noise_sigma=0, light_gradient=0, jpeg_quality=0)
    full = render(scene, view, look, grey=True)
    small = render(replace(scene, print_scale=0.9), view, look, grey=True)
    white = [int((image > 225).sum()) for image in (full, small)]  # the white disc's pixels
    base_dark = [int((image[440:460, 440:460] < 40).sum()) for image in (full, small)]
    assert white[1] < 0.85 * white[0]
    assert base_dark[0] == base_dark[1]


def test_a_lit_led_shines_through_the_paper_not_through_what_stands_on_it() -> None:
    from vision.synth import CellLight

    piece = Piece(TagId("db", "B1", 1), 225.0, 225.0)  # on c3's LED
    scene = Scene(FIVE_BY_FIVE_MAP, (piece,), tag_mm=40.0, base_mm=50.0, seed=3)
    view = View(900, 900, px_per_mm=1.8)
    dark = render(scene, view, Look(noise_sigma=0, jpeg_quality=0)).astype(int)

    def lit(level: float) -> np.ndarray:
        lights = (CellLight("c3", (0, 255, 0), level),)
        frame = render(replace(scene, lights=lights), view, Look(noise_sigma=0, jpeg_quality=0))
        return frame.astype(int) - dark

    full, half = lit(1.0), lit(0.5)
    h = view_homography(scene, view)

    def at(x: float, y: float) -> tuple[int, int]:
        u, v, w = h @ np.array([x, y, 1.0])
        return round(v / w), round(u / w)

    paper = at(225.0 + 35.0, 225.0)  # c3's paper, beside the base
    base = at(225.0, 225.0)  # the miniature's base over the LED
    far = at(45.0, 45.0)  # a1, far from it
    assert full[paper][1] > 15 and full[paper][1] > 3 * max(full[paper][0], full[paper][2])
    assert abs(full[base]).max() <= 2 and abs(full[far]).max() <= 2
    assert 0.35 < half[paper][1] / full[paper][1] < 0.65
