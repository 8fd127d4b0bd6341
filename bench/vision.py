"""Vision benchmark on synthetic tables with known truth (issue 5).

Prints, per resolution / tag size / family / error-correction level: per-tag recall of uncovered
tags, false reads (a tag not on the table, or placed in the wrong cell), and ms per frame per
decoder — beside the baseline of a plain full-frame pyzbar decode of the same frames in the same
run. Then scripted move sequences through the whole pipeline: committed-state errors and ms per
frame per stage. ``--quick`` runs fewer scenes.

    .venv/bin/python bench/vision.py [--quick]
"""

from __future__ import annotations

import argparse
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
from vision.crops import read_cells
from vision.map_grid import DREAMBLADE_MAP
from vision.observe import place
from vision.pipeline import STAGES, Pipeline, PipelineConfig
from vision.registration import MarkerRegistration
from vision.symbols import qr_modules
from vision.synth import Look, Scene, View, move_sequence, random_pieces, render, view_homography
from vision.tags import (
    MARKER_MODULES,
    MarkerReader,
    PyzbarReader,
    ReadResult,
    TagReader,
    ZxingReader,
)
from vision.tracking import TrackerConfig

GRID = DREAMBLADE_MAP
VIEW_MM = 570.0  # the camera sees this much of the table across its short side
RESOLUTIONS = {"1080p": (1920, 1080), "3MP binned": (2028, 1520), "12MP": (4056, 3040)}


def view_for(resolution: str, seed: int) -> View:
    w, h = RESOLUTIONS[resolution]
    rng = np.random.default_rng(seed)
    return View(w, h, min(w, h) / VIEW_MM, float(rng.uniform(-4, 4)), float(rng.uniform(0, 0.04)))


def look_for(seed: int) -> Look:
    rng = np.random.default_rng(seed + 100)
    return Look(
        blur_sigma_px=float(rng.uniform(0.3, 1.0)),
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
            side = max(qr_modules(p.tag, ec, micro).shape[0] for p in scene.pieces)
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
                reg = MarkerRegistration(
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


def free_spot(rng: np.random.Generator, scene: Scene) -> tuple[float, float]:
    """A random spot for a base where no other base stands."""
    while True:
        x, y = (float(v) for v in rng.uniform(scene.base_mm / 2, 450 - scene.base_mm / 2, 2))
        if all(
            (x - p.x_mm) ** 2 + (y - p.y_mm) ** 2 >= (1.2 * scene.base_mm) ** 2
            for p in scene.pieces
        ):
            return x, y


@dataclass
class SequenceTally:
    commits: int = 0
    wrong_cells: int = 0  # a tag added or moved into a cell it is not in at that frame
    ghosts: int = 0  # a committed tag that is neither on the map nor in the hand
    missing_at_end: int = 0  # truly on the map, not on the committed board after the sequence
    wrong_at_end: int = 0  # on the committed board after the sequence, in a wrong cell
    line_flags: int = 0
    seen_in_clear_frames: int = 0  # per-frame recall: tags placed in their cell on clear frames
    expected_in_clear_frames: int = 0
    latency: list[int] = field(default_factory=list)  # frames from the hand leaving to commit
    total_ms: list[float] = field(default_factory=list)
    still_ms: list[float] = field(default_factory=list)
    still_stage_ms: dict[str, list[float]] = field(default_factory=lambda: {s: [] for s in STAGES})
    stage_ms: dict[str, list[float]] = field(default_factory=lambda: {s: [] for s in STAGES})


def sequences_table(count: int, resolution: str, family: str, tag_mm: float) -> None:
    print(
        f"\n== Scripted moves with a hand, {resolution}, {family} {tag_mm:.0f} mm, whole pipeline"
    )
    modes = ("full-frame", "changed-cells")
    tallies = {m: SequenceTally() for m in modes}
    baseline: list[float] = []
    calibration_px: list[float] = []
    frames_n = 0
    pz = PyzbarReader()
    for n in range(count):
        rng = np.random.default_rng(3000 + n)
        scene = scene_for(3000 + n, tag_mm, family)
        scene = replace(scene, pieces=tuple(replace(p, covered=0.0) for p in scene.pieces))
        mover = scene.pieces[int(rng.integers(len(scene.pieces)))]
        steps = move_sequence(scene, mover.tag, free_spot(rng, scene), still=5, travel=3)
        view = view_for(resolution, n)
        look = look_for(n)
        frames = [render(s.scene, view, look, seed=i) for i, s in enumerate(steps)]
        frames_n += len(frames)
        cal = calibrate_from_markers(cv2.cvtColor(frames[0], cv2.COLOR_BGR2GRAY), GRID)
        corners = np.array([(0, 0), (450, 0), (450, 450), (0, 450), (225, 225)], float)
        truth_px = true_calibration(scene, view).to_image(corners)
        calibration_px.append(float(np.linalg.norm(cal.to_image(corners) - truth_px, axis=1).max()))
        last_hand = max(i for i, s in enumerate(steps) if s.scene.hands)
        for mode in modes:
            t = tallies[mode]
            if family == "qr":
                reader: TagReader = ZxingReader()
            else:
                tags = {p.marker_id: p.tag for p in scene.pieces if p.marker_id is not None}
                reader = MarkerReader(MarkerRegistration(family, tags))
            config = PipelineConfig(decode=mode, tracker=TrackerConfig(stable_frames=3))
            pipeline = Pipeline(GRID, cal, reader, config)
            for i, (step, frame) in enumerate(zip(steps, frames, strict=True)):
                result = pipeline.process(frame)
                total = sum(result.timings_ms.values())
                t.total_ms.append(total)
                if not step.scene.hands and i > 0:
                    t.still_ms.append(total)
                    for stage, ms in result.timings_ms.items():
                        t.still_stage_ms[stage].append(ms)
                for stage, ms in result.timings_ms.items():
                    t.stage_ms[stage].append(ms)
                if not result.observation.busy and not step.scene.hands:
                    board = result.observation.board()
                    t.expected_in_clear_frames += len(step.truth)
                    t.seen_in_clear_frames += sum(board.get(k) == c for k, c in step.truth.items())
                change = result.change
                if change is None:
                    continue
                t.commits += 1
                t.line_flags += sum("on a line" in f for f in change.flags)
                truth = step.truth
                entered = {**change.added, **{k: to for k, (_, to) in change.moved.items()}}
                t.wrong_cells += sum(1 for tag, c in entered.items() if truth.get(tag) != c)
                t.ghosts += sum(
                    1 for tag in change.board if tag not in truth and tag not in step.held
                )
                if mover.tag in entered and i > last_hand:
                    t.latency.append(i - last_hand)
            final = pipeline.tracker.board
            t.missing_at_end += sum(1 for tag in steps[-1].truth if tag not in final)
            t.wrong_at_end += sum(1 for tag, c in final.items() if steps[-1].truth.get(tag) != c)
        if family == "qr":
            for frame in frames[::4]:
                gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
                baseline.append(timed(partial(pz.read, gray))[1])
    print(
        f"   {count} sequences, {frames_n} frames, stable_frames=3; calibrated from the corner "
        f"markers (worst error {max(calibration_px):.2f} px against the true homography)"
    )
    for mode in modes:
        t = tallies[mode]
        stages = "  ".join(f"{s} {statistics.mean(t.stage_ms[s]):.1f}" for s in STAGES)
        latency = f"{statistics.mean(t.latency):.1f}" if t.latency else "-"
        print(
            f"   {mode:14s} commits {t.commits:2d}  WRONG CELLS {t.wrong_cells}  "
            f"ghosts {t.ghosts}  "
            f"at the end: wrong {t.wrong_at_end}, missing {t.missing_at_end}  "
            f"on-a-line flags {t.line_flags}  "
            f"move committed {latency} frames after the hand left"
        )
        recall = 100 * t.seen_in_clear_frames / max(t.expected_in_clear_frames, 1)
        print(
            f"   {'':14s} per-frame recall on clear frames {recall:.2f} % "
            f"({t.seen_in_clear_frames}/{t.expected_in_clear_frames})"
        )
        still = "  ".join(f"{s} {statistics.median(t.still_stage_ms[s]):.1f}" for s in STAGES)
        print(
            f"   {'':14s} ms/frame: all frames mean {statistics.mean(t.total_ms):.1f} "
            f"(per stage mean: {stages})"
        )
        print(
            f"   {'':14s} ms/frame: still frames median {statistics.median(t.still_ms):.1f} "
            f"(per stage median: {still})"
        )
    if baseline:
        mean = statistics.mean(baseline)
        print(f"   baseline plain pyzbar full frame: {mean:.1f} ms/frame mean (every 4th frame)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer scenes and sequences")
    args = parser.parse_args()
    scenes = 2 if args.quick else 4
    sequences = 1 if args.quick else 3
    started = time.perf_counter()
    print(f"OpenCV {cv2.__version__}; one process; frames rendered by vision/synth.py")
    decoders_table(scenes)
    markers_table(scenes)
    sequences_table(sequences, "12MP", "qr", 13.0)
    sequences_table(sequences, "1080p", "aruco4x4", 13.0)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
