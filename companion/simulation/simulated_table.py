"""The simulated table: miniatures on a synthetic map, seen by a synthetic overhead camera.

Used by ``companion demo`` and the end-to-end tests. Simulated players move miniatures by hand:
each physical change renders the map with a hand over it (the camera sees motion and holds its
commits), then the settled map for as many frames as the tracker needs to commit. Rendering is
the slow part, so each distinct picture is rendered once and shown for several frames.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from vision.board_change import TagId
from vision.map_grid import FIVE_BY_FIVE_MAP, MapGrid
from vision.synth import Hand, Look, Piece, Scene, View, render

# Up to 9 bases per 90 mm cell: a 3×3 pattern of slots, centre first.
SLOT_OFFSETS_MM = (
    (0, 0),
    (-28, -28),
    (28, 28),
    (-28, 28),
    (28, -28),
    (0, -28),
    (0, 28),
    (-28, 0),
    (28, 0),
)


DEMO_VIEW = View(1300, 1300, 2.3)
DEMO_LOOK = Look(blur_sigma_px=0.4, noise_sigma=2.0, light_gradient=0.15, jpeg_quality=0)


@dataclass(frozen=True)
class SimulatedCamera:
    """How the synthetic camera sees the table: large tags so a modest frame reads reliably."""

    view: View = DEMO_VIEW
    tag_mm: float = 24.0
    base_mm: float = 26.0
    look: Look = DEMO_LOOK
    hand_frames: int = 2
    settled_frames: int = 7  # more than the tracker's stable_frames


class SimulatedTable:
    def __init__(
        self,
        registry: Mapping[TagId, str],
        camera: SimulatedCamera | None = None,
        grid: MapGrid = FIVE_BY_FIVE_MAP,
        seed: int = 3,
    ) -> None:
        self.camera = camera or SimulatedCamera()
        self.grid = grid
        self._tag_of = {piece: tag for tag, piece in registry.items()}
        self._positions: dict[str, tuple[float, float]] = {}  # piece → base centre (mm)
        self._seed = seed
        self._frame = 0

    @property
    def board(self) -> dict[str, str]:
        """Piece → cell of every miniature physically on the map."""
        return {
            piece: cell
            for piece, (x, y) in self._positions.items()
            if (cell := self.grid.cell_at_mm(x, y)) is not None
        }

    def _scene(self, hand: tuple[float, float] | None = None) -> Scene:
        pieces = tuple(
            Piece(self._tag_of[piece], x, y, piece.split(":", 1)[0])
            for piece, (x, y) in sorted(self._positions.items())
        )
        hands = (Hand(hand[0], hand[1]),) if hand else ()
        return Scene(
            grid=self.grid,
            pieces=pieces,
            hands=hands,
            tag_mm=self.camera.tag_mm,
            base_mm=self.camera.base_mm,
            seed=self._seed,
        )

    def _render(self, scene: Scene) -> np.ndarray:
        self._frame += 1
        return render(scene, self.camera.view, self.camera.look, seed=self._frame)

    def _free_slot(self, cell: str) -> tuple[float, float]:
        cx, cy = self.grid.cell_centre_mm(cell)
        taken = {
            self._positions[p] for p, c in self.board.items() if c == cell and p in self._positions
        }
        for dx, dy in SLOT_OFFSETS_MM:
            spot = (cx + dx, cy + dy)
            if spot not in taken:
                return spot
        raise ValueError(f"no free slot left in {cell}")

    def arrange(self, board: Mapping[str, str]) -> None:
        """The miniatures stand as ``board`` says (piece → cell), none else, placed while the camera
        did not look (the next frames show them settled): a test's table caught up with moves the
        phones entered. A miniature already in its cell stays where it stands."""
        kept = {p: xy for p, xy in self._positions.items() if self.board.get(p) == board.get(p)}
        self._positions = kept
        for piece, cell in sorted(board.items()):
            if piece not in self._positions:
                self._positions[piece] = self._free_slot(cell)

    def put(self, piece: str, cell: str) -> Iterator[np.ndarray]:
        """A hand puts ``piece`` into ``cell`` (from the reserve or from another cell)."""
        self._positions.pop(piece, None)
        target = self._free_slot(cell)
        yield from self._with_hand(target)
        self._positions[piece] = target
        yield from self._settled()

    def take_off(self, piece: str) -> Iterator[np.ndarray]:
        """A hand takes ``piece`` off the map (destroyed, or back to the reserve)."""
        where = self._positions[piece]
        yield from self._with_hand(where)
        del self._positions[piece]
        yield from self._settled()

    def settled(self) -> Iterator[np.ndarray]:
        yield from self._settled()

    def _with_hand(self, at: tuple[float, float]) -> Iterator[np.ndarray]:
        picture = self._render(self._scene(hand=at))
        for _ in range(self.camera.hand_frames):
            yield picture

    def _settled(self) -> Iterator[np.ndarray]:
        picture = self._render(self._scene())
        for _ in range(self.camera.settled_frames):
            yield picture
