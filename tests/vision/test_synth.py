import numpy as np

from vision.board_change import TagId
from vision.map_grid import DREAMBLADE_MAP
from vision.synth import Look, Piece, Scene, View, degrade, move_sequence, random_pieces, render

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
    pieces = random_pieces(rng, DREAMBLADE_MAP, 40, 25.0, covered_share=0.5)
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
