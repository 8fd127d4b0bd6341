"""Sightings → placements. Every code read goes through the calibration into map millimetres and
says where its base centre is: a code printed in the middle of the base is there itself; a
carrier marker (``vision/carrier.py``) lies on the ring around the base, pointing outwards, so the
base centre is one ring radius behind it. A miniature's codes are grouped by that centre into one
placement, in the cell holding the base centre — never one placement per code, so a marker lying
across a cell line cannot put its miniature in two cells.

A carrier needs ``min_codes`` distinct markers agreeing on the centre (one stray or misread
marker places nothing); fewer is a *partial* sighting, counted and reported, never placed. The
same tag grouped at two places far apart (two stickers with one serial: a copy) is reported. The
codes of another table (``tags.Foreign``) are grouped the same way and each such tag is reported
with its cell (:class:`ForeignTag`), never placed. A base near a cell border gets a lower
confidence (1 at least one base radius inside the cell, 0 on the line)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from vision.board_change import TagId, TagProblem
from vision.calibration import Calibration
from vision.carrier import Carrier
from vision.map_grid import CellGrid
from vision.tags import Foreign, Quad, Sighting

K = TypeVar("K", bound=Hashable)
SAME_CODE_MM = 1.5  # two reads of one code (overlapping crops) lie this close


@dataclass(frozen=True)
class Placement:
    tag: TagId
    cell: str
    confidence: float
    x_mm: float
    y_mm: float
    codes: int = 1  # distinct codes that agreed on this base centre


@dataclass(frozen=True)
class ForeignTag:
    """A tag of another table lying in ``cell`` (``key`` ``None``: an older sticker naming no
    table; ``conflict``: a code of a key two registrations here share, bound differently):
    flagged, never placed."""

    cell: str
    key: int | None
    x_mm: float
    y_mm: float
    conflict: bool = False

    def problem(self) -> TagProblem:
        if self.key is None:
            return TagProblem("no_table", None, (self.cell,))
        kind = "shared_key" if self.conflict else "other_table"
        return TagProblem(kind, None, (self.cell,), key=self.key)


@dataclass(frozen=True)
class Observation:
    """What one frame shows: placements, how many reads were rejected or off the map, whether
    something large (a hand, an arm) is over the map, ``unread``: committed tags not read this
    frame whose base still looks as it did when last read (covered by a neighbouring figure, or a
    missed read), so they are still there, and ``problems``: what the players should fix (a tag
    seen at two places, a tag only partly readable)."""

    placements: tuple[Placement, ...] = ()
    rejected: int = 0
    off_map: int = 0
    busy: bool = False
    unread: frozenset[TagId] = frozenset()
    problems: tuple[TagProblem, ...] = ()
    partial: frozenset[TagId] = frozenset()
    foreign: tuple[ForeignTag, ...] = ()

    def cells_of(self, tag: TagId) -> set[str]:
        return {p.cell for p in self.placements if p.tag == tag}

    def board(self) -> dict[TagId, str]:
        """tag → cell for tags seen in exactly one cell."""
        cells: dict[TagId, set[str]] = {}
        for p in self.placements:
            cells.setdefault(p.tag, set()).add(p.cell)
        return {tag: next(iter(c)) for tag, c in cells.items() if len(c) == 1}


@dataclass(frozen=True)
class Placed:
    """What :func:`place` found: placements, reads off the map, tags read only partly (fewer
    than ``min_codes`` codes), problems to report and other tables' tags."""

    placements: list[Placement]
    off_map: int
    partial: frozenset[TagId]
    problems: tuple[TagProblem, ...]
    foreign: tuple[ForeignTag, ...] = ()


def base_centres(
    quads: list[Quad], calibration: Calibration, carrier: Carrier | None
) -> tuple[np.ndarray, np.ndarray]:
    """(base centre, code centre) in map mm of each code's corners."""
    corners = calibration.to_map(np.array(quads).reshape(-1, 2))
    corners = corners.reshape(-1, 4, 2)
    codes = corners.mean(axis=1)
    if carrier is None:
        return codes, codes
    return np.array([carrier.base_centre(c) for c in corners]), codes


def _groups(centres: np.ndarray, within_mm: float) -> list[list[int]]:
    """Single-linkage groups of points closer than ``within_mm``."""
    groups: list[list[int]] = []
    for i, c in enumerate(centres):
        near = [g for g in groups if min(np.hypot(*(centres[j] - c)) for j in g) < within_mm]
        merged = [i]
        for g in near:
            merged.extend(g)
            groups.remove(g)
        groups.append(merged)
    return groups


def _distinct(codes: np.ndarray) -> int:
    """How many different codes (two reads of one code from overlapping crops count once)."""
    kept: list[np.ndarray] = []
    for c in codes:
        if all(np.hypot(*(c - k)) >= SAME_CODE_MM for k in kept):
            kept.append(c)
    return len(kept)


def _bases(
    codes: Sequence[tuple[K, Quad]],
    calibration: Calibration,
    carrier: Carrier | None,
    within_mm: float,
) -> Iterator[tuple[K, list[tuple[float, float, int]]]]:
    """Per identity, its codes grouped by base centre: (x, y, distinct codes) of each group."""
    if not codes:
        return
    centres, middles = base_centres([q for _, q in codes], calibration, carrier)
    by_identity: dict[K, list[int]] = {}
    for i, (identity, _) in enumerate(codes):
        by_identity.setdefault(identity, []).append(i)
    for identity, indices in by_identity.items():
        groups = []
        for group in _groups(centres[indices], within_mm):
            members = [indices[j] for j in group]
            x, y = (float(v) for v in np.median(centres[members], axis=0))
            groups.append((x, y, _distinct(middles[members])))
        yield identity, groups


def place(
    sightings: Iterable[Sighting],
    calibration: Calibration,
    grid: CellGrid,
    base_mm: float,
    carrier: Carrier | None = None,
    min_codes: int = 1,
    foreign: Iterable[Foreign] = (),
) -> Placed:
    radius = max(base_mm / 2, 1e-6)
    placements: list[Placement] = []
    partial: set[TagId] = set()
    problems: list[TagProblem] = []
    off_map = 0
    ours = [(s.tag, s.corners) for s in sightings]
    for tag, groups in _bases(ours, calibration, carrier, radius * 0.8):
        found = []
        for x, y, count in groups:
            if count < min_codes:
                partial.add(tag)
                continue
            cell = grid.cell_at_mm(x, y)
            if cell is None:
                off_map += 1
                continue
            confidence = min(1.0, grid.border_distance_mm(x, y) / radius)
            found.append(Placement(tag, cell, confidence, x, y, count))
        if len(found) > 1:
            where = tuple(sorted({p.cell for p in found}))
            problems.append(TagProblem("on_map_twice", tag, where))
        placements.extend(found)
    theirs = [((f.key, f.serial, f.conflict), f.corners) for f in foreign]
    others: set[ForeignTag] = set()
    for (key, _, conflict), groups in _bases(theirs, calibration, carrier, radius * 0.8):
        for x, y, count in groups:
            cell = grid.cell_at_mm(x, y)
            if count >= min_codes and cell is not None:
                others.add(ForeignTag(cell, key, x, y, conflict))
    return Placed(
        placements,
        off_map,
        frozenset(partial),
        tuple(problems),
        tuple(sorted(others, key=lambda f: (f.cell, -1 if f.key is None else f.key))),
    )
