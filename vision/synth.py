"""Synthetic table renderer: a textured map with its grid, corner markers and miniatures, seen by
a camera above the table (perspective, lens distortion, blur, noise, uneven light, glare, JPEG),
plus scripted sequences of a move made by a hand.

Used by the tests, ``bench/vision.py`` and the ``synth:`` camera source. What a set-up goes
wrong with is modelled on purpose (issue 27): a lamp's reflection (``Look.glare_spot``, light
*added* over the ink), a dark side (``Look.light_direction_deg``), a lens out of focus
(``Look.defocus_px``, a disc, not a Gaussian) and a carrier sheet printed "fit to page"
(``Scene.print_scale``). The table's own LED grid shines up through the paper (issue 37,
``Scene.lights``: each lit cell a soft coloured glow, brightest over its LED, dimmer where the ink
is dark, hidden under the carriers and figures standing on it). Everything is drawn on a canvas
that is a true top-down photo of the table (seat A at the bottom, map ``x`` to the right, map ``y``
up: the right-handed map frame seen from above, so printed codes read the right way round), then
warped into the camera image once.

Three tag designs (``Scene.design``):

- ``flat``: a printed code centred on the base, the sculpt beside it leaning over ``covered`` of
  the code (the old model, kept as the benchmark's comparison);
- ``sticker``: the same printed code, with the figure standing on it (``Piece.figure``);
- ``carrier``: the base on a carrier disc ringed with markers (``vision/carrier.py``), the figure
  standing on the base.

A :class:`Figure` is opaque and seen from above: it hides ``cover`` of the base top and may lean
past the rim by ``overhang_mm`` (with a soft shadow), over its own carrier or a neighbour's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

import cv2
import numpy as np

from vision.board_change import TagId
from vision.calibration import CornerLayout
from vision.carrier import DEFAULT_CARRIER, Carrier
from vision.lens import Lens
from vision.map_grid import FIVE_BY_FIVE_MAP, CellGrid
from vision.payload import encode_payload
from vision.symbols import QUIET_MODULES, corner_modules, marker_modules, qr_modules

MARGIN_MM = 60.0  # canvas border around the map (corner markers and table)
SEAT_COLOURS_BGR = {"A": (40, 40, 200), "B": (200, 90, 30)}
DESIGNS = ("flat", "sticker", "carrier")
TABLE_BGR = (95, 110, 125)


@dataclass(frozen=True)
class Figure:
    """The sculpt seen from above: it hides ``cover`` (0..1) of the base top; ``overhang_mm`` > 0
    leans it that far past the rim towards ``direction_deg`` (map frame)."""

    cover: float
    overhang_mm: float = 0.0
    direction_deg: float = 0.0
    seed: int = 0

    def __post_init__(self) -> None:
        if not 0.0 < self.cover <= 1.0 or self.overhang_mm < 0:
            raise ValueError("a figure covers (0, 1] of its base and overhangs ≥ 0 mm")


@dataclass(frozen=True)
class Piece:
    """One miniature: its tag, base centre in map mm, and what hides its tag."""

    tag: TagId
    x_mm: float
    y_mm: float
    seat: str = "A"
    angle_deg: float = 0.0
    covered: float = 0.0  # flat design: fraction of the code's width the sculpt leans over
    marker_id: int | None = None  # for marker-family tags and carriers
    qr_text: str | None = None  # a QR sticker's payload (None: the older one naming its tag)
    figure: Figure | None = None  # sticker and carrier designs: the figure standing on the base


@dataclass(frozen=True)
class Hand:
    """A hand at (x_mm, y_mm) with its arm reaching in from the image edge nearest seat ``seat``."""

    x_mm: float
    y_mm: float
    seat: str = "A"


@dataclass(frozen=True)
class View:
    """Camera image size and pose: map scale, rotation, keystone (0 = straight down), and the
    lens's radial distortion ``k1`` (negative: barrel, as on a wide USB webcam; 0: none)."""

    width: int
    height: int
    px_per_mm: float
    rotation_deg: float = 0.0
    tilt: float = 0.0  # 0.1 = far edge 10 % narrower than the near edge
    offset_px: tuple[float, float] = (0.0, 0.0)
    k1: float = 0.0

    def camera_matrix(self) -> np.ndarray:
        """The lens's intrinsics (focal length = image width, principal point at the centre)."""
        f = float(self.width)
        return np.array([[f, 0, self.width / 2], [0, f, self.height / 2], [0, 0, 1]], np.float64)

    def dist_coeffs(self) -> np.ndarray:
        """OpenCV's (k1, k2, p1, p2, k3)."""
        return np.array([self.k1, 0.0, 0.0, 0.0, 0.0], np.float64)

    def lens(self) -> Lens:
        """The true lens of this camera (what ``companion camera calibrate`` should find)."""
        return Lens(self.camera_matrix(), self.dist_coeffs(), (self.width, self.height))


@dataclass(frozen=True)
class Look:
    """Image degradations."""

    blur_sigma_px: float = 0.6
    noise_sigma: float = 3.0
    light_gradient: float = 0.25  # darkest corner is this much darker
    glare: float = 0.0  # 0..1 strength of one bright spot
    jpeg_quality: int = 90  # 0 = no JPEG round trip
    # the light falls off towards this direction of the image (degrees, 0 = right, 90 = down);
    # None: a random one
    light_direction_deg: float | None = None
    # a lamp's reflection on the glossy map: (x, y) its centre as fractions of the image width
    # and height, its radius as a fraction of the width; specular light *adds* to what the paper
    # reflects, so black ink under it turns grey and white clips
    glare_spot: tuple[float, float, float] | None = None
    glare_spot_level: float = 240.0  # grey levels the reflection adds at its centre
    defocus_px: float = 0.0  # radius of the out-of-focus blur disc (a lens focused off the map)


@dataclass(frozen=True)
class CellLight:
    """The LED under ``cell``, lit ``bgr`` at ``level`` (0..1 of its full brightness): a pulsing
    flourish is the same cell at another level in each frame."""

    cell: str
    bgr: tuple[int, int, int]
    level: float = 1.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.level <= 1.0:
            raise ValueError("an LED is lit at 0..1 of its brightness")


# grey levels a full-brightness LED adds to white paper right above it; the glow spreads this
# many cell widths (a Gaussian's sigma) through the map's backing
LED_GLOW = 110.0
LED_SPREAD = 0.3


@dataclass(frozen=True)
class Scene:
    grid: CellGrid = FIVE_BY_FIVE_MAP
    pieces: tuple[Piece, ...] = ()
    hands: tuple[Hand, ...] = ()
    tag_mm: float = 13.0
    base_mm: float = 25.0
    family: str = "qr"  # "qr", "aruco4x4" or "apriltag36h11"
    qr_error: str = "m"  # QR error-correction level: l, m, q or h
    micro: bool = False  # Micro QR instead of QR
    layout: CornerLayout = field(default_factory=CornerLayout)
    seed: int = 0  # map texture and light
    design: str = "flat"
    carrier: Carrier = DEFAULT_CARRIER
    map_brightness: tuple[int, int] = (40, 200)  # range of the map art's grey levels
    # the carrier sheet's print scale: 0.9 is a sheet printed "fit to page" at 90 % (the discs
    # and markers shrink; the miniature's base stays its own size)
    print_scale: float = 1.0
    lights: tuple[CellLight, ...] = ()  # the table's LEDs lit under the map

    def __post_init__(self) -> None:
        if self.design not in DESIGNS:
            raise ValueError(f"design {self.design!r} is not one of {DESIGNS}")
        if not 0.5 <= self.print_scale <= 1.5:
            raise ValueError("a sheet is printed at 50–150 % of its size")

    def true_board(self) -> dict[TagId, str]:
        board = {}
        for piece in self.pieces:
            cell = self.grid.cell_at_mm(piece.x_mm, piece.y_mm)
            if cell is not None:
                board[piece.tag] = cell
        return board


def view_homography(scene: Scene, view: View) -> np.ndarray:
    """Map mm → (undistorted) image px for a camera above the map centre, seat A at the bottom
    of the image: the map frame seen from above, never mirrored."""
    w, h = scene.grid.width_mm, scene.grid.height_mm
    src = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=np.float64)
    corners = np.column_stack([src[:, 0] - w / 2, h / 2 - src[:, 1]])
    shrink = np.array([1 - view.tilt / 2, 1 - view.tilt / 2, 1 + view.tilt / 2, 1 + view.tilt / 2])
    corners = corners * view.px_per_mm
    corners[:, 0] *= shrink
    a = np.deg2rad(view.rotation_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    image = corners @ rot.T + (
        view.width / 2 + view.offset_px[0],
        view.height / 2 + view.offset_px[1],
    )
    return cv2.getPerspectiveTransform(src.astype(np.float32), image.astype(np.float32)).astype(
        np.float64
    )


def tag_matrix(piece: Piece, scene: Scene) -> np.ndarray:
    """The tag's modules (1 = dark), without quiet zone."""
    if scene.family == "qr" and scene.design != "carrier":
        text = piece.qr_text if piece.qr_text is not None else encode_payload(piece.tag)
        return qr_modules(text, scene.qr_error, scene.micro)
    if piece.marker_id is None:
        raise ValueError(f"{piece.tag} needs a marker id for the {scene.family} family")
    family = scene.carrier.family if scene.design == "carrier" else scene.family
    return marker_modules(family, piece.marker_id)


@lru_cache(maxsize=512)
def figure_outline_mm(figure: Figure, base_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """(body, lean): polygons in mm around the base centre. The body is clipped to the base; the
    lean (empty without overhang) reaches ``overhang_mm`` past the rim. Sized so that together
    they hide ``cover`` of the base top (solved on a 0.2 mm raster)."""
    rng = np.random.default_rng(figure.seed)
    theta = np.linspace(0, 2 * np.pi, 72, endpoint=False)
    wobble = np.ones_like(theta)
    for k in (2, 3, 5):
        wobble += rng.uniform(-0.12, 0.12) * np.cos(k * theta + rng.uniform(0, 2 * np.pi))
    d = np.deg2rad(figure.direction_deg)
    shift = np.array([np.cos(d), np.sin(d)]) * base_mm * 0.08
    radius = base_mm / 2
    lean = np.zeros((0, 2))
    if figure.overhang_mm > 0:
        # a limb or cloak from inside the base out past the rim
        reach = radius + figure.overhang_mm
        width = base_mm * rng.uniform(0.18, 0.3)
        along = np.array([np.cos(d), np.sin(d)])
        across = np.array([-along[1], along[0]])
        start = along * radius * 0.3
        side = width * 0.35
        shoulder = np.sqrt(reach**2 - side**2)  # the lean's far corners lie on the reach circle
        lean = np.array(
            [
                start + across * width / 2,
                along * shoulder + across * side,
                along * reach,
                along * shoulder - across * side,
                start - across * width / 2,
            ]
        )
    step = 0.2
    n = int(np.ceil((base_mm + 2 * figure.overhang_mm + 4) / step))
    centre_px = n / 2

    def raster(poly: np.ndarray) -> np.ndarray:
        mask = np.zeros((n, n), np.uint8)
        if len(poly):
            pts = np.round(poly / step + centre_px).astype(np.int32)
            cv2.fillPoly(mask, [pts], 1)
        return mask

    disc = np.zeros((n, n), np.uint8)
    cv2.circle(disc, (round(centre_px), round(centre_px)), round(radius / step), 1, -1)
    lean_mask = raster(lean)

    def body(scale: float) -> np.ndarray:
        r = radius * scale * wobble
        return np.column_stack([r * np.cos(theta), r * np.sin(theta)]) + shift

    def cover(scale: float) -> float:
        hidden = (raster(body(scale)) | lean_mask) & disc
        return float(hidden.sum()) / float(disc.sum())

    low, high = 0.05, 1.6
    for _ in range(14):
        mid = (low + high) / 2
        low, high = (mid, high) if cover(mid) < figure.cover else (low, mid)
    return body((low + high) / 2), lean


class _Canvas:
    def __init__(self, scene: Scene, density: float, rng: np.random.Generator) -> None:
        self.scene = scene
        self.s = density
        g = scene.grid
        self.w = round((g.width_mm + 2 * MARGIN_MM) * density)
        self.h = round((g.height_mm + 2 * MARGIN_MM) * density)
        self.rng = rng

    def pt(self, x_mm: float, y_mm: float) -> np.ndarray:
        """Exact canvas position of a map point (the canvas's rows run towards seat A)."""
        return np.array(
            [(x_mm + MARGIN_MM) * self.s, (self.scene.grid.height_mm + MARGIN_MM - y_mm) * self.s]
        )

    def px(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        x, y = self.pt(x_mm, y_mm)
        return round(x), round(y)

    def mm_to_canvas(self) -> np.ndarray:
        s, h = self.s, self.scene.grid.height_mm
        return np.array([[s, 0, MARGIN_MM * s], [0, -s, (h + MARGIN_MM) * s], [0, 0, 1]])

    def draw_table_and_map(self) -> np.ndarray:
        rng, g, s = self.rng, self.scene.grid, self.s
        img = np.empty((self.h, self.w, 3), np.uint8)
        img[0] = TABLE_BGR
        img[1:] = img[0]  # whole rows: filling pixel by pixel is ten times slower
        x0, y0 = self.px(0, g.height_mm)
        x1, y1 = self.px(g.width_mm, 0)
        # map art: smooth colour fields plus fine speckle
        low, high = self.scene.map_brightness
        coarse = rng.integers(low, high, size=(8, 8, 3), dtype=np.uint8)
        art = cv2.resize(coarse, (x1 - x0, y1 - y0), interpolation=cv2.INTER_CUBIC)
        fine = rng.normal(0, 12, size=(max(2, (y1 - y0) // 4), max(2, (x1 - x0) // 4), 1))
        speckle = cv2.resize(fine.astype(np.float32), (x1 - x0, y1 - y0))
        img[y0:y1, x0:x1] = _add_clipped(art, None, speckle)
        line = max(1, round(1.5 * s))
        outlines = [
            np.array([self.px(x, y) for x, y in g.cell_outline_mm(cell)], np.int32)
            for cell in g.cells
        ]
        cv2.polylines(img, outlines, True, (30, 30, 30), line)
        return img

    def draw_lights(self, img: np.ndarray) -> None:
        """The lit LEDs' glow through the paper: light added over each LED, falling off as a
        Gaussian, passed through the print (dark ink lets less through), before anything stands
        on the map (carriers and figures are opaque)."""
        g = self.scene.grid
        mx0, my0 = self.px(0, g.height_mm)
        mx1, my1 = self.px(g.width_mm, 0)
        for light in self.scene.lights:
            if light.level <= 0:
                continue
            x0, y0, x1, y1 = g.cell_rect_mm(light.cell)
            sigma = LED_SPREAD * max(x1 - x0, y1 - y0) * self.s
            cx, cy = self.pt(*g.cell_centre_mm(light.cell))
            reach = 3 * sigma
            a0, b0 = max(mx0, int(cx - reach)), max(my0, int(cy - reach))
            a1, b1 = min(mx1, int(cx + reach) + 1), min(my1, int(cy + reach) + 1)
            if a1 <= a0 or b1 <= b0:
                continue
            xs = (np.arange(a0, a1, dtype=np.float32) - cx) ** 2
            ys = (np.arange(b0, b1, dtype=np.float32) - cy) ** 2
            fall = np.exp(-(ys[:, None] + xs[None, :]) / (2 * sigma * sigma))
            glow = np.float32(LED_GLOW * light.level) * fall
            colour = np.array(light.bgr, np.float32) / 255.0
            for c in np.flatnonzero(colour):  # a colour without blue adds no blue
                patch = img[b0:b1, a0:a1, c].astype(np.float32)
                # white paper passes most, black ink least: 0.25 + 0.75 * patch / 255
                through = patch * np.float32(0.75)
                through /= np.float32(255.0)
                through += np.float32(0.25)
                added = glow * colour[c]
                added *= through
                added += patch
                img[b0:b1, a0:a1, c] = np.clip(added, 0, 255, out=added)

    def draw_corner_markers(self, img: np.ndarray) -> None:
        layout = self.scene.layout
        size = round(layout.size_mm * self.s)
        white = round((layout.size_mm / 7) * self.s)  # one-module white frame
        for marker_id, (cx, cy) in layout.centres_mm(self.scene.grid).items():
            modules = corner_modules(marker_id)
            marker = cv2.resize((1 - modules) * 255, (size, size), interpolation=cv2.INTER_NEAREST)
            x, y = self.px(cx - layout.size_mm / 2, cy + layout.size_mm / 2)
            img[y - white : y + size + white, x - white : x + size + white] = 255
            img[y : y + size, x : x + size] = marker[..., None]

    def paste(
        self,
        img: np.ndarray,
        label: np.ndarray,
        centre: np.ndarray,
        right: np.ndarray,
        module_px: float,
    ) -> None:
        """Draw a printed ``label`` (module grid, 255 = white) centred at canvas ``centre`` with its
        columns along canvas direction ``right`` (rows 90° clockwise from it: never mirrored)."""
        n = label.shape[0]
        down = np.array([-right[1], right[0]])
        m = np.column_stack([right, down]) * module_px
        # +0.5: nearest sampling gives module i the label span [i, i + 1)
        shift = centre - m @ np.array([n / 2 - 0.5, n / 2 - 0.5])
        r = int(module_px * n * 0.75) + 3
        cx, cy = int(centre[0]), int(centre[1])
        wx0, wy0 = max(cx - r, 0), max(cy - r, 0)
        wx1, wy1 = min(cx + r, self.w), min(cy + r, self.h)
        if wx1 <= wx0 or wy1 <= wy0:
            return
        local = np.hstack([m, (shift - (wx0, wy0))[:, None]])
        size = (wx1 - wx0, wy1 - wy0)
        # nearest: module edges stay sharp on the canvas; the camera warp and blur soften them
        patch = cv2.warpAffine(label.astype(np.uint8), local, size, flags=cv2.INTER_NEAREST)
        full = np.full_like(label, 255, np.uint8)
        mask = cv2.warpAffine(full, local, size, flags=cv2.INTER_NEAREST)
        window = img[wy0:wy1, wx0:wx1]
        sel = mask > 0
        window[sel] = patch[sel][:, None]

    def draw_ground(self, img: np.ndarray, piece: Piece) -> None:
        """Everything of a piece that lies flat: carrier, base, printed code."""
        scene, s = self.scene, self.s
        centre = self.pt(piece.x_mm, piece.y_mm)
        c = self.px(piece.x_mm, piece.y_mm)
        if scene.design == "carrier":
            self._draw_carrier(img, piece, centre)
        base_r = round(scene.base_mm / 2 * s)
        cv2.circle(img, c, base_r, (25, 25, 25), -1, cv2.LINE_AA)
        ring = max(1, round(1.5 * s))
        colour = SEAT_COLOURS_BGR.get(piece.seat, (0, 160, 0))
        cv2.circle(img, c, base_r - ring // 2, colour, ring, cv2.LINE_AA)
        if scene.design == "carrier":
            return
        matrix = tag_matrix(piece, scene)
        quiet = QUIET_MODULES["qr" if scene.family == "qr" else "marker"]
        n = matrix.shape[0]
        label = np.pad(1 - matrix, quiet, constant_values=1) * 255
        module_px = scene.tag_mm / n * s
        a = np.deg2rad(piece.angle_deg)
        self.paste(img, label, centre, np.array([np.cos(a), np.sin(a)]), module_px)
        if scene.design == "flat":
            self._draw_flat_sculpt(img, piece, c, base_r, module_px * n, module_px * quiet)

    def _draw_carrier(self, img: np.ndarray, piece: Piece, centre: np.ndarray) -> None:
        carrier, s = self.scene.carrier, self.s
        c = self.px(piece.x_mm, piece.y_mm)
        k = self.scene.print_scale
        disc_r = round(carrier.disc_mm / 2 * s * k)
        cv2.circle(img, c, disc_r, (236, 238, 240), -1, cv2.LINE_AA)
        matrix = tag_matrix(piece, self.scene)
        label = (1 - matrix) * 255
        module_px = carrier.module_mm * s * k
        turn = piece.angle_deg
        for dx, dy, outward in carrier.marker_poses():
            dx, dy = dx * k, dy * k
            a = np.deg2rad(turn)
            x = piece.x_mm + dx * np.cos(a) - dy * np.sin(a)
            y = piece.y_mm + dx * np.sin(a) + dy * np.cos(a)
            # the marker's right-hand side is its outward direction turned 90° clockwise; in the
            # canvas (rows towards seat A) a map direction (u, v) is (u, -v)
            o = np.deg2rad(outward + turn)
            right = np.array([np.sin(o), np.cos(o)])
            self.paste(img, label, self.pt(x, y), right, module_px)

    def _draw_flat_sculpt(
        self,
        img: np.ndarray,
        piece: Piece,
        c: tuple[int, int],
        base_r: int,
        code_px: float,
        quiet_px: float,
    ) -> None:
        """The old model: a blob standing on the base beside the code, leaning over ``covered``
        of the code's width."""
        a = np.deg2rad(piece.angle_deg + 90)
        direction = np.array([np.cos(a), np.sin(a)])
        half_code = code_px / 2
        reach = half_code + quiet_px if piece.covered == 0 else half_code * (1 - 2 * piece.covered)
        blob_r = max(base_r * 1.15 - reach, 2.0) / 2
        centre = np.array(c) + direction * (reach + blob_r)
        colour = tuple(int(v) for v in self.rng.integers(30, 160, size=3))
        axes = (int(blob_r), int(blob_r * 0.8))
        angle = float(np.rad2deg(a))
        cv2.ellipse(
            img, (int(centre[0]), int(centre[1])), axes, angle, 0, 360, colour, -1, cv2.LINE_AA
        )

    def figure_mask(self, piece: Piece, window: tuple[int, int, int, int]) -> np.ndarray:
        """The figure of ``piece`` as a float mask (0..1) over the canvas ``window``."""
        assert piece.figure is not None
        x0, y0, x1, y1 = window
        body, lean = figure_outline_mm(piece.figure, self.scene.base_mm)
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        disc = np.zeros_like(mask)
        centre = self.pt(piece.x_mm, piece.y_mm) - (x0, y0)
        base_r = self.scene.base_mm / 2 * self.s
        shift = 4  # sub-pixel bits for anti-aliased fills
        scale = float(1 << shift)
        cv2.circle(
            disc,
            tuple(np.round(centre * scale).astype(int)),
            round(base_r * scale),
            255,
            -1,
            cv2.LINE_AA,
            shift,
        )

        def fill(target: np.ndarray, poly: np.ndarray) -> None:
            if len(poly):
                pts = (centre + poly * (self.s, -self.s)) * scale
                cv2.fillPoly(target, [np.round(pts).astype(np.int32)], 255, cv2.LINE_AA, shift)

        fill(mask, body)
        lean_mask = np.zeros_like(mask)
        fill(lean_mask, lean)
        standing = np.maximum(np.minimum(mask, disc), lean_mask)
        return standing.astype(np.float32) / 255.0

    def draw_figure(self, img: np.ndarray, piece: Piece) -> None:
        """The figure standing on its base: a soft shadow when it leans out, then the opaque
        painted sculpt (a shaded colour with some texture)."""
        figure = piece.figure
        if figure is None or self.scene.design == "flat":
            return
        reach = (self.scene.base_mm / 2 + figure.overhang_mm + 4) * self.s
        cx, cy = self.pt(piece.x_mm, piece.y_mm)
        window = (
            max(int(cx - reach), 0),
            max(int(cy - reach), 0),
            min(int(cx + reach) + 1, self.w),
            min(int(cy + reach) + 1, self.h),
        )
        x0, y0, x1, y1 = window
        if x1 <= x0 or y1 <= y0:
            return
        mask = self.figure_mask(piece, window)
        region = img[y0:y1, x0:x1].astype(np.float32)
        if figure.overhang_mm > 0:
            offset = np.array([[1, 0, 1.5 * self.s], [0, 1, 1.5 * self.s]], np.float32)
            shadow = cv2.warpAffine(mask, offset, (x1 - x0, y1 - y0))
            shadow = cv2.GaussianBlur(shadow, (0, 0), 1.5 * self.s)
            region *= (1 - 0.45 * shadow)[..., None]
        rng = np.random.default_rng(figure.seed + 17)
        colour = rng.integers(25, 190, size=3).astype(np.float32)
        yy, xx = np.mgrid[0 : y1 - y0, 0 : x1 - x0].astype(np.float32)
        light = 0.75 + 0.5 * ((xx - (cx - x0)) - (yy - (cy - y0))) / max(2 * reach, 1.0)
        grain = rng.normal(0, 10, size=(max(1, (y1 - y0) // 3), max(1, (x1 - x0) // 3)))
        texture = cv2.resize(grain.astype(np.float32), (x1 - x0, y1 - y0))
        paint = np.clip(colour * light[..., None] + texture[..., None], 0, 255)
        out = region * (1 - mask[..., None]) + paint * mask[..., None]
        img[y0:y1, x0:x1] = np.clip(out, 0, 255).astype(np.uint8)

    def draw_hand(self, img: np.ndarray, hand: Hand) -> None:
        s = self.s
        skin = (120, 160, 210)
        hx, hy = self.px(hand.x_mm, hand.y_mm)
        edge_y = self.h + 50 if hand.seat == "A" else -50
        arm = int(70 * s)
        cv2.line(img, (hx, hy), (hx + int(40 * s), edge_y), skin, arm, cv2.LINE_AA)
        cv2.ellipse(img, (hx, hy), (int(55 * s), int(45 * s)), 20, 0, 360, skin, -1, cv2.LINE_AA)


@lru_cache(maxsize=2)
def _background(scene: Scene, density: float) -> np.ndarray:
    """The table, map and corner markers (the same for every frame of a sequence)."""
    canvas = _Canvas(scene, density, np.random.default_rng(scene.seed))
    img = canvas.draw_table_and_map()
    canvas.draw_corner_markers(img)
    img.setflags(write=False)
    return img


_BAND_ROWS = 64  # a band's float32 buffer stays in the CPU's cache


def _add_clipped(image: np.ndarray, gain: np.ndarray | None, *added: np.ndarray) -> np.ndarray:
    """Each channel of ``image`` (uint8) times ``gain`` (if any), plus each of ``added`` in turn
    (float32, one value a pixel for every channel), clipped to 0..255 and truncated: the float32
    arithmetic of the whole-image expression, done a channel and a band of rows at a time in one
    small buffer (a value broadcast over three channels is several times slower, and whole-image
    temporaries cost their memory's first touch)."""
    result = np.empty_like(image)
    channels = (
        [(image, result)]
        if image.ndim == 2
        else [(image[..., c], result[..., c]) for c in range(image.shape[2])]
    )
    band = np.empty((_BAND_ROWS, image.shape[1]), np.float32)
    for y in range(0, image.shape[0], _BAND_ROWS):
        out = band[: min(_BAND_ROWS, image.shape[0] - y)]
        rows = slice(y, y + len(out))
        for source, target in channels:
            np.copyto(out, source[rows])
            if gain is not None:
                out *= gain[rows]
            for value in added:
                out += value[rows]
            np.clip(out, 0, 255, out=out)
            np.copyto(target[rows], out, casting="unsafe")  # truncated, as astype(np.uint8)
    return result


def _ground_key(scene: Scene) -> Scene:
    return replace(scene, pieces=(), hands=(), lights=())


@lru_cache(maxsize=2)
def _lens_maps(view: View, source_to_ideal: bytes) -> tuple[np.ndarray, np.ndarray]:
    """For each pixel of the distorted camera image, where it comes from in the source image
    (``source_to_ideal``: the homography source px → undistorted image px, as bytes). The lens
    model is inverted on a coarse grid and interpolated (the distortion is smooth)."""
    h_inverse = np.linalg.inv(np.frombuffer(source_to_ideal, np.float64).reshape(3, 3))
    step = 8
    xs = np.arange(0, view.width + 2 * step, step, dtype=np.float32)
    ys = np.arange(0, view.height + 2 * step, step, dtype=np.float32)
    grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    ideal = view.lens().undistort(grid).reshape(-1, 1, 2)
    src = cv2.perspectiveTransform(ideal, h_inverse)
    src = src.reshape(len(ys), len(xs), 2).astype(np.float32)
    fx, fy = np.meshgrid(
        np.arange(view.width, dtype=np.float32) / step,
        np.arange(view.height, dtype=np.float32) / step,
    )
    map_x = cv2.remap(np.ascontiguousarray(src[..., 0]), fx, fy, cv2.INTER_LINEAR)
    map_y = cv2.remap(np.ascontiguousarray(src[..., 1]), fx, fy, cv2.INTER_LINEAR)
    return cv2.convertMaps(map_x, map_y, cv2.CV_16SC2)


def photograph(
    source: np.ndarray,
    source_to_ideal: np.ndarray,
    view: View,
    border: tuple[int, int, int] | int = TABLE_BGR,
) -> np.ndarray:
    """What the camera of ``view`` sees of a flat ``source`` image placed by the homography
    ``source_to_ideal`` (source px → undistorted image px), through its lens, before any
    degradation."""
    size = (view.width, view.height)
    if view.k1 == 0:
        return cv2.warpPerspective(
            source, source_to_ideal, size, flags=cv2.INTER_LINEAR, borderValue=border
        )
    h = np.ascontiguousarray(source_to_ideal, dtype=np.float64)
    map_xy, map_frac = _lens_maps(view, h.tobytes())
    return cv2.remap(
        source,
        map_xy,
        map_frac,
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=border,
    )


@lru_cache(maxsize=3)
def _clean_frame(scene: Scene, view: View, grey: bool) -> np.ndarray:
    """The frame before degradation (still frames of a sequence share it)."""
    density = max(2.0, min(12.0, view.px_per_mm * 1.5))
    img = _background(_ground_key(scene), density).copy()
    canvas = _Canvas(scene, density, np.random.default_rng(scene.seed + 1))
    canvas.draw_lights(img)
    for piece in scene.pieces:
        canvas.draw_ground(img, piece)
    for piece in scene.pieces:
        canvas.draw_figure(img, piece)
    for hand in scene.hands:
        canvas.draw_hand(img, hand)
    h_canvas = view_homography(scene, view) @ np.linalg.inv(canvas.mm_to_canvas())
    frame = photograph(img, h_canvas, view)
    if grey:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    frame.setflags(write=False)
    return frame


def render(
    scene: Scene, view: View, look: Look | None = None, seed: int = 0, grey: bool = False
) -> np.ndarray:
    """The camera frame (BGR, uint8) of ``scene``; with ``grey``, its grey level only (what
    ``Picamera2Source(grey=True)`` hands over: the Y plane)."""
    look = look or Look()
    rng = np.random.default_rng(seed * 7919 + scene.seed)
    frame = _clean_frame(scene, view, grey)
    return degrade(frame, look, np.random.default_rng(scene.seed + 2), rng)


def charuco_photos(view: View, count: int = 4, seed: int = 0) -> list[np.ndarray]:
    """Grey photos of the printed ChArUco board (``vision/lens.py``) held at different tilts in
    front of the camera of ``view``, through its lens: what ``companion camera calibrate`` is
    given."""
    from vision.lens import BOARD_MODULES_PER_SQUARE, BOARD_SQUARE_MM, board_modules

    px = 6
    modules = board_modules()
    sheet = cv2.resize(
        ((1 - modules) * 255).astype(np.uint8), None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST
    )
    mm_per_px = BOARD_SQUARE_MM / BOARD_MODULES_PER_SQUARE / px
    rows, cols = sheet.shape
    to_mm = np.array(
        [[mm_per_px, 0, -cols * mm_per_px / 2], [0, mm_per_px, -rows * mm_per_px / 2], [0, 0, 1]]
    )
    k = view.camera_matrix()
    rng = np.random.default_rng(seed)
    photos = []
    for _ in range(count):
        rvec = np.array([*rng.uniform(-0.35, 0.35, 2), rng.uniform(-0.5, 0.5)])
        rotation, _ = cv2.Rodrigues(rvec)
        t = np.array([rng.uniform(-40, 40), rng.uniform(-30, 30), 0.33 * view.width])
        h = k @ np.column_stack([rotation[:, 0], rotation[:, 1], t]) @ to_mm
        image = photograph(sheet, h / h[2, 2], view, 255)
        look = Look(blur_sigma_px=0.7, jpeg_quality=0)
        photos.append(degrade(image, look, rng, rng))
    return photos


def degrade(
    frame: np.ndarray, look: Look, light_rng: np.random.Generator, noise_rng: np.random.Generator
) -> np.ndarray:
    """Blur, uneven light and glare (fixed by ``light_rng``), sensor noise (``noise_rng``), JPEG."""
    h, w = frame.shape[:2]
    if look.defocus_px > 0:  # out of focus: each point spreads over a disc, not a Gaussian
        r = look.defocus_px
        size = 2 * int(np.ceil(r)) + 1
        yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) - size // 2
        disc = np.clip(r + 0.5 - np.hypot(xx, yy), 0.0, 1.0)  # anti-aliased rim
        frame = cv2.filter2D(frame, -1, disc / disc.sum())
    if look.blur_sigma_px > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), look.blur_sigma_px)
    # light: a linear ramp in a random direction, computed small and resized
    small = np.mgrid[0:32, 0:32].astype(np.float32) / 31.0
    a = light_rng.uniform(0, 2 * np.pi)
    if look.light_direction_deg is not None:
        a = np.deg2rad(look.light_direction_deg)
    ramp = np.cos(a) * small[1] + np.sin(a) * small[0]
    ramp = (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
    gain = 1.0 - look.light_gradient * ramp
    if look.glare > 0:
        gy, gx = light_rng.uniform(0.2, 0.8, size=2) * 31
        glare = np.exp(-((small[0] * 31 - gy) ** 2 + (small[1] * 31 - gx) ** 2) / 18.0)
        gain = gain + look.glare * glare
    gain_full = cv2.resize(gain.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    added = None
    if look.glare_spot is not None:
        sx, sy, sr = look.glare_spot
        yy, xx = np.mgrid[0:32, 0:32].astype(np.float32)
        d2 = ((xx / 31 - sx) * w) ** 2 + ((yy / 31 - sy) * h) ** 2
        # a lamp's highlight: a flat-topped core with a soft falloff
        spot = np.exp(-((d2 / (sr * w) ** 2) ** 2))
        spot_full = cv2.resize(spot.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
        added = look.glare_spot_level * spot_full
    noise = None
    if look.noise_sigma > 0:
        noise = noise_rng.standard_normal(size=(h, w), dtype=np.float32)
        noise *= look.noise_sigma
    frame = _add_clipped(frame, gain_full, *[a for a in (added, noise) if a is not None])
    if look.jpeg_quality > 0:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, look.jpeg_quality])
        decoded = cv2.imdecode(data, cv2.IMREAD_UNCHANGED) if ok else None
        if decoded is not None:
            frame = decoded
    return frame


def random_figure(rng: np.random.Generator, overhang_share: float = 0.25) -> Figure:
    """A figure hiding 35–90 % of its base top (median about 60 %); ``overhang_share`` of them lean
    up to 6 mm past the rim."""
    cover = float(rng.triangular(0.35, 0.55, 0.9))
    overhang = float(rng.uniform(1.0, 6.0)) if rng.random() < overhang_share else 0.0
    return Figure(cover, overhang, float(rng.uniform(0, 360)), int(rng.integers(1 << 30)))


def random_pieces(
    rng: np.random.Generator,
    grid: CellGrid,
    count: int,
    base_mm: float,
    family: str = "qr",
    covered_share: float = 0.0,
    figures: bool = False,
    spacing_mm: float | None = None,
) -> tuple[Piece, ...]:
    """``count`` pieces on free spots (centres at least ``spacing_mm`` apart: 1.2 bases by
    default), some with covered codes (flat design), each with a standing figure if ``figures``."""
    spacing = spacing_mm if spacing_mm is not None else base_mm * 1.2
    pieces: list[Piece] = []
    placed: list[tuple[float, float]] = []
    attempts = 0
    while len(pieces) < count and attempts < count * 200:
        attempts += 1
        x = float(rng.uniform(spacing / 2, grid.width_mm - spacing / 2))
        y = float(rng.uniform(spacing / 2, grid.height_mm - spacing / 2))
        if any((x - px) ** 2 + (y - py) ** 2 < spacing**2 for px, py in placed):
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
                figure=random_figure(rng) if figures else None,
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
