"""Swiss pairings, standings and a single-elimination cut: pure functions over players and
matches, no storage and no clock.

Scoring and tie-breakers follow the Magic: The Gathering Tournament Rules, Appendix C
("Tiebreakers"), the most widely documented set for one-on-one card and miniatures games; the
Dreamblade sources give no tie-breakers of their own (shared/rules/facts.md):
- match points: 3 for a win, 1 for a draw, 0 for a loss; a bye counts as a win;
- a player's match-win percentage (MW%): match points ÷ (3 × rounds played, byes included), never
  below 1/3;
- ``omw``: opponents' match-win percentage, the mean MW% of the opponents actually met (a bye is
  no opponent);
- ``oomw``: opponents' opponents' match-win percentage, the mean ``omw`` of the opponents met
  (MTR's third and fourth tie-breakers compare games inside a match; a Dreamblade match is one
  game, so they would only repeat MW%);
- last, check-in order (the player who checked in first ranks first), so standings are total.

Pairing: the players still in the event, ranked by the standings, are paired from the top, each
with the nearest-ranked player they have not met; when that fails further down, the search
backtracks, so a pairing without rematches is found whenever one exists. With an odd number of
players the bye goes to the lowest-ranked player who has had no bye yet (and whose bye leaves the
rest pairable). Round 1 is paired in a shuffled order from the event's seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

Outcome = Literal["a", "b", "draw"]
TIEBREAKERS = ("omw", "oomw")
DEFAULT_TIEBREAKERS: tuple[str, ...] = ("omw", "oomw")
WIN, DRAW, LOSS = 3, 1, 0
MW_FLOOR = Fraction(1, 3)


class PairingError(ValueError):
    """No pairing is possible (``code`` names why, for the organizer's language)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Match:
    """One pairing of a round: ``b`` is ``None`` for a bye; ``outcome`` ``None`` until known."""

    round: int
    a: int
    b: int | None
    outcome: Outcome | None = None

    @property
    def is_bye(self) -> bool:
        return self.b is None

    def points(self, player: int) -> int:
        if self.b is None:
            return WIN
        if self.outcome is None:
            raise ValueError(
                f"round {self.round}: the match of {self.a} and {self.b} has no result"
            )
        if self.outcome == "draw":
            return DRAW
        winner = self.a if self.outcome == "a" else self.b
        return WIN if winner == player else LOSS


@dataclass
class Record:
    """One player's results so far."""

    player: int
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses + self.byes

    @property
    def mw(self) -> Fraction:
        if self.played == 0:
            return MW_FLOOR
        return max(MW_FLOOR, Fraction(self.points, WIN * self.played))


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    mw: Fraction
    omw: Fraction
    oomw: Fraction

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "byes": self.byes,
            "mw": round(float(self.mw), 4),
            "omw": round(float(self.omw), 4),
            "oomw": round(float(self.oomw), 4),
        }


def records(players: Iterable[int], matches: Iterable[Match]) -> dict[int, Record]:
    """Each player's record from the matches with a result (unreported ones are left out)."""
    table = {player: Record(player) for player in players}
    for match in matches:
        if match.b is None:
            record = table[match.a]
            record.points += WIN
            record.byes += 1
            continue
        if match.outcome is None:
            continue
        for me, them in ((match.a, match.b), (match.b, match.a)):
            record = table[me]
            gained = match.points(me)
            record.points += gained
            record.opponents.append(them)
            if gained == WIN:
                record.wins += 1
            elif gained == DRAW:
                record.draws += 1
            else:
                record.losses += 1
    return table


def _mean(values: Sequence[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def standings(
    players: Sequence[int],
    matches: Iterable[Match],
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
) -> list[Standing]:
    """Every player ranked: match points, then ``tiebreakers`` in order, then ``players`` order
    (check-in order). Equal players still get distinct ranks."""
    unknown = [name for name in tiebreakers if name not in TIEBREAKERS]
    if unknown:
        raise ValueError(f"unknown tie-breakers {unknown} (known: {', '.join(TIEBREAKERS)})")
    table = records(players, matches)
    omw = {p: _mean([table[o].mw for o in r.opponents]) for p, r in table.items()}
    oomw = {p: _mean([omw[o] for o in r.opponents]) for p, r in table.items()}
    breakers = {"omw": omw, "oomw": oomw}
    order = {player: i for i, player in enumerate(players)}

    def key(player: int) -> tuple[object, ...]:
        values = [-breakers[name][player] for name in tiebreakers]
        return (-table[player].points, *values, order[player])

    ranked = sorted(players, key=key)
    return [
        Standing(
            rank=i + 1,
            player=p,
            points=table[p].points,
            wins=table[p].wins,
            draws=table[p].draws,
            losses=table[p].losses,
            byes=table[p].byes,
            mw=table[p].mw,
            omw=omw[p],
            oomw=oomw[p],
        )
        for i, p in enumerate(ranked)
    ]


@dataclass(frozen=True)
class Pairing:
    pairs: tuple[tuple[int, int], ...]
    bye: int | None


def met(matches: Iterable[Match]) -> dict[int, set[int]]:
    """Who has met whom (byes and pairings without a result yet count: a pairing is a meeting)."""
    seen: dict[int, set[int]] = {}
    for match in matches:
        if match.b is not None:
            seen.setdefault(match.a, set()).add(match.b)
            seen.setdefault(match.b, set()).add(match.a)
    return seen


def _pair_in_order(order: list[int], met_before: Mapping[int, set[int]]) -> list[tuple[int, int]]:
    """Pair ``order`` top-down, each with the nearest-ranked player not met; backtracks."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, partner in enumerate(rest):
        if partner in met_before.get(first, set()):
            continue
        tail = _pair_in_order(rest[:i] + rest[i + 1 :], met_before)
        if len(tail) * 2 == len(rest) - 1:
            return [(first, partner), *tail]
    return []


def pair_swiss(
    ranked: Sequence[int],
    matches: Sequence[Match],
    *,
    round_number: int,
    seed: int,
) -> Pairing:
    """The next Swiss round for the players in ``ranked`` (best first, dropped players left out).

    Raises ``PairingError`` when no pairing without rematches (and with a legal bye) exists.
    """
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player is listed twice")
    order = list(ranked)
    if round_number == 1:
        random.Random(seed).shuffle(order)
    if len(order) < 2:
        raise PairingError("too_few_players", "at least two players are needed to pair a round")
    met_before = met(matches)
    had_bye = {m.a for m in matches if m.b is None}
    candidates: list[int | None] = [None]
    if len(order) % 2 == 1:
        candidates = [p for p in reversed(order) if p not in had_bye]
        if not candidates:
            raise PairingError(
                "no_bye_possible",
                "an odd number of players and every one of them has had a bye already",
            )
    for bye in candidates:
        rest = [p for p in order if p != bye]
        pairs = _pair_in_order(rest, met_before)
        if len(pairs) * 2 == len(rest):
            return Pairing(tuple(pairs), bye)
    raise PairingError("rematch_only", "every possible pairing would repeat a match already played")


def cut_pairs(seeds: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """First round of a single-elimination cut, in bracket order: seeds 1 and 2 can meet only in
    the final (for 8: 1–8, 4–5, 2–7, 3–6; the winners of neighbouring matches meet next)."""
    size = len(seeds)
    if size < 2 or size & (size - 1):
        raise PairingError("cut_size", "a cut takes 2, 4, 8, 16... players")
    slots = [1, 2]
    while len(slots) < size:
        slots = [s for slot in slots for s in (slot, 2 * len(slots) + 1 - slot)]
    return tuple((seeds[slots[i] - 1], seeds[slots[i + 1] - 1]) for i in range(0, size, 2))


def next_cut_pairs(winners: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """A later cut round: the winners of neighbouring matches meet (the bracket stays fixed)."""
    if len(winners) < 2 or len(winners) % 2:
        raise PairingError("cut_size", "the cut is over or a match has no winner yet")
    return tuple((winners[i], winners[i + 1]) for i in range(0, len(winners), 2))


def cut_wins(cut: Iterable[Match]) -> dict[int, int]:
    """Each player of the cut and the cut matches they have won (a match without a result yet
    counts for nobody)."""
    wins: dict[int, int] = {}
    for match in cut:
        for player in (match.a, match.b):
            if player is not None:
                wins.setdefault(player, 0)
        if match.b is not None and match.outcome in ("a", "b"):
            winner = match.a if match.outcome == "a" else match.b
            wins[winner] += 1
    return wins


def final_order(swiss_order: Sequence[int], cut: Sequence[Match]) -> list[int]:
    """The final standings: the cut's players first, by how far they got in it (cut matches
    won: the champion, the finalist, the semi-finalists…), level ones by their Swiss standing;
    then everyone else in Swiss order. Without a cut, the Swiss order."""
    wins = cut_wins(cut)
    position = {player: i for i, player in enumerate(swiss_order)}
    reached = sorted(wins, key=lambda player: (-wins[player], position[player]))
    return reached + [player for player in swiss_order if player not in wins]


def cut_finish(size: int, wins: int) -> str:
    """How far a player of a cut of ``size`` with ``wins`` got: ``winner``, ``final``, or
    ``top-N`` (the round of the last N they reached)."""
    left = size >> wins
    if left <= 1:
        return "winner"
    return "final" if left == 2 else f"top-{left}"
