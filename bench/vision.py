"""Vision benchmark on synthetic tables with known truth (issues 5 and 14).

1. Tag designs with miniatures standing on them (figures hiding 35–90 % of the base top, a
   quarter leaning past the rim): the share of miniatures placed in their true cell per design
   (the flat QR sticker of the old model as the comparison) at each camera mode's px/mm.
2. Scripted sequences at the planner's recommended camera mode (Pi Camera Module 3, 4608×2592),
   carriers under figures, arms crossing the map, with the table's LEDs off and then animating
   under the map (issue 37: 3–9 lit cells, a third pulsing, a new scene as each move settles; the
   same moves, side by side), with a barrel lens (calibrated from synthetic ChArUco photos), then
   the old flat-QR model: wrong cells, miniatures identified after
   each step settles, frames from the hand leaving to the commit, and the pipeline's ms per frame
   beside a plain full-frame OpenCV ArUco (or zxing-cpp) decode of the same frames.

3. Issue 27's camera set-up check on a full frame at that mode, timed beside a plain full-frame
   OpenCV ArUco decode of the same frame, and the defocus sweep its focus threshold comes from.

``--quick`` runs fewer scenes and moves; ``--decoders`` adds issue 5's QR decoder and marker
tables (pyzbar baseline); ``--setup-check`` runs only the set-up check's table; ``--leds`` only
the scripted moves with the LEDs off, animating, and animating under the gate before issue 37.

    .venv/bin/python bench/vision.py [--quick] [--decoders] [--setup-check] [--leds]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.board_change import TagId
from vision.calibration import Calibration, calibrate_from_markers
from vision.carrier import DEFAULT_CARRIER, Carrier
from vision.crops import read_cells
from vision.lens import Lens, calibrate_lens
from vision.map_grid import FIVE_BY_FIVE_MAP, CellGrid
from vision.observe import place
from vision.payload import encode_payload
from vision.pipeline import Pipeline, PipelineConfig
from vision.planner import CAMERAS, FIT_MARGIN, CameraMode, recommend_mode
from vision.registration import LabelRegistration
from vision.setup_check import check_setup
from vision.square_grid import square_grid
from vision.symbols import qr_modules
from vision.synth import (
    CellLight,
    Figure,
    Hand,
    Look,
    Piece,
    Scene,
    Step,
    View,
    charuco_photos,
    move_sequence,
    random_pieces,
    render,
    view_homography,
)
from vision.tags import (
    MARKER_MODULES,
    MarkerReader,
    PyzbarReader,
    ReadResult,
    TagReader,
    ZxingReader,
    marker_dictionary,
)

GRID = FIVE_BY_FIVE_MAP
VIEW_MM = 570.0  # the camera sees this much of the table across its short side
RESOLUTIONS = {"1080p": (1920, 1080), "3MP binned": (2028, 1520), "12MP": (4056, 3040)}


def view_for(resolution: str, seed: int) -> View:
    w, h = RESOLUTIONS[resolution]
    rng = np.random.default_rng(seed)
    return View(w, h, min(w, h) / VIEW_MM, float(rng.uniform(-4, 4)), float(rng.uniform(0, 0.04)))


def look_for(seed: int, blur: tuple[float, float] = (0.3, 1.0)) -> Look:
    rng = np.random.default_rng(seed + 100)
    return Look(
        blur_sigma_px=float(rng.uniform(*blur)),
        noise_sigma=float(rng.uniform(2, 5)),
        light_gradient=float(rng.uniform(0.1, 0.35)),
        glare=float(rng.uniform(0, 0.3)),
        jpeg_quality=int(rng.integers(80, 95)),
    )


def scene_for(
    seed: int, tag_mm: float, family: str = "qr", qr_error: str = "m", micro: bool = False
) -> Scene:
    rng = np.random.default_rng(seed)
    count = int(rng.integers(24, 41))
    pieces = random_pieces(rng, GRID, count, 25.0, family, covered_share=0.15)
    return Scene(
        GRID, pieces, tag_mm=tag_mm, family=family, qr_error=qr_error, micro=micro, seed=seed
    )


@dataclass
class Tally:
    uncovered: int = 0
    read_uncovered: int = 0
    covered: int = 0
    read_covered: int = 0
    false_reads: int = 0
    line_reads: int = 0  # in the neighbour cell: the base centre is within 2 mm of a grid line
    centre_error_mm: list[float] = field(default_factory=list)
    ms: list[float] | None = None

    def add_ms(self, ms: float) -> None:
        self.ms = [*(self.ms or []), ms]

    def line(self) -> str:
        recall = 100 * self.read_uncovered / max(self.uncovered, 1)
        covered = 100 * self.read_covered / max(self.covered, 1)
        ms = statistics.median(self.ms or [0.0])
        errors = self.centre_error_mm or [0.0]
        centre = f"centre error p99 {np.percentile(errors, 99):.2f} max {max(errors):.2f} mm"
        return (
            f"recall {recall:6.2f} % ({self.read_uncovered}/{self.uncovered})  covered-read "
            f"{covered:5.1f} %  false {self.false_reads}  next cell (on a line) {self.line_reads}  "
            f"{ms:7.1f} ms/frame  {centre}"
        )


def score(tally: Tally, scene: Scene, calibration: Calibration, found: ReadResult) -> None:
    truth = scene.true_board()
    placements = place(found.sightings, calibration, GRID, scene.base_mm).placements
    read = {p.tag for p in placements}
    centres = {p.tag: (p.x_mm, p.y_mm) for p in scene.pieces}
    for p in placements:
        if p.tag in centres:
            x, y = centres[p.tag]
            tally.centre_error_mm.append(float(np.hypot(p.x_mm - x, p.y_mm - y)))
        if truth.get(p.tag) == p.cell:
            continue
        on_line = p.tag in centres and GRID.border_distance_mm(*centres[p.tag]) < 2.0
        tally.line_reads += on_line
        tally.false_reads += not on_line
    for piece in scene.pieces:
        if piece.covered > 0:
            tally.covered += 1
            tally.read_covered += piece.tag in read
        else:
            tally.uncovered += 1
            tally.read_uncovered += piece.tag in read


def timed(fn: Callable[[], ReadResult]) -> tuple[ReadResult, float]:
    t = time.perf_counter()
    result = fn()
    return result, (time.perf_counter() - t) * 1000


def true_calibration(scene: Scene, view: View) -> Calibration:
    return Calibration(view_homography(scene, view), (view.width, view.height), "manual")


def decoders_table(scenes: int) -> None:
    print("\n== QR decoders on stills (24–40 tags, 15 % with the figure over part of the code)")
    print("   recall: uncovered tags decoded; false: a tag not on the table or in a wrong cell")
    zx, pz = ZxingReader(), PyzbarReader()
    # (resolution, tag mm, error correction, with the pyzbar baseline)
    # (resolution, tag mm, error correction, Micro QR, with the pyzbar baseline)
    configs = [("1080p", 13.0, "m", False, True), ("1080p", 20.0, "m", False, False)]
    configs += [("1080p", 20.0, "m", True, False), ("3MP binned", 13.0, "m", False, False)]
    configs += [("3MP binned", 13.0, "m", True, False), ("3MP binned", 16.0, "m", False, False)]
    configs += [("12MP", 8.0, "m", False, False), ("12MP", 8.0, "m", True, False)]
    configs += [("12MP", 10.0, "m", False, False), ("12MP", 13.0, "m", False, True)]
    configs += [("12MP", 16.0, "m", False, False), ("12MP", 13.0, "l", False, False)]
    configs += [("12MP", 13.0, "h", False, False)]
    for resolution, tag_mm, ec, micro, with_baseline in configs:
        names = ["zxing full frame", "zxing cell crops"]
        if with_baseline:
            names.insert(0, "pyzbar full frame (baseline)")
        tallies = {k: Tally() for k in names}
        ppm = 0.0
        for i in range(scenes):
            scene = scene_for(1000 + i, tag_mm, "qr", ec, micro)
            view = view_for(resolution, i)
            side = max(qr_modules(encode_payload(p.tag), ec, micro).shape[0] for p in scene.pieces)
            ppm = view.px_per_mm * tag_mm / side
            gray = cv2.cvtColor(render(scene, view, look_for(i), seed=i), cv2.COLOR_BGR2GRAY)
            cal = true_calibration(scene, view)
            runs: dict[str, Callable[[], ReadResult]] = {
                "pyzbar full frame (baseline)": partial(pz.read, gray),
                "zxing full frame": partial(zx.read, gray),
                "zxing cell crops": partial(read_cells, zx, gray, cal, GRID, GRID.cells, 12.5),
            }
            for name in names:
                found, ms = timed(runs[name])
                score(tallies[name], scene, cal, found)
                tallies[name].add_ms(ms)
        symbol = "Micro QR" if micro else "QR"
        print(f"-- {resolution} {symbol} {tag_mm:.0f} mm EC {ec.upper()} (≥{ppm:.2f} px/module)")
        for name, tally in tallies.items():
            print(f"   {name:30s} {tally.line()}")


def markers_table(scenes: int) -> None:
    print("\n== Marker families on 13 mm bases-tags (ArUco 4×4_50, AprilTag 36h11), OpenCV aruco")
    for resolution in ("1080p", "12MP"):
        for family in ("aruco4x4", "apriltag36h11"):
            for tag_mm in (10.0, 13.0):
                tally = Tally()
                reg = LabelRegistration(
                    family, {n: TagId("db", f"B{n % 60 + 1}", n) for n in range(1, 50)}
                )
                reader = MarkerReader(reg)
                ppm = 0.0
                for i in range(scenes):
                    scene = scene_for(2000 + i, tag_mm, family)
                    view = view_for(resolution, i)
                    ppm = view.px_per_mm * tag_mm / MARKER_MODULES[family]
                    frame = render(scene, view, look_for(i), seed=i)
                    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
                    found, ms = timed(partial(reader.read, gray))
                    score(tally, scene, true_calibration(scene, view), found)
                    tally.add_ms(ms)
                label = f"{resolution} {family:14s} {tag_mm:.0f} mm (≈{ppm:.2f} px/module)"
                print(f"-- {label}  {tally.line()}")


# -- issue 14: miniatures standing on their tags ------------------------------------------------

SEEN_MM = 518.0  # the map and its corner markers (450 + 2 × (4 + 30))
SMALL_GRID = square_grid(3, 3, 90.0)  # design stills: three Dreamblade cells a side


@dataclass(frozen=True)
class Design:
    name: str
    design: str  # synth design: flat, sticker, carrier
    family: str
    carrier: Carrier | None = None

    @property
    def module_mm(self) -> float:
        if self.carrier is not None:
            return self.carrier.module_mm
        return 13.0 / 21  # QR version 1, 13 mm

    def reader(self, pieces: tuple[Piece, ...]) -> TagReader:
        if self.family == "qr":
            return ZxingReader()
        return MarkerReader(
            LabelRegistration(
                self.family, {p.marker_id: p.tag for p in pieces if p.marker_id is not None}
            )
        )


DESIGNS = (
    Design("QR 13 mm, flat (old model)", "flat", "qr"),
    Design("QR 13 mm under the figure", "sticker", "qr"),
    Design("carrier 8 × ArUco 4×4 5.6 mm", "carrier", "aruco4x4", DEFAULT_CARRIER),
    Design("carrier 4 × ArUco 4×4 5.6 mm", "carrier", "aruco4x4", Carrier(markers=4)),
    Design(
        "carrier 12 × ArUco 4×4 5 mm", "carrier", "aruco4x4", Carrier(markers=12, marker_mm=5.0)
    ),
    Design(
        "carrier 6 × AprilTag 36h11 6 mm",
        "carrier",
        "apriltag36h11",
        Carrier(family="apriltag36h11", markers=6, marker_mm=6.0),
    ),
)


def soft_look(seed: int) -> Look:
    """Optics a little softer than issue 5's (what issue 14's independent renderer used)."""
    return look_for(seed, blur=(0.8, 1.2))


def spot_ok(grid: CellGrid, x: float, y: float) -> bool:
    """Players put a miniature inside a cell, not on a line (3 mm clear of it)."""
    return grid.cell_at_mm(x, y) is not None and grid.border_distance_mm(x, y) >= 3.0


def figures_scene(grid: CellGrid, design: Design, count: int, seed: int) -> Scene:
    rng = np.random.default_rng(seed)
    spacing = (design.carrier.disc_mm if design.carrier else 25.0) + 1.0
    pieces = random_pieces(
        rng,
        grid,
        count * 2,
        25.0,
        design.family,
        figures=design.design != "flat",
        spacing_mm=spacing,
        covered_share=0.15 if design.design == "flat" else 0.0,
    )
    kept = [p for p in pieces if spot_ok(grid, p.x_mm, p.y_mm)][:count]
    if design.design == "carrier":  # serials of one table: 0–49
        kept = [replace(p, marker_id=n) for n, p in enumerate(kept)]
    pieces = tuple(kept)
    return Scene(
        grid,
        pieces,
        family=design.family,
        design=design.design,
        seed=seed,
        carrier=design.carrier or DEFAULT_CARRIER,
    )


def designs_table(scenes: int) -> dict[str, float]:
    """Stills: share of miniatures placed in their cell per design and camera mode; returns the
    carrier's identification per px/module (for the planner's threshold)."""
    print("\n== Tag designs: miniatures standing on their tags (figures hide 35–90 % of the base")
    print("   top, a quarter lean up to 6 mm past the rim); stills of a 3×3-cell map, full-frame")
    print("   read, softer optics; identified = placed in its true cell (never a wrong one)")
    # each camera's modes, plus 3.6 px/mm between them (where the carrier starts to miss)
    modes: list[tuple[str, CameraMode | None]] = [
        ("usb-1080p", CAMERAS["usb-1080p"].modes[0]),
        ("camera-module-3", CAMERAS["camera-module-3"].modes[1]),
        ("hq-camera", CAMERAS["hq-camera"].modes[1]),
        ("between", None),
        ("camera-module-3", CAMERAS["camera-module-3"].modes[0]),
        ("hq-camera", CAMERAS["hq-camera"].modes[0]),
    ]
    carrier_curve: dict[str, float] = {}
    for camera, mode in modes:
        if mode is None:
            ppm = 3.6
            print(f"-- no camera mode: {ppm:.2f} px/mm")
        else:
            ppm = min(mode.width, mode.height) / (SEEN_MM * FIT_MARGIN)
            print(f"-- {CAMERAS[camera].name} {mode} ({mode.fps:g} fps): {ppm:.2f} px/mm")
        for design in DESIGNS:
            found = total = wrong = 0
            for i in range(scenes):
                scene = figures_scene(SMALL_GRID, design, 14, 500 + i)
                side = round((270 + 2 * 60) * ppm)
                rng = np.random.default_rng(i)
                view = View(side, side, ppm, float(rng.uniform(-4, 4)), float(rng.uniform(0, 0.03)))
                grey = render(scene, view, soft_look(i), seed=i, grey=True)
                found_codes = design.reader(scene.pieces).read(grey)
                calibration = true_calibration(scene, view)
                min_codes = 2 if design.carrier else 1
                placed = place(
                    found_codes.sightings, calibration, SMALL_GRID, 25.0, design.carrier, min_codes
                )
                truth = scene.true_board()
                got = {p.tag: p.cell for p in placed.placements}
                total += len(truth)
                found += sum(got.get(t) == c for t, c in truth.items())
                wrong += sum(1 for t, c in got.items() if truth.get(t) != c)
            ppmod = ppm * design.module_mm
            share = 100 * found / max(total, 1)
            if design.carrier is DEFAULT_CARRIER:
                carrier_curve[f"{ppmod:.2f}"] = share
            print(
                f"   {design.name:34s} {ppmod:4.2f} px/module  identified {share:6.2f} % "
                f"({found}/{total})  wrong cell {wrong}"
            )
    return carrier_curve


def free_spot(rng: np.random.Generator, scene: Scene, spacing: float) -> tuple[float, float]:
    """A spot inside a cell, clear of every other base."""
    while True:
        x, y = (float(v) for v in rng.uniform(spacing / 2, 450 - spacing / 2, 2))
        if spot_ok(scene.grid, x, y) and all(
            (x - p.x_mm) ** 2 + (y - p.y_mm) ** 2 >= spacing**2 for p in scene.pieces
        ):
            return x, y


@dataclass(frozen=True)
class Move:
    tag: TagId
    last_hand: int  # index of the move's last step with a hand
    to_cell: str | None  # None: put down in the cell it came from (nothing to commit)


def scripted_moves(
    scene: Scene, rng: np.random.Generator, moves: int, spacing: float, still: int = 3
) -> tuple[list[Step], list[int], list[Move]]:
    """Steps of ``moves`` moves by hand, each with an arm from the other seat crossing the map
    meanwhile; the index of each step where the table has settled (its last still frame); and
    the moves."""
    steps = [Step(scene)] * still
    settled = [len(steps) - 1]
    done: list[Move] = []
    current = scene
    for _ in range(moves):
        mover = current.pieces[int(rng.integers(len(current.pieces)))]
        to = free_spot(rng, current, spacing)
        move = move_sequence(current, mover.tag, to, 0, travel=2)
        across = Hand(float(rng.uniform(60, 390)), float(rng.uniform(60, 390)), "B")
        for step in move:
            if step.scene.hands:
                step = Step(replace(step.scene, hands=(*step.scene.hands, across)), step.held)
            steps.append(step)
        last_hand = len(steps) - 1
        before, after = (
            current.grid.cell_at_mm(mover.x_mm, mover.y_mm),
            current.grid.cell_at_mm(*to),
        )
        done.append(Move(mover.tag, last_hand, after if after != before else None))
        current = replace(move[-1].scene, hands=())
        steps.extend([Step(current)] * still)
        settled.append(len(steps) - 1)
    return steps, settled, done


@dataclass
class RunTally:
    frames: int = 0
    wrong_cells: int = 0
    identified: list[float] = field(default_factory=list)  # % after each step settles
    latency: list[int] = field(default_factory=list)  # frames from the hand leaving to commit
    missed_moves: int = 0
    ms: list[float] = field(default_factory=list)
    still_ms: list[float] = field(default_factory=list)
    still_cells: list[int] = field(default_factory=list)  # cells read on each still frame
    baseline_ms: list[float] = field(default_factory=list)
    commit_ms: list[float] = field(default_factory=list)  # frames that committed a move
    commit_cells: list[int] = field(default_factory=list)
    flags: int = 0


class PlainAruco:
    """The baseline: OpenCV's ArUco detector with its default parameters on the whole frame."""

    def __init__(self, family: str) -> None:
        self._detector = cv2.aruco.ArucoDetector(marker_dictionary(family))

    def read(self, grey: np.ndarray) -> object:
        return self._detector.detectMarkers(grey)


LED_COLOURS = ((0, 0, 255), (255, 90, 30), (0, 220, 0), (255, 255, 255), (0, 200, 255))
PULSE_FRAMES = 8  # a pulsing flourish's period, in frames (about 0.6 s at 14 fps)


def led_scenes(steps: list[Step], script: list[Move], seed: int) -> list[tuple[CellLight, ...]]:
    """What the table's LEDs light under the map at each step: 3–9 lit cells, a third of them
    pulsing, a new scene two frames after each move's hand left (the board settled, the table
    lit what the new position asks for)."""
    rng = np.random.default_rng(seed + 99)
    changes = {0, *(move.last_hand + 2 for move in script)}
    scenes: list[tuple[CellLight, ...]] = []
    chosen: list[tuple[str, tuple[int, int, int], bool]] = []
    for i in range(len(steps)):
        if i in changes:
            count = int(rng.integers(3, 10))
            cells = rng.choice(list(GRID.cells), size=count, replace=False)
            chosen = [
                (
                    str(c),
                    LED_COLOURS[int(rng.integers(len(LED_COLOURS)))],
                    bool(rng.random() < 1 / 3),
                )
                for c in cells
            ]
        wave = 0.55 + 0.45 * np.cos(2 * np.pi * i / PULSE_FRAMES)
        scenes.append(
            tuple(CellLight(c, bgr, float(wave) if pulse else 1.0) for c, bgr, pulse in chosen)
        )
    return scenes


def run_sequence(
    design: Design,
    view: View,
    moves: int,
    seed: int,
    lens: Lens | None,
    tally: RunTally,
    leds: bool = False,
    light_check: bool = True,
) -> None:
    scene = figures_scene(GRID, design, 28, seed)
    spacing = (design.carrier.disc_mm if design.carrier else 25.0) + 1.0
    rng = np.random.default_rng(seed)
    steps, settled, script = scripted_moves(scene, rng, moves, spacing, still=6)
    if leds:
        lit = led_scenes(steps, script, seed)
        steps = [Step(replace(s.scene, lights=lit[i]), s.held) for i, s in enumerate(steps)]
    look = soft_look(seed)
    first = render(steps[0].scene, view, look, seed=0, grey=True)
    calibration = calibrate_from_markers(first, GRID, lens=lens)
    config = PipelineConfig(carrier=design.carrier)
    if not light_check:  # the gate before issue 37: any level change is a change
        config = replace(config, motion=replace(config.motion, light_correlation=1.01))
    pipeline = Pipeline(GRID, calibration, design.reader(scene.pieces), config)
    baseline = PlainAruco(design.family) if design.carrier else ZxingReader()
    pending = [m for m in script if m.to_cell is not None]
    for i, step in enumerate(steps):
        grey = render(step.scene, view, look, seed=i, grey=True)
        result = pipeline.process(grey)
        total = sum(result.timings_ms.values())
        tally.frames += 1
        tally.ms.append(total)
        if not step.scene.hands and i > settled[0]:  # after the first look at the table
            tally.still_ms.append(total)
            tally.still_cells.append(result.decoded_cells)
        if i % 2 == 0:
            t = time.perf_counter()
            baseline.read(grey)
            tally.baseline_ms.append((time.perf_counter() - t) * 1000)
        change = result.change
        if change is not None:
            tally.flags += len(change.flags)
            entered = {**change.added, **{k: to for k, (_, to) in change.moved.items()}}
            tally.wrong_cells += sum(1 for tag, c in entered.items() if step.truth.get(tag) != c)
            for move in list(pending):
                if change.moved.get(move.tag, ("", ""))[1] == move.to_cell and i > move.last_hand:
                    tally.latency.append(i - move.last_hand)
                    tally.commit_ms.append(total)
                    tally.commit_cells.append(result.decoded_cells)
                    pending.remove(move)
        if i in settled:
            board, truth = pipeline.tracker.board, step.truth
            tally.identified.append(
                100 * sum(board.get(t) == c for t, c in truth.items()) / max(len(truth), 1)
            )
    tally.missed_moves += len(pending)


def sequences_table(moves: int, sequences: int, only_leds: bool = False) -> None:
    model = CAMERAS["camera-module-3"]
    plan = recommend_mode(model, SEEN_MM, DEFAULT_CARRIER.module_mm)
    assert plan is not None
    mode = plan.mode
    print(
        f"\n== Scripted moves at the recommended mode: {model.name} {mode} ({mode.fps:g} fps), "
        f"{plan.px_per_mm:.2f} px/mm, {plan.px_per_module:.2f} px/module"
    )
    print(
        f"   {sequences} sequence(s) × {moves} moves, 28 miniatures on carriers with figures, an "
        "arm from the other seat crossing the map during each move; grey frames (the Y plane)"
    )
    animating = "the LEDs animating under the map (3–9 lit cells, a third pulsing, a new scene"
    runs: list[tuple[str, Design, float, bool, bool]] = [
        ("carrier, no distortion, LEDs off", DESIGNS[2], 0.0, False, True),
        (f"carrier, no distortion, {animating} as each move settles)", DESIGNS[2], 0.0, True, True),
        (
            "the same LEDs, read by the gate before issue 37 (any level change is a change)",
            DESIGNS[2],
            0.0,
            True,
            False,
        ),
        ("carrier, barrel k1 -0.12, lens from 4 board photos", DESIGNS[2], -0.12, False, True),
        ("QR 13 mm flat (old model, no figures on codes)", DESIGNS[0], 0.0, False, True),
    ]
    if only_leds:
        runs = runs[:3]
    for label, design, k1, leds, light_check in runs:
        view = View(mode.width, mode.height, plan.px_per_mm, 1.5, 0.02, k1=k1)
        lens = None
        if k1:
            small = View(1600, 900, plan.px_per_mm / 2.88, k1=k1)
            found = calibrate_lens(charuco_photos(small, count=4, seed=7))
            scale = mode.width / small.width
            k = found.camera_matrix.copy()
            k[:2] *= scale
            lens = Lens(k, found.dist_coeffs, (mode.width, mode.height), found.rms_px)
        tally = RunTally()
        started = time.perf_counter()
        for n in range(sequences):
            run_sequence(design, view, moves, 7000 + n, lens, tally, leds, light_check)
        latency = (
            f"mean {statistics.mean(tally.latency):.1f}, max {max(tally.latency)}"
            if tally.latency
            else "-"
        )
        ratio = statistics.mean(tally.ms) / statistics.mean(tally.baseline_ms)
        baseline = "plain OpenCV ArUco" if design.carrier else "plain zxing-cpp"
        print(f"-- {label} ({tally.frames} frames, {time.perf_counter() - started:.0f} s)")
        print(
            f"   WRONG CELLS {tally.wrong_cells}  identified after each step settles: min "
            f"{min(tally.identified):.1f} %, mean {statistics.mean(tally.identified):.2f} %  "
            f"moves committed {latency} frames after the hand left ({tally.missed_moves} "
            f"never)  flags {tally.flags}"
        )
        still = sorted(tally.still_ms)
        print(
            f"   ms/frame: ours mean {statistics.mean(tally.ms):.1f} (still frames median "
            f"{statistics.median(still):.1f}, p95 {still[max(0, round(0.95 * len(still)) - 1)]:.1f}"
            f", cells read {statistics.mean(tally.still_cells):.1f} a frame"
            f"); {baseline} full frame mean "
            f"{statistics.mean(tally.baseline_ms):.1f}; ours / baseline = {ratio:.2f}"
        )
        if tally.commit_ms:
            print(
                f"   the frame that committed a move: {statistics.median(tally.commit_ms):.1f} ms "
                f"median, {statistics.mean(tally.commit_cells):.1f} cells read"
            )


# A Raspberry Pi 5 core (Cortex-A76, 2.4 GHz) against one core of the machine this runs on: an
# assumption from public single-core benchmarks, not measured here (no Pi on the bench).
PI5_SLOWER = 3.0
LED_PUSH_MS = 7.7  # 256 WS2812 LEDs on the wire (bench/lights.py)


def latency_table(repeats: int) -> None:
    """The frame that commits a miniature put down (the first one with no arm over the map),
    timed alone, its minimum over repeats standing for an unloaded machine, beside a plain
    full-frame OpenCV ArUco decode of the same frame timed the same way in the same repeats (the
    baseline: what the load does to both shows in their ratio); then the Pi 5 plan."""
    model = CAMERAS["camera-module-3"]
    plan = recommend_mode(model, SEEN_MM, DEFAULT_CARRIER.module_mm)
    assert plan is not None
    mode = plan.mode
    view = View(mode.width, mode.height, plan.px_per_mm, 1.5, 0.02)
    design = DESIGNS[2]
    scene = figures_scene(GRID, design, 28, 91)
    rng = np.random.default_rng(91)
    steps, _, script = scripted_moves(scene, rng, 1, design.carrier.disc_mm + 1.0)  # type: ignore[union-attr]
    move = script[0]
    frames = [
        render(step.scene, view, soft_look(91), seed=i, grey=True) for i, step in enumerate(steps)
    ]
    commit_ms: list[float] = []
    plain_ms: list[float] = []
    stages: dict[str, list[float]] = {}
    plain = PlainAruco(design.family)
    for _ in range(repeats):
        calibration = true_calibration(scene, view)  # timing only: the true homography
        pipeline = Pipeline(
            GRID, calibration, design.reader(scene.pieces), PipelineConfig(carrier=design.carrier)
        )
        for i, frame in enumerate(frames):
            result = pipeline.process(frame)
            change = result.change
            if change is not None and move.tag in change.moved and i > move.last_hand:
                commit_ms.append(sum(result.timings_ms.values()))
                for stage, ms in result.timings_ms.items():
                    stages.setdefault(stage, []).append(ms)
                t = time.perf_counter()
                plain.read(frame)
                plain_ms.append((time.perf_counter() - t) * 1000)
                break
    if not commit_ms:
        print("\n== Latency: the move was not committed (see the sequences above)")
        return
    here = min(commit_ms)
    period = 1000 / mode.fps
    pi5 = here * PI5_SLOWER
    mean = period / 2 + period + pi5 + LED_PUSH_MS
    worst = 2 * period + pi5 + LED_PUSH_MS
    per_stage = "  ".join(f"{k} {min(v):.1f}" for k, v in stages.items())
    print(f"\n== Latency, tag put down → LED lit, {model.name} {mode} ({period:.1f} ms a frame)")
    print(
        f"   the committing frame here: {here:.1f} ms at best of {len(commit_ms)} "
        f"(median {statistics.median(commit_ms):.1f}; per stage at best: {per_stage}); "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"   baseline, a plain full-frame OpenCV ArUco decode of that frame: {min(plain_ms):.1f} "
        f"ms at best (median {statistics.median(plain_ms):.1f}); ours / baseline = "
        f"{here / min(plain_ms):.3f}"
    )
    print(
        f"   Pi 5 plan (×{PI5_SLOWER:g} per core): wait for the next exposure (≤ 1 frame, mean "
        f"half) + exposure and readout (1 frame) + pipeline {pi5:.0f} ms + LEDs "
        f"{LED_PUSH_MS:g} ms = mean {mean:.0f} ms, worst {worst:.0f} ms"
    )


def corner_carriers_scene(print_scale: float = 1.0) -> Scene:
    """The whole map with a miniature on its carrier in each corner cell (the carrier test)."""
    corners = ((45.0, 45.0), (405.0, 45.0), (405.0, 405.0), (45.0, 405.0))
    pieces = tuple(
        Piece(
            TagId("db", "B1", n + 1), x, y, marker_id=n + 1, angle_deg=30.0 * n + 7,
            figure=Figure(0.6, 0.0, 40.0 * n, n),
        )
        for n, (x, y) in enumerate(corners)
    )  # fmt: skip
    return Scene(GRID, pieces, family="aruco4x4", design="carrier", seed=4, print_scale=print_scale)


def setup_check_table(repeats: int) -> None:
    """Issue 27's set-up check on a full frame at the recommended mode, timed beside a plain
    full-frame OpenCV ArUco decode of the same frame in the same repeats (best of each: the
    unloaded machine); then the defocus sweep its focus threshold comes from."""
    model = CAMERAS["camera-module-3"]
    plan = recommend_mode(model, SEEN_MM, DEFAULT_CARRIER.module_mm)
    assert plan is not None
    mode = plan.mode
    view = View(mode.width, mode.height, plan.px_per_mm, 1.0, 0.01)
    frame = render(corner_carriers_scene(), view, Look(), seed=1, grey=True)
    plain = PlainAruco(DEFAULT_CARRIER.family)
    check_ms: list[float] = []
    plain_ms: list[float] = []
    report = None
    for _ in range(repeats):
        t = time.perf_counter()
        report = check_setup(frame, GRID, lens=view.lens(), model=model)
        check_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        plain.read(frame)
        plain_ms.append((time.perf_counter() - t) * 1000)
    assert report is not None
    print(f"\n== Set-up check (issue 27), {model.name} {mode}, whole map, a carrier per corner")
    print(
        f"   the check: {min(check_ms):.0f} ms at best of {repeats} (median "
        f"{statistics.median(check_ms):.0f}); verdict {report.verdict()}, "
        f"{sum(c.ok for c in report.cells)}/{len(report.cells)} cells read well"
    )
    print(
        f"   baseline, a plain full-frame OpenCV ArUco decode of that frame: {min(plain_ms):.0f} "
        f"ms at best (median {statistics.median(plain_ms):.0f}); check / baseline = "
        f"{min(check_ms) / min(plain_ms):.2f}; load average {os.getloadavg()[0]:.1f}"
    )
    print(
        "   defocus (blur disc radius) → measured line blur and the corner carriers' markers read"
    )
    print("   radius   blur px   blur/module   markers read   carriers read")
    for radius in (0.0, 1.0, 1.5, 2.0, 2.5, 3.0):
        blurs, markers, carriers = [], 0, 0
        for seed in range(2):
            sample = render(
                corner_carriers_scene(), view, Look(defocus_px=radius), seed=seed, grey=True
            )
            checked = check_setup(sample, GRID, lens=view.lens())
            blurs += [c.blur_px for c in checked.cells if c.blur_px is not None]
            markers += sum(c.markers for c in checked.carriers)
            carriers += sum(c.read for c in checked.carriers)
        blur = statistics.median(blurs)
        print(
            f"   {radius:6.1f}   {blur:7.2f}   {blur / plan.px_per_module:11.2f}   "
            f"{markers / (2 * 4 * DEFAULT_CARRIER.markers):12.0%}   {carriers:7d}/8"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer scenes and moves")
    parser.add_argument(
        "--decoders", action="store_true", help="also issue 5's QR decoder and marker tables"
    )
    parser.add_argument(
        "--setup-check", action="store_true", help="only issue 27's set-up check table"
    )
    parser.add_argument(
        "--leds", action="store_true", help="only the scripted moves with the LEDs off and on"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    print(
        f"OpenCV {cv2.__version__}; one process; frames rendered by vision/synth.py; load "
        f"average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    if args.setup_check:
        setup_check_table(3 if args.quick else 7)
        return
    if args.leds:
        sequences_table(moves=2 if args.quick else 5, sequences=1, only_leds=True)
        return
    if args.decoders:
        decoders_table(2 if args.quick else 4)
        markers_table(2 if args.quick else 4)
    designs_table(1 if args.quick else 3)
    sequences_table(moves=2 if args.quick else 5, sequences=1)
    latency_table(3 if args.quick else 9)
    setup_check_table(3 if args.quick else 7)
    print(f"\n(total {time.perf_counter() - started:.0f} s, load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
