"""Dreamblade's computer player (``companion.games.ai_seat``): three levels over the engine's own
push/pop, never a rule of its own.

- ``easy``: a random legal action (``random_play``), a learning partner;
- ``normal``: the best next step. Each action the pending decision offers is pushed and followed
  to the next decision that is a step of a seat (a spawn, a shift's move, the choice between
  shifting and striking): a strike is followed through its dice, whose results are weighed by
  their exact chances (the multinomial of the attack die's faces, as ``companion rules odds``
  counts them; exact up to ``EXACT_OUTCOMES`` results, sampled by those chances beyond), and
  through the choices of damage and disruption on either side (an expectimax); the position
  reached is scored by :func:`evaluate` with the ``NORMAL`` weights;
- ``strong``: normal's weighing, checked by play-outs: at a step of its own, the
  ``PLAYOUT_WAYS`` choices normal's weighing likes best are each played out to the end of the
  turn ``PLAYOUTS`` times (:func:`play_out`): both seats choose as normal does (on fewer
  choices), the dice are drawn by their chances, each round of play-outs on the same dice for
  every choice. A choice whose turns end better on average (:func:`evaluate`: the turn won or
  lost, and the position it leaves) overrules normal's first choice only when it is
  :func:`clearly_better`. Within its time budget: the rounds finished by then count; if even
  normal's weighing does not finish, a quick, thinner weighing made first answers.

A choice comes with its reason as a message key and parameters (``ai.reason.*`` in the game's
catalogs). The player is seeded: the same seed and game give the same choice (a strong move cut
by its time budget answers with its quick answer, which a slower machine reaches more often).
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache

from companion import grid
from companion.games.ai_seat import Choice, check_level
from companion.games.dreamblade import conquest
from companion.games.dreamblade.actions import (
    CellValue,
    ChooseStrike,
    Confirm,
    Dice,
    Done,
    Initiative,
    Move,
    Place,
    Spawn,
)
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.legal import CellValues, Combined, DiceResults
from companion.games.dreamblade.random_play import random_action
from companion.games.play_outs import OutOfTime, clearly_better, play_out_rounds, tried
from companion.games.protocol import Action, Game, Label, ref

WIN = 10_000.0


@dataclass(frozen=True)
class Weights:
    """What a position is scored on (:func:`evaluate`)."""

    turn: float = 60.0  # a turn won (six win the game)
    point: float = 6.0  # a conquest point held now (it scores at the end of the turn)
    material: float = 2.0  # per spawn-cost point of a creature on the map, scaled by its life left
    near: float = 1.0  # per step closer to the nearest cell that scores for its owner


NORMAL = Weights()
EXACT_OUTCOMES = 40  # dice results weighed exactly up to this many; sampled beyond
SAMPLED_OUTCOMES = 12
CHOICE_CAP = 12  # at most this many choices of one decision are searched (a sample beyond)
FORCED_CHAIN = 40  # single-choice and chance steps followed before scoring
NODE_CAP = 2500  # positions one weighing looks at; beyond, positions are scored as they stand
PLAYOUT_WAYS = 3  # a strong step plays out this many of its best-looking choices
PLAYOUTS = 4  # rounds of play-outs: each choice played out once a round, on the round's dice
PLAYOUT_CAP = 4  # normal's choices and dice results weighed at a decision inside a play-out
PLAYOUT_NODES = 150  # and the positions it looks at there
# the decisions that make a "step" of a seat; the rest (a strike's cell, dice, damage, the
# disrupt-or-destroy choice…) are followed through to the next of these
STEP_KINDS = frozenset({"spawn", "choose_action", "shift"})


@dataclass
class _Search:
    me: str
    rng: random.Random
    deadline: float | None = None
    nodes: int = 0
    cap: int = CHOICE_CAP
    samples: int = SAMPLED_OUTCOMES
    most: int = NODE_CAP  # past this many positions, the rest are scored where they stand
    rolls: int = 0  # rolls between the root and here
    weights: Weights = NORMAL


def _decisions(game: DreambladeGame) -> Collection[Action]:
    legal = game.decision_actions()
    return legal.parts[0] if isinstance(legal, Combined) else legal


@lru_cache(maxsize=256)
def _dice_chances(count: int, die: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Every result of ``count`` attack dice (faces as a sorted multiset) with its exact chance:
    the multinomial of the die's faces (a face printed twice is twice as likely)."""
    weights = {face: die.count(face) / len(die) for face in set(die)}
    out = []
    for faces in itertools.combinations_with_replacement(sorted(weights), count):
        ways = math.factorial(count)
        chance = 1.0
        for face in set(faces):
            k = faces.count(face)
            ways //= math.factorial(k)
            chance *= weights[face] ** k
        out.append((faces, ways * chance))
    return tuple(out)


def chance_outcomes(game: DreambladeGame) -> list[tuple[Action, float]] | None:
    """The results the pending roll may give with their chances, or ``None`` when a seat decides:
    the initiative dice (each side equally likely), attack and deathblow dice, and a key cell's
    value the map leaves unknown (each value of the map's range alike, until the players say)."""
    pending = game.pending()
    if pending.kind == "initiative_roll":
        rolls = [a for a in game.legal_actions() if isinstance(a, Initiative)]
        return [(a, 1 / len(rolls)) for a in rolls]
    legal = game.legal_actions()
    parts = legal.parts if isinstance(legal, Combined) else (legal,)
    for part in parts:
        if isinstance(part, DiceResults):
            table = _dice_chances(part.count, game.setup.attack_die)
            return [(Dice(faces), chance) for faces, chance in table]
        if isinstance(part, CellValues) and not part.confirm:
            low, high = part.values
            return [
                (CellValue(part.cells[0], v), 1 / (high - low + 1)) for v in range(low, high + 1)
            ]
    return None


def roll(game: DreambladeGame, rng: random.Random) -> Action:
    """One result of the pending roll, drawn by its chances (what the bench's table rolls)."""
    outcomes = chance_outcomes(game)
    if outcomes is None:
        raise ValueError("the pending decision is not a roll")
    actions, weights = zip(*outcomes, strict=True)
    return rng.choices(actions, weights)[0]


def evaluate(game: DreambladeGame, me: str, weights: Weights = NORMAL) -> float:
    """How good the position is for ``me`` (the other seat's is its negative): turns won, the
    conquest points held now, the creatures on the map and how close they stand to cells that
    score for them, each by its ``weights``."""
    state, setup = game.state, game.setup
    other = "B" if me == "A" else "A"
    if state.winner is not None:
        return WIN if state.winner == me else -WIN
    sign = {me: 1.0, other: -1.0}
    value = weights.turn * (state.turn_wins[me] - state.turn_wins[other])
    low, high = setup.dream_map.value_range
    unknown = (low + high) / 2
    points: dict[str, float] = dict(state.kills)
    for cell, seat in conquest.claims(setup, state).items():
        known = conquest.key_value(setup, state, cell)
        points[seat] += unknown if known is None else known
    value += weights.point * (points[me] - points[other])
    scoring = {seat: _scoring_coords(setup.dream_map.scoring_cells(seat)) for seat in (me, other)}
    for cell, minis in state.occupants().items():
        for mini in minis:
            piece = setup.pieces[mini]
            if not piece.is_creature:
                continue
            life = piece.mini.life or 1
            left = max(0.0, 1 - state.damage.get(mini, 0) / life)
            worth = weights.material * (piece.mini.spawn_cost or 1) * (0.5 + 0.5 * left)
            value += sign[piece.owner] * (
                worth - weights.near * _distance(cell, scoring[piece.owner])
            )
    return value


@lru_cache(maxsize=64)
def _scoring_coords(cells: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(grid.coords(cell) for cell in cells)


def _distance(cell: str, targets: tuple[tuple[int, int], ...]) -> int:
    if not targets:
        return 0
    col, row = grid.coords(cell)
    return min(abs(col - c) + abs(row - r) for c, r in targets)


def _choices(game: DreambladeGame, search: _Search) -> list[Action]:
    """The choices searched: all up to the search's ``cap``, beyond it holding still and a
    sample."""
    legal = _decisions(game)
    if isinstance(legal, CellValues):  # the turn's points are counted: nobody's choice
        return [Confirm()]
    listed = list(itertools.islice(iter(legal), 8 * search.cap))
    if len(listed) <= search.cap:
        return listed
    keep = [a for a in listed if isinstance(a, Done)]  # holding still is always weighed
    others = [a for a in listed if not isinstance(a, Done)]
    return keep + search.rng.sample(others, search.cap)


def _value(game: DreambladeGame, search: _Search, depth: int, chain: int = 0) -> float:
    """Expectimax: chance steps weighed, ``search.me``'s decisions maximised, the other's
    minimised; ``depth`` counts the steps (``STEP_KINDS``) still to look into."""
    search.nodes += 1
    if (
        search.deadline is not None
        and search.nodes % 16 == 0
        and time.perf_counter() > search.deadline
    ):
        raise OutOfTime
    if game.is_over or chain > FORCED_CHAIN or search.nodes > search.most:
        return evaluate(game, search.me, search.weights)
    pending = game.pending()
    if pending.kind in STEP_KINDS | {"initiative_roll"} and depth <= 0:
        return evaluate(game, search.me, search.weights)
    outcomes = chance_outcomes(game)
    if outcomes is not None and isinstance(outcomes[0][0], CellValue):
        # a printed value the players will read off the map: searched as its middle value
        outcomes = [(outcomes[len(outcomes) // 2][0], 1.0)]
    if outcomes is not None:
        if len(outcomes) > EXACT_OUTCOMES or search.rolls:
            # a roll after a roll (a deathblow after a strike) is sampled more thinly
            actions, weights = zip(*outcomes, strict=True)
            drawn = search.rng.choices(actions, weights, k=max(2, search.samples >> search.rolls))
            outcomes = [(a, 1 / len(drawn)) for a in drawn]
        total = 0.0
        search.rolls += 1
        try:
            for action, chance in outcomes:
                total += chance * _after(game, action, search, depth, chain + 1)
        finally:
            search.rolls -= 1
        return total
    choices = _choices(game, search)
    if not choices:
        return evaluate(game, search.me, search.weights)
    if len(choices) == 1:
        return _after(game, choices[0], search, depth, chain + 1)
    spent = 1 if pending.kind in STEP_KINDS else 0
    values = [_after(game, a, search, depth - spent, chain) for a in choices]
    seat = game.seat_for(choices[0]) or pending.seat
    return max(values) if seat == search.me else min(values)


def _after(game: DreambladeGame, action: Action, search: _Search, depth: int, chain: int) -> float:
    game.push(action)
    try:
        return _value(game, search, depth, chain)
    finally:
        game.pop()


@dataclass(frozen=True)
class Weighed:
    action: Action
    value: float


def _normal_choice(game: DreambladeGame, rng: random.Random, deadline: float | None) -> Action:
    """The action normal's weighing picks for the pending seat, on ``PLAYOUT_CAP`` choices and
    dice results and ``PLAYOUT_NODES`` positions (a play-out's player)."""
    options = list(_decisions(game))
    if len(options) == 1:
        return options[0]
    seat = game.pending().seat
    assert seat is not None
    search = _Search(seat, rng, deadline, cap=PLAYOUT_CAP, samples=PLAYOUT_CAP, most=PLAYOUT_NODES)
    weighed = _weigh(game, search, options)
    return max(weighed, key=lambda w: w.value).action


def play_out(game: DreambladeGame, me: str, seed: int, deadline: float | None = None) -> float:
    """The turn played out from here to its end (or the game's): both seats choose as normal
    does (:func:`_normal_choice`); the dice are drawn from ``seed`` and the choices' ties from a
    stream of their own, so two play-outs of one seed roll the same dice as long as they roll
    alike; the end is scored for ``me`` by :func:`evaluate`. The game is left as it was;
    ``OutOfTime`` past the ``deadline``."""
    dice, ties = random.Random(seed), random.Random(seed + 1)
    turn = game.state.turn
    with tried(game) as push:
        while not game.is_over and game.state.turn == turn:
            if deadline is not None and time.perf_counter() > deadline:
                raise OutOfTime
            if chance_outcomes(game) is not None:
                action = roll(game, dice)
            elif game.pending().seat is None:  # the conquest's count: nobody's choice
                action = Confirm()
            else:
                action = _normal_choice(game, ties, deadline)
            push(action)
        return evaluate(game, me)


def _weigh(game: DreambladeGame, search: _Search, options: list[Action]) -> list[Weighed]:
    """Each option's value, followed to the next step (:func:`_value`)."""
    order = list(options)
    search.rng.shuffle(order)  # equal values: the seeded shuffle decides
    return [
        Weighed(action, _after(game, action, search, 0, 0)) for action in order[: 4 * CHOICE_CAP]
    ]


class DreambladeAi:
    """One AI seat's player at a level, seeded; ``budget``: seconds a strong move may think
    (``None``: all its play-outs, whatever they take)."""

    def __init__(self, level: str, seed: int = 0, budget: float | None = 1.0) -> None:
        self.level = check_level(level)
        self.rng = random.Random(seed)
        self.budget = budget
        # the last strong move's rounds of play-outs (0: none, at a decision that is no step of
        # its own), and whether it finished all it meant to (False: cut by its budget)
        self.last_rounds = 0
        self.last_whole = True

    def choose(self, game: Game) -> Choice:
        assert isinstance(game, DreambladeGame)
        if chance_outcomes(game) is not None:
            raise ValueError("the pending decision is a roll: the table's dice roll it")
        me = game.pending().seat
        if me is None:  # the conquest phase's confirmation: nobody's choice
            return Choice(Confirm(), Label("ai.reason.only"))
        work = game.copy()
        work.bus = None
        options = list(_decisions(work))
        if len(options) == 1:
            return _carried(work, options[0], Label("ai.reason.only"))
        if self.level == "easy":
            action = random_action(work, self.rng)
            return _carried(work, action, Label("ai.reason.random"))
        search = _Search(me, random.Random(self.rng.getrandbits(64)))
        if self.level == "normal":
            weighed, rounds = _weigh(work, search, options), 0
        else:
            weighed, rounds = self._played_out(work, search, options)
        best = max(weighed, key=lambda w: w.value)
        reason = self._reason(work, me, best, weighed, rounds)
        return _carried(work, best.action, reason)

    def _played_out(
        self, game: DreambladeGame, search: _Search, options: list[Action]
    ) -> tuple[list[Weighed], int]:
        """The strong weighing and its rounds of play-outs: a quick next-step answer first (fewer
        choices and samples than normal's), then normal's whole weighing (kept quick if the
        budget runs out); at a step of its own, its ``PLAYOUT_WAYS`` best then played out to the
        turn's end, a round at a time (each choice on the round's dice), as many rounds as the
        budget allows up to ``PLAYOUTS``; the play-outs overrule normal's answer only when
        :func:`clearly_better` (then the choices' values are their play-outs' means, else
        normal's)."""
        start = time.perf_counter()
        deadline = None if self.budget is None else start + self.budget
        search.cap, search.samples, search.most = 6, 6, NODE_CAP // 3
        quick = _weigh(game, search, options)
        self.last_rounds, self.last_whole = 0, True
        whole = _Search(search.me, random.Random(search.rng.getrandbits(64)), deadline)
        try:
            weighed = _weigh(game, whole, options)
        except OutOfTime:
            self.last_whole = False
            return quick, 0
        if game.pending().kind not in STEP_KINDS:
            return weighed, 0
        ways = sorted(weighed, key=lambda w: w.value, reverse=True)[:PLAYOUT_WAYS]
        seeds = [search.rng.getrandbits(64) for _ in range(PLAYOUTS)]
        rounds = play_out_rounds(
            game,
            [way.action for way in ways],
            seeds,
            lambda after, seed: play_out(after, search.me, seed, deadline),
        )
        self.last_rounds, self.last_whole = len(rounds), len(rounds) == PLAYOUTS
        if not rounds:
            return weighed, 0
        if not clearly_better(rounds):  # normal's first choice stands
            return ways, len(rounds)
        means = [statistics.fmean(column) for column in zip(*rounds, strict=True)]
        return [Weighed(w.action, mean) for w, mean in zip(ways, means, strict=True)], len(rounds)

    def _reason(
        self, game: DreambladeGame, me: str, best: Weighed, weighed: list[Weighed], rounds: int
    ) -> Label:
        action = best.action
        gain = round(best.value - evaluate(game, me), 1)
        if isinstance(action, Spawn | Move):
            before = set(_mine(game, me))
            game.push(action)
            after = _mine(game, me)
            game.pop()
            new = sorted(set(after) - before)
            if new:
                return Label("ai.reason.claims", {"cells": ", ".join(new), "n": len(new)})
            if isinstance(action, Move) and _steps_to_score(game, action) < 0:
                return Label("ai.reason.closer", {"mini": ref("piece", action.mini)})
        if isinstance(action, ChooseStrike):
            return Label("ai.reason.strike", {"gain": gain})
        if isinstance(action, Done) and len(weighed) > 1:
            return Label("ai.reason.hold", {"n": len(weighed) - 1})
        if rounds:
            return Label("ai.reason.played_out", {"n": len(weighed), "k": rounds})
        return Label("ai.reason.best", {"n": len(weighed)})


def _carried(game: DreambladeGame, action: Action, reason: Label) -> Choice:
    """The choice, with the miniature the players carry for it (a spawn, a move, a placing),
    where to, and the cell it leaves: its own, or its seat's portal when it comes onto the map."""
    if not isinstance(action, Spawn | Move | Place):
        return Choice(action, reason)
    cell_of = {mini.id: cell for cell, minis in game.board().items() for mini in minis}
    start = cell_of.get(action.mini)
    if start is None:
        seat = game.setup.pieces[action.mini].owner
        start = game.portal(seat)
    return Choice(action, reason, (action.mini, action.cell), start)


def _steps_to_score(game: DreambladeGame, move: Move) -> int:
    """How many steps nearer (negative) or farther a move takes its miniature from the nearest
    cell that scores for its owner."""
    owner = game.setup.pieces[move.mini].owner
    targets = _scoring_coords(game.setup.dream_map.scoring_cells(owner))
    return _distance(move.cell, targets) - _distance(game.state.zone[move.mini], targets)


def _mine(game: DreambladeGame, me: str) -> list[str]:
    return [cell for cell, seat in game.claims().items() if seat == me]


def dreamblade_ai(level: str, seed: int, budget: float | None) -> DreambladeAi:
    return DreambladeAi(level, seed, budget)
