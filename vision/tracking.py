"""Temporal tracker: per-frame observations → committed :class:`BoardChange` s.

Each tag has a *status* per frame: the one cell it is seen in, ``ABSENT``, or ``CONFLICT`` (seen in
two cells). A tag's new status commits after it held for ``stable_frames`` consecutive clear
frames (a placement that ``fast_codes`` codes agree on — a carrier's markers — commits at once).
While the map is busy (a hand or arm over it) nothing counts and nothing commits, so a tag
hidden under a hand is kept; it is removed only once the map is clear and it stays unseen — and a
tag the observation reports *unread* (its base still there, its code hidden by a neighbouring
figure) is not unseen. What one hand changed commits whole: a tag whose new status is ready
waits (at most ``stable_frames`` frames) while another is still counting up — the first clear
frame after a hand reads what was put down but never takes an absence, so a miniature lifted off
would otherwise commit a frame after the one put down, and the game would see half a move. A tag
only enters a new cell (added or moved) from readings at least ``min_confidence`` confident: a
base sitting on a line is flagged ("place it inside a cell") and keeps its committed state, since
a wrong cell is worse than none. Duplicates, tags outside the warband and other tables' tags are
flagged, never applied.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from vision.board_change import BoardChange, TagId, TagProblem
from vision.observe import Observation

ABSENT = "-"
CONFLICT = "!"


@dataclass(frozen=True)
class TrackerConfig:
    # the second clear frame after the hand leaves commits (the first clear one is still compared
    # with the frame that showed the hand): a move is committed 3 frames after the hand left
    stable_frames: int = 2
    # 0.12 of a base radius: 1.5 mm from a line for 25 mm bases. bench/vision.py measured decoded
    # centres within 0.4 mm of the truth and corner-marker calibration within 0.6 px.
    min_confidence: float = 0.12
    # a placement that this many distinct codes agree on (a carrier's markers) commits on its
    # first clear frame: three markers placing one base centre do not happen by chance
    fast_codes: int = 3

    def __post_init__(self) -> None:
        if self.stable_frames < 1:
            raise ValueError("stable_frames must be at least 1")
        if self.fast_codes < 2:
            raise ValueError("fast_codes must be at least 2 (one code is never enough)")
        if not 0.0 <= self.min_confidence <= 1.0:
            raise ValueError("min_confidence must be within 0..1")


class Tracker:
    def __init__(
        self, config: TrackerConfig | None = None, warband: Collection[TagId] | None = None
    ) -> None:
        self.config = config or TrackerConfig()
        self.warband = frozenset(warband) if warband is not None else None
        self._board: dict[TagId, str] = {}
        self._status: dict[TagId, str] = {}
        self._count: dict[TagId, int] = {}
        self._flagged: set[TagProblem] = set()
        self._sure: set[tuple[TagId, str]] = set()  # (tag, cell) placed by fast_codes codes now
        self._deferred = 0  # frames a ready change waited for the rest of its hand's change
        self._clear_frames = 0  # clear frames since a hand was last over the map
        self._after_hand: dict[TagId, bool] = {}  # status changed just after a hand left

    @property
    def board(self) -> dict[TagId, str]:
        return dict(self._board)

    def _frame_status(self, observation: Observation) -> tuple[dict[TagId, str], list[TagProblem]]:
        cells: dict[TagId, dict[str, float]] = {}
        self._sure = set()
        for p in observation.placements:
            seen = cells.setdefault(p.tag, {})
            seen[p.cell] = max(seen.get(p.cell, 0.0), p.confidence)
            if p.codes >= self.config.fast_codes and p.confidence >= self.config.min_confidence:
                self._sure.add((p.tag, p.cell))
        status: dict[TagId, str] = {}
        flags: list[TagProblem] = []
        for tag, seen in cells.items():
            if self.warband is not None and tag not in self.warband:
                flags.append(TagProblem("not_in_warband", tag, tuple(sorted(seen))))
                continue
            committed = self._board.get(tag)
            confident = {c for c, v in seen.items() if v >= self.config.min_confidence}
            if committed in seen:
                confident.add(committed)  # staying put needs no confidence
            if len(confident) > 1:
                status[tag] = CONFLICT
                flags.append(TagProblem("two_cells", tag, tuple(sorted(confident))))
            elif confident:
                status[tag] = next(iter(confident))
            else:
                status[tag] = committed if committed is not None else ABSENT
                flags.append(TagProblem("on_line", tag, tuple(sorted(seen))))
        for tag, cell in self._board.items():
            status.setdefault(tag, cell if tag in observation.unread else ABSENT)
        flags.extend(observation.problems)
        flags.extend(f.problem() for f in observation.foreign)
        for tag in sorted(observation.partial - set(status)):
            flags.append(TagProblem("partly_read", tag))
        return status, flags

    @property
    def changing(self) -> bool:
        """Whether a tag's new state is still counting up to the stable frames (a hand's change
        not yet committed whole)."""
        for tag, s in self._status.items():
            if s == CONFLICT or s == self._board.get(tag, ABSENT):
                continue
            if self._count.get(tag, 0) < self.config.stable_frames and (tag, s) not in self._sure:
                return True
        return False

    @property
    def handled(self) -> frozenset[TagId]:
        """Committed tags a hand just took off or moved: seen gone or elsewhere since the hand
        left the map, that change not yet committed (missing from their committed cell is then
        no read that failed)."""
        return frozenset(
            t
            for t, s in self._status.items()
            if t in self._board and s != self._board[t] and self._after_hand.get(t, False)
        )

    def update(self, observation: Observation) -> BoardChange | None:
        """Feed one frame; a change when something committed (or a new problem was flagged)."""
        if observation.busy:
            self._count.clear()
            self._deferred, self._clear_frames = 0, 0
            return None
        self._clear_frames += 1
        status, flags = self._frame_status(observation)
        for tag, s in status.items():
            if self._status.get(tag) == s:
                self._count[tag] = self._count.get(tag, 0) + 1
            else:
                self._status[tag] = s
                self._count[tag] = 1
                # the first clear frame keeps unseen tags (absences count from the next one)
                self._after_hand[tag] = self._clear_frames <= 2
        for tag in list(self._status):
            if tag not in status:
                del self._status[tag]
                self._count.pop(tag, None)
                self._after_hand.pop(tag, None)
        added: dict[TagId, str] = {}
        removed: dict[TagId, str] = {}
        moved: dict[TagId, tuple[str, str]] = {}
        stable = self.config.stable_frames
        for tag, s in self._status.items():
            sure = (tag, s) in self._sure
            if (self._count.get(tag, 0) < stable and not sure) or s == CONFLICT:
                continue
            old = self._board.get(tag)
            if s == ABSENT and old is not None:
                removed[tag] = old
            elif s not in (ABSENT, old):
                if old is None:
                    added[tag] = s
                else:
                    moved[tag] = (old, s)
        if (added or removed or moved) and self._deferred < stable and self.changing:
            # one hand's change commits whole: a tag lifted off is taken as gone a frame after
            # the one put down elsewhere is read (the first clear frame reads, it never takes
            # absences), so a half of the change never reaches the game alone
            self._deferred += 1
            added, removed, moved = {}, {}, {}
        else:
            self._deferred = 0
        for tag in removed:
            del self._board[tag]
        self._board.update(added)
        self._board.update({tag: to for tag, (_, to) in moved.items()})
        new_flags = tuple(f for f in dict.fromkeys(flags) if f not in self._flagged)
        self._flagged = set(flags)
        change = BoardChange(added, removed, moved, dict(self._board), new_flags)
        return None if change.is_empty else change
