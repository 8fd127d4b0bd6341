"""Swiss pairings, standings and a single-elimination cut: pure functions over players and
matches, no storage and no clock (``docs/tournament.md`` "Standings and tie-breakers" and
"How a round is paired" state the rules this module follows, with their source).

Standings follow the Magic: The Gathering Tournament Rules (MTR), Appendix C ("Tiebreakers"):
match points (3 a win, 1 a draw, 0 a loss, a bye a win), then opponents' match-win percentage
(``omw``), game-win percentage (``gw``), opponents' game-win percentage (``ogw``); every
percentage is at least 0.33. The hub records one result per match, and a match of the games it
runs is one game, so a match's game is its result and a bye one game won. Last comes check-in
order (the hub's own rule, so standings are total).

Pairing is a maximum-weight matching over the players still in the event (``matching``): no
rematch (unless the organizer, told that no pairing avoids one, allows the fewest), then the bye
to the lowest-ranked player who has not had one, then the fewest pairs across point groups, then
the smallest point gaps across them, then the smallest rank distances. Round 1 is paired in a
shuffled order from the event's seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from companion.hub.matching import max_weight_matching

Outcome = Literal["a", "b", "draw"]
TIEBREAKERS = ("omw", "gw", "ogw")
DEFAULT_TIEBREAKERS: tuple[str, ...] = ("omw", "gw", "ogw")
WIN, DRAW, LOSS = 3, 1, 0
PERCENT_FLOOR = Fraction(33, 100)


class PairingError(ValueError):
    """No pairing is possible (``code`` names why, for the organizer's language; ``fields`` the
    numbers its message says)."""

    def __init__(self, code: str, message: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


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


def floored(points: int, rounds: int) -> Fraction:
    """A win percentage as the MTR computes it: ``points`` of ``3 × rounds`` possible, at least
    0.33 (also for a player with no round yet)."""
    if rounds == 0:
        return PERCENT_FLOOR
    return max(PERCENT_FLOOR, Fraction(points, WIN * rounds))


@dataclass
class Record:
    """One player's results so far (matches with a result, and byes)."""

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
        """Match-win percentage: match points of 3 per round played, byes included."""
        return floored(self.points, self.played)

    @property
    def gw(self) -> Fraction:
        """Game-win percentage: game points (3 a game won, 1 drawn) of 3 per game played. A
        match is one game and a bye one game won, so it equals ``mw`` — which still breaks ties
        on points between players who played different numbers of rounds (a late entry)."""
        return floored(self.points, self.played)


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
    gw: Fraction
    ogw: Fraction

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
            "gw": round(float(self.gw), 4),
            "ogw": round(float(self.ogw), 4),
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
    """The mean of the opponents' percentages; 0 for a player who has met nobody yet."""
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
    gw = {p: r.gw for p, r in table.items()}
    ogw = {p: _mean([table[o].gw for o in r.opponents]) for p, r in table.items()}
    breakers = {"omw": omw, "gw": gw, "ogw": ogw}
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
            gw=gw[p],
            ogw=ogw[p],
        )
        for i, p in enumerate(ranked)
    ]


@dataclass(frozen=True)
class Pairing:
    """A round's pairs (the better-ranked player first, best pair first) and its bye.

    ``across`` pairs join two point groups; ``across_for_parity`` of them any pairing would
    need, rematches aside (half the point groups with an odd number of players); the rest are
    there because every pairing with fewer would repeat a match. ``rematches``: the pairs that
    repeat a match (only when the organizer allowed them: the fewest any pairing has)."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    across: int = 0
    across_for_parity: int = 0
    rematches: int = 0


def met(matches: Iterable[Match]) -> dict[int, set[int]]:
    """Who has met whom (byes and pairings without a result yet count: a pairing is a meeting)."""
    seen: dict[int, set[int]] = {}
    for match in matches:
        if match.b is not None:
            seen.setdefault(match.a, set()).add(match.b)
            seen.setdefault(match.b, set()).add(match.a)
    return seen


def pair_cost(rank_a: int, rank_b: int, points_a: int, points_b: int) -> tuple[int, int, int]:
    """What a pair costs, compared in order: across point groups (1 or 0), the point gap, the
    rank distance."""
    gap = abs(points_a - points_b)
    return (1 if gap else 0, gap, abs(rank_a - rank_b))


def pair_swiss(
    ranked: Sequence[int],
    matches: Sequence[Match],
    *,
    round_number: int,
    seed: int,
    allow_rematches: bool = False,
) -> Pairing:
    """The next Swiss round for the players in ``ranked`` (best first, dropped players left out).

    Among the pairings without a rematch, with the bye (odd count) to the lowest-ranked player
    without one whose bye leaves the others pairable, the one with the fewest pairs across point
    groups, then the smallest sum of their point gaps, then the smallest sum of rank distances.
    Raises ``PairingError`` (``rematch_only``, with the numbers that say why) when no pairing
    without rematches (and with a legal bye) exists. With ``allow_rematches`` (the organizer's
    choice once told so) the fewest rematches come first, then the rules above.
    """
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player is listed twice")
    order = list(ranked)
    if round_number == 1:
        random.Random(seed).shuffle(order)
    count = len(order)
    if count < 2:
        raise PairingError("too_few_players", "at least two players are needed to pair a round")
    had_bye = {m.a for m in matches if m.b is None}
    if count % 2 and all(p in had_bye for p in order):
        raise PairingError(
            "no_bye_possible",
            "an odd number of players and every one of them has had a bye already",
        )
    met_before = met(matches)
    everyone = {p for m in matches for p in (m.a, m.b) if p is not None} | set(order)
    table = records(everyone, matches)
    points = [table[p].points for p in order]
    mate = max_weight_matching(
        count + count % 2,
        _weighted_edges(order, points, met_before, had_bye, allow_rematches),
        max_cardinality=True,
    )
    if any(m == -1 for m in mate):
        met_pairs = sum(
            1 for i, p in enumerate(order) for q in order[i + 1 :] if q in met_before.get(p, ())
        )
        raise PairingError(
            "rematch_only",
            "every possible pairing would repeat a match already played"
            + (" or give a player a second bye" if count % 2 else ""),
            round=round_number,
            players=count,
            met=met_pairs,
            possible=count * (count - 1) // 2,
        )
    pairs = tuple((order[i], order[j]) for i, j in enumerate(mate) if i < j < count)
    bye = order[mate[count]] if count % 2 else None
    sizes: dict[int, int] = {}
    for i, p in enumerate(points):
        if order[i] != bye:
            sizes[p] = sizes.get(p, 0) + 1
    return Pairing(
        pairs,
        bye,
        across=sum(1 for i, j in enumerate(mate) if i < j < count and points[i] != points[j]),
        across_for_parity=sum(size % 2 for size in sizes.values()) // 2,
        rematches=sum(
            1
            for i, j in enumerate(mate)
            if i < j < count and order[j] in met_before.get(order[i], ())
        ),
    )


def _weighted_edges(
    order: Sequence[int],
    points: Sequence[int],
    met_before: Mapping[int, set[int]],
    had_bye: set[int],
    allow_rematches: bool = False,
) -> list[tuple[int, int, int]]:
    """The matching's edges: a pair for every two players who have not met, weighted so that the
    heaviest matching of the most edges is the best pairing (``pair_cost`` compared in order,
    summed over the pairs); with an odd count, vertex ``len(order)`` is the bye, weighted so the
    lowest-ranked player who may take it outweighs every difference in the pairs' costs. With
    ``allow_rematches`` two players who have met are an edge too, every pair that is no rematch
    weighing more than all the rest together: the fewest rematches come first."""
    count = len(order)
    gap = max(points) - min(points)
    rank_scale = count * count  # above any sum of rank distances
    gap_scale = count * (gap * rank_scale + count)  # above any sum of gaps and distances
    most = gap_scale + gap * rank_scale + count  # above any one pair's cost
    bye_scale = count * most  # above any sum of pair costs
    fresh = (bye_scale * (count + 1) + count * (most + 1)) if allow_rematches else 0
    edges = []
    for i in range(count):
        seen = met_before.get(order[i], set())
        for j in range(i + 1, count):
            rematch = order[j] in seen
            if rematch and not allow_rematches:
                continue
            across, gap_ij, distance = pair_cost(i, j, points[i], points[j])
            cost = across * gap_scale + gap_ij * rank_scale + distance
            edges.append((i, j, most + 1 - cost + (0 if rematch else fresh)))
    if count % 2:
        edges += [(i, count, bye_scale * (i + 1)) for i in range(count) if order[i] not in had_bye]
    return edges


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
