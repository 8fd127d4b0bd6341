"""Synthetic table renderer: a textured map with its grid, corner markers, miniatures (a tag on a
base, a figure on top hiding part of the base), seen by a camera (perspective, blur, noise,
uneven light, glare, JPEG), plus scripted sequences of a move made by a hand.

Used by the tests, ``bench/vision.py`` and the ``synth:`` camera source. Everything is drawn in
map millimetres on a canvas, then warped into the camera image once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.board_change import TagId
from vision.calibration import CornerLayout
from vision.map_grid import DREAMBLADE_MAP, CellGrid
from vision.symbols import QUIET_MODULES, corner_modules, marker_modules, qr_modules

MARGIN_MM = 60.0  # canvas border around the map (corner markers and table)
SEAT_COLOURS_BGR = {"A": (40, 40, 200), "B": (200, 90, 30)}


@dataclass(frozen=True)
class Piece:
    """One miniature: its tag, base centre in map mm, and how much of its code is hidden."""

    tag: TagId
    x_mm: float
    y_mm: float
    seat: str = "A"
    angle_deg: float = 0.0
    covered: float = 0.0  # fraction of the code's width hidden by the figure (0 = fully visible)
    marker_id: int | None = None  # for marker-family tags


@dataclass(frozen=True)
class Hand:
    """A hand at (x_mm, y_mm) with its arm reaching in from the image edge nearest seat ``seat``."""

    x_mm: float
    y_mm: float
    seat: str = "A"


@dataclass(frozen=True)
class View:
    """Camera image size and pose: map scale, rotation, keystone (0 = straight down)."""

    width: int
    height: int
    px_per_mm: float
    rotation_deg: float = 0.0
    tilt: float = 0.0  # 0.1 = far edge 10 % narrower than the near edge
    offset_px: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Look:
    """Image degradations."""

    blur_sigma_px: float = 0.6
    noise_sigma: float = 3.0
    light_gradient: float = 0.25  # darkest corner is this much darker
    glare: float = 0.0  # 0..1 strength of one bright spot
    jpeg_quality: int = 90  # 0 = no JPEG round trip


@dataclass(frozen=True)
class Scene:
    grid: CellGrid = DREAMBLADE_MAP
    pieces: tuple[Piece, ...] = ()
    hands: tuple[Hand, ...] = ()
    tag_mm: float = 13.0
    base_mm: float = 25.0
    family: str = "qr"  # "qr", "aruco4x4" or "apriltag36h11"
    qr_error: str = "m"  # QR error-correction level: l, m, q or h
    micro: bool = False  # Micro QR instead of QR
    layout: CornerLayout = field(default_factory=CornerLayout)
    seed: int = 0  # map texture and light

    def true_board(self) -> dict[TagId, str]:
        board = {}
        for piece in self.pieces:
            cell = self.grid.cell_at_mm(piece.x_mm, piece.y_mm)
            if cell is not None:
                board[piece.tag] = cell
        return board


def view_homography(scene: Scene, view: View) -> np.ndarray:
    """Map mm → image px for a view centred on the map."""
    w, h = scene.grid.width_mm, scene.grid.height_mm
    corners = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=np.float64) - (w / 2, h / 2)
    shrink = np.array([1 - view.tilt / 2, 1 - view.tilt / 2, 1 + view.tilt / 2, 1 + view.tilt / 2])
    corners = corners * view.px_per_mm
    corners[:, 0] *= shrink
    a = np.deg2rad(view.rotation_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    image = corners @ rot.T + (
        view.width / 2 + view.offset_px[0],
        view.height / 2 + view.offset_px[1],
    )
    src = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, image.astype(np.float32)).astype(np.float64)


def tag_matrix(piece: Piece, scene: Scene) -> np.ndarray:
    """The tag's modules (1 = dark), without quiet zone."""
    if scene.family == "qr":
        return qr_modules(piece.tag, scene.qr_error, scene.micro)
    if piece.marker_id is None:
        raise ValueError(f"{piece.tag} needs a marker id for the {scene.family} family")
    return marker_modules(scene.family, piece.marker_id)


class _Canvas:
    def __init__(self, scene: Scene, density: float, rng: np.random.Generator) -> None:
        self.scene = scene
        self.s = density
        g = scene.grid
        self.w = round((g.width_mm + 2 * MARGIN_MM) * density)
        self.h = round((g.height_mm + 2 * MARGIN_MM) * density)
        self.rng = rng

    def px(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        return round((x_mm + MARGIN_MM) * self.s), round((y_mm + MARGIN_MM) * self.s)

    def mm_to_canvas(self) -> np.ndarray:
        return np.array(
            [[self.s, 0, MARGIN_MM * self.s], [0, self.s, MARGIN_MM * self.s], [0, 0, 1]]
        )

    def draw_table_and_map(self) -> np.ndarray:
        rng, g, s = self.rng, self.scene.grid, self.s
        img = np.empty((self.h, self.w, 3), np.uint8)
        img[:] = (95, 110, 125)  # table
        x0, y0 = self.px(0, 0)
        x1, y1 = self.px(g.width_mm, g.height_mm)
        # map art: smooth colour fields plus fine speckle
        coarse = rng.integers(40, 200, size=(8, 8, 3), dtype=np.uint8)
        art = cv2.resize(coarse, (x1 - x0, y1 - y0), interpolation=cv2.INTER_CUBIC)
        fine = rng.normal(0, 12, size=(max(2, (y1 - y0) // 4), max(2, (x1 - x0) // 4), 1))
        speckle = cv2.resize(fine.astype(np.float32), (x1 - x0, y1 - y0))[..., None]
        img[y0:y1, x0:x1] = np.clip(art.astype(np.float32) + speckle, 0, 255).astype(np.uint8)
        line = max(1, round(1.5 * s))
        outlines = [
            np.array([self.px(x, y) for x, y in g.cell_outline_mm(cell)], np.int32)
            for cell in g.cells
        ]
        cv2.polylines(img, outlines, True, (30, 30, 30), line)
        return img

    def draw_corner_markers(self, img: np.ndarray) -> None:
        layout = self.scene.layout
        size = round(layout.size_mm * self.s)
        white = round((layout.size_mm / 7) * self.s)  # one-module white frame
        for marker_id, (cx, cy) in layout.centres_mm(self.scene.grid).items():
            modules = corner_modules(marker_id)
            marker = cv2.resize((1 - modules) * 255, (size, size), interpolation=cv2.INTER_NEAREST)
            x, y = self.px(cx - layout.size_mm / 2, cy - layout.size_mm / 2)
            img[y - white : y + size + white, x - white : x + size + white] = 255
            img[y : y + size, x : x + size] = marker[..., None]

    def draw_piece(self, img: np.ndarray, piece: Piece) -> None:
        scene, s = self.scene, self.s
        cx, cy = self.px(piece.x_mm, piece.y_mm)
        base_r = round(scene.base_mm / 2 * s)
        cv2.circle(img, (cx, cy), base_r, (25, 25, 25), -1, cv2.LINE_AA)
        ring = max(1, round(1.5 * s))
        colour = SEAT_COLOURS_BGR.get(piece.seat, (0, 160, 0))
        cv2.circle(img, (cx, cy), base_r - ring // 2, colour, ring, cv2.LINE_AA)
        matrix = tag_matrix(piece, scene)
        quiet = QUIET_MODULES["qr" if scene.family == "qr" else "marker"]
        n = matrix.shape[0]
        label = np.pad(1 - matrix, quiet, constant_values=1) * 255
        module_px = scene.tag_mm / n * s
        half = (n + 2 * quiet) / 2
        a = np.deg2rad(piece.angle_deg)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) * module_px
        # exact (unrounded) base centre; +0.5 so that nearest sampling gives module i the label
        # span [i, i + 1) rather than [i - 0.5, i + 0.5)
        centre = (np.array([piece.x_mm, piece.y_mm]) + MARGIN_MM) * s
        shift = centre - rot @ np.array([half - 0.5, half - 0.5])
        affine = np.hstack([rot, shift[:, None]])
        # warp only a window around the piece
        r = int(base_r * 1.6) + 2
        wx0, wy0 = max(cx - r, 0), max(cy - r, 0)
        wx1, wy1 = min(cx + r, self.w), min(cy + r, self.h)
        local = affine.copy()
        local[:, 2] -= (wx0, wy0)
        size = (wx1 - wx0, wy1 - wy0)
        # nearest: module edges stay sharp on the canvas; the camera warp and blur soften them
        patch = cv2.warpAffine(label.astype(np.uint8), local, size, flags=cv2.INTER_NEAREST)
        mask = cv2.warpAffine(
            np.ones_like(label, np.uint8) * 255, local, size, flags=cv2.INTER_NEAREST
        )
        window = img[wy0:wy1, wx0:wx1]
        sel = mask > 0
        window[sel] = patch[sel][:, None]
        self._draw_figure(img, piece, cx, cy, base_r, module_px * n, module_px * quiet)

    def _draw_figure(
        self,
        img: np.ndarray,
        piece: Piece,
        cx: int,
        cy: int,
        base_r: int,
        code_px: float,
        quiet_px: float,
    ) -> None:
        """The sculpt: a blob standing on the base beside the code, leaning over ``covered`` of
        the code's width."""
        rng = self.rng
        a = np.deg2rad(piece.angle_deg + 90)
        direction = np.array([np.cos(a), np.sin(a)])
        # the near edge stops at the label's edge, or reaches (covered × code width) into the
        # code; the far edge overhangs the base by at most 15 % of its radius
        half_code = code_px / 2
        reach = half_code + quiet_px if piece.covered == 0 else half_code * (1 - 2 * piece.covered)
        blob_r = max(base_r * 1.15 - reach, 2.0) / 2
        centre = np.array([cx, cy]) + direction * (reach + blob_r)
        colour = tuple(int(v) for v in rng.integers(30, 160, size=3))
        axes = (int(blob_r), int(blob_r * 0.8))
        angle = float(np.rad2deg(a))
        cv2.ellipse(
            img, (int(centre[0]), int(centre[1])), axes, angle, 0, 360, colour, -1, cv2.LINE_AA
        )

    def draw_hand(self, img: np.ndarray, hand: Hand) -> None:
        s = self.s
        skin = (120, 160, 210)
        hx, hy = self.px(hand.x_mm, hand.y_mm)
        edge_y = -50 if hand.seat == "A" else self.h + 50
        arm = int(70 * s)
        cv2.line(img, (hx, hy), (hx + int(40 * s), edge_y), skin, arm, cv2.LINE_AA)
        cv2.ellipse(img, (hx, hy), (int(55 * s), int(45 * s)), 20, 0, 360, skin, -1, cv2.LINE_AA)


def render(scene: Scene, view: View, look: Look | None = None, seed: int = 0) -> np.ndarray:
    """The camera frame (BGR, uint8) of ``scene``."""
    look = look or Look()
    rng = np.random.default_rng(seed * 7919 + scene.seed)
    texture_rng = np.random.default_rng(scene.seed)
    density = max(2.0, min(12.0, view.px_per_mm * 1.5))
    canvas = _Canvas(scene, density, texture_rng)
    img = canvas.draw_table_and_map()
    canvas.draw_corner_markers(img)
    figure_rng = np.random.default_rng(scene.seed + 1)
    canvas.rng = figure_rng
    for piece in scene.pieces:
        canvas.draw_piece(img, piece)
    for hand in scene.hands:
        canvas.draw_hand(img, hand)
    h_map = view_homography(scene, view)
    h_canvas = h_map @ np.linalg.inv(canvas.mm_to_canvas())
    frame = cv2.warpPerspective(
        img,
        h_canvas,
        (view.width, view.height),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(95, 110, 125),
    )
    return degrade(frame, look, np.random.default_rng(scene.seed + 2), rng)


def degrade(
    frame: np.ndarray, look: Look, light_rng: np.random.Generator, noise_rng: np.random.Generator
) -> np.ndarray:
    """Blur, uneven light and glare (fixed by ``light_rng``), sensor noise (``noise_rng``), JPEG."""
    h, w = frame.shape[:2]
    if look.blur_sigma_px > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), look.blur_sigma_px)
    # light: a linear ramp in a random direction, computed small and resized
    small = np.mgrid[0:32, 0:32].astype(np.float32) / 31.0
    a = light_rng.uniform(0, 2 * np.pi)
    ramp = np.cos(a) * small[1] + np.sin(a) * small[0]
    ramp = (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
    gain = 1.0 - look.light_gradient * ramp
    if look.glare > 0:
        gy, gx = light_rng.uniform(0.2, 0.8, size=2) * 31
        glare = np.exp(-((small[0] * 31 - gy) ** 2 + (small[1] * 31 - gx) ** 2) / 18.0)
        gain = gain + look.glare * glare
    gain_full = cv2.resize(gain.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    out = frame.astype(np.float32) * gain_full[..., None]
    if look.noise_sigma > 0:
        noise = noise_rng.normal(0, look.noise_sigma, size=(h, w, 1)).astype(np.float32)
        out += noise
    frame = np.clip(out, 0, 255).astype(np.uint8)
    if look.jpeg_quality > 0:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, look.jpeg_quality])
        decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            frame = decoded
    return frame


def random_pieces(
    rng: np.random.Generator,
    grid: CellGrid,
    count: int,
    base_mm: float,
    family: str = "qr",
    covered_share: float = 0.0,
) -> tuple[Piece, ...]:
    """``count`` pieces on free spots (bases never overlap), some with covered codes."""
    pieces: list[Piece] = []
    placed: list[tuple[float, float]] = []
    attempts = 0
    while len(pieces) < count and attempts < count * 200:
        attempts += 1
        x = float(rng.uniform(base_mm / 2, grid.width_mm - base_mm / 2))
        y = float(rng.uniform(base_mm / 2, grid.height_mm - base_mm / 2))
        if any((x - px) ** 2 + (y - py) ** 2 < (base_mm * 1.2) ** 2 for px, py in placed):
            continue
        serial = len(pieces) + 1
        covered = float(rng.uniform(0.1, 0.3)) if rng.random() < covered_share else 0.0
        pieces.append(
            Piece(
                TagId("db", f"B{serial % 60 + 1}", serial),
                x,
                y,
                seat="A" if serial % 2 else "B",
                angle_deg=float(rng.uniform(0, 360)),
                covered=covered,
                marker_id=serial if family != "qr" else None,
            )
        )
        placed.append((x, y))
    return tuple(pieces)


@dataclass(frozen=True)
class Step:
    """One frame of a scripted sequence: the scene and what the board truly is."""

    scene: Scene
    held: frozenset[TagId] = frozenset()  # pieces in the hand (off the map, not removed)

    @property
    def truth(self) -> dict[TagId, str]:
        return self.scene.true_board()


def move_sequence(
    scene: Scene, tag: TagId, to_mm: tuple[float, float], still: int = 6, travel: int = 6
) -> list[Step]:
    """A hand comes in, picks ``tag`` up, carries it to ``to_mm``, puts it down and leaves."""
    piece = next(p for p in scene.pieces if p.tag == tag)
    others = tuple(p for p in scene.pieces if p.tag != tag)
    moved = replace(piece, x_mm=to_mm[0], y_mm=to_mm[1])
    steps = [Step(scene) for _ in range(still)]
    start = np.array([piece.x_mm, -80.0])
    pick = np.array([piece.x_mm, piece.y_mm])
    drop = np.array(to_mm)
    for i in range(1, travel + 1):  # hand reaches the piece
        p = start + (pick - start) * i / travel
        steps.append(Step(replace(scene, hands=(Hand(*p),))))
    for i in range(1, travel + 1):  # carries it
        p = pick + (drop - pick) * i / travel
        steps.append(Step(replace(scene, pieces=others, hands=(Hand(*p),)), frozenset({tag})))
    placed = tuple([*others, moved])
    for i in range(1, travel + 1):  # puts it down and leaves
        p = drop + (start - drop) * i / travel
        steps.append(Step(replace(scene, pieces=placed, hands=(Hand(*p),))))
    steps.extend(Step(replace(scene, pieces=placed)) for _ in range(still))
    return steps


def pieces_at(
    grid: CellGrid, cells: Mapping[TagId, str], seats: Mapping[TagId, str] | None = None
) -> tuple[Piece, ...]:
    """A piece on the centre of each named cell (square or hex), turned a little each so the codes
    are not all square to the camera."""
    seats = seats or {}
    return tuple(
        Piece(tag, *grid.cell_centre_mm(cell), seat=seats.get(tag, "A"), angle_deg=37.0 * n)
        for n, (tag, cell) in enumerate(sorted(cells.items()))
    )


def remove_sequence(scene: Scene, tag: TagId, still: int = 6, travel: int = 6) -> list[Step]:
    """A hand comes in, takes ``tag`` off the map (a destroyed figure) and leaves."""
    piece = next(p for p in scene.pieces if p.tag == tag)
    others = tuple(p for p in scene.pieces if p.tag != tag)
    steps = [Step(scene) for _ in range(still)]
    start = np.array([piece.x_mm, -80.0])
    pick = np.array([piece.x_mm, piece.y_mm])
    for i in range(1, travel + 1):  # hand reaches the piece
        p = start + (pick - start) * i / travel
        steps.append(Step(replace(scene, hands=(Hand(*p),))))
    for i in range(1, travel + 1):  # and leaves with it
        p = pick + (start - pick) * i / travel
        steps.append(Step(replace(scene, pieces=others, hands=(Hand(*p),)), frozenset({tag})))
    steps.extend(Step(replace(scene, pieces=others)) for _ in range(still))
    return steps
