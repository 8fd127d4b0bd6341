"""Arena of the Planeswalkers' computer player (``companion.games.ai_seat``): three levels over
what the engine itself knows, never a card value or a die's face of its own.

- ``easy``: a random legal action among those the computer may propose (:func:`proposable`);
- ``normal``: the best next step by the engine's own numbers (:func:`ranked`): an attack that can
  destroy its target (a planeswalker first), else the one with most attack dice over the
  target's defence dice; a summon of the reserve figure worth most points; a move onto a
  face-up glyph spot (its bonus) or onto a scoring space when the scenario counts those; the
  army card whose figures can do most; the turn ended only when nothing useful is left;
- ``strong``: normal's ``PLAYOUT_WAYS`` best choices, each played out to the end of the turn
  (:func:`play_out`, both seats as normal) round by round on the same dice, as many rounds as
  its budget allows up to ``PLAYOUTS``; each round's dice come from a guessed face split of the
  combat die (a different guess each round: the faces are unknown). Another choice overrules
  normal's first only when :func:`clearly_better`; positions are scored by :func:`evaluate`.

What the computer never proposes (:func:`proposable`): a roll (the d20, hits, shields, the one
die for leaving an engagement or a fall: the table's dice or the players roll those), what a
face-down glyph turns out to be (the players see it), height advantage (the players judge it),
and the spells' and abilities' damage, healing and returns (it holds no spell cards). The
combat die's faces are unknown to the companion (``data/combat_die.yaml``), so no level weighs
an attack by one die's odds: normal orders attacks by dice counts, which any face split keeps
in order, and strong weighs its play-outs over many guessed splits.

A choice comes with its reason as a message key and parameters (``ar.ai.*`` in Arena's
catalogs). The player is seeded: the same seed and game give the same choices.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from companion.games.ai_seat import Choice, check_level
from companion.games.arena.actions import (
    ArenaAction,
    Attack,
    Choose,
    End,
    FirstRoll,
    FirstTurn,
    Hits,
    Move,
    Next,
    Shields,
    Summon,
)
from companion.games.arena.data_files import glyphs
from companion.games.arena.dice import ROLL_KINDS
from companion.games.arena.game import Arena, State
from companion.games.arena.setup import GRAVEYARD, RESERVE, SCORING
from companion.games.play_outs import OutOfTime, clearly_better, play_out_rounds, tried
from companion.games.protocol import Game, Label, ref

PLAYOUT_WAYS = 3  # strong: normal's best choices it plays out
PLAYOUTS = 32  # strong: rounds of play-outs, each on its own dice for every choice
WIN = 10_000.0


def proposable(game: Arena) -> list[ArenaAction]:
    """The legal actions the computer may propose now: turn steps and choices, never a roll, a
    face-down glyph's reveal, a height advantage or a spell's effect (see the module's doc)."""
    if game.pending().kind in ROLL_KINDS:
        return []
    allowed: list[ArenaAction] = []
    for action in game.legal_actions():
        step = isinstance(action, FirstTurn | Choose | Summon | Next | End)
        seen = isinstance(action, Move) and action.reveal is None  # never a face-down reveal
        level = isinstance(action, Attack) and action.higher is None  # never a height claim
        if step or seen or level:
            allowed.append(action)
    return allowed


@dataclass(frozen=True)
class Ranked:
    """An action, its worth by normal's reckoning (higher first) and the reason it gives."""

    action: ArenaAction
    worth: float
    reason: Label


def _dice(game: Arena, fid: str) -> tuple[int, int, int]:
    """A figure's attack dice, defence dice and life left, as the engine counts them (height
    advantage, judged by the players, left out)."""
    figure = game.figure(fid)
    card = game.card(figure.card)
    attack = card.power + game.glyph_bonus(figure.owner, "power")
    defence = card.toughness + game.glyph_bonus(figure.owner, "toughness")
    return attack, defence, card.life - figure.damage


def _is_walker(game: Arena, fid: str) -> bool:
    return game.card(game.figure(fid).card).kind == "planeswalker"


def _worth(game: Arena, fid: str) -> int:
    return game.card(game.figure(fid).card).points_per_figure


def _attack(game: Arena, action: Attack) -> Ranked:
    attack, _, _ = _dice(game, action.attacker)
    _, defence, life = _dice(game, action.target)
    names = {"attacker": ref("piece", action.attacker), "target": ref("piece", action.target)}
    walker_goal = game.setup.rules.goal == "planeswalker"
    if attack >= life:  # enough dice to destroy it
        walker = _is_walker(game, action.target) and walker_goal
        worth = 1000.0 + (1000.0 if walker else 0.0) + _worth(game, action.target) - life
        return Ranked(action, worth, Label("ar.ai.can_destroy", names))
    worth = 100.0 + 10 * (attack - defence) - life + (5 if _is_walker(game, action.target) else 0)
    return Ranked(action, worth, Label("ar.ai.attack", {**names, "a": attack, "d": defence}))


def _glyph_worth(glyph_id: str) -> int:
    glyph = glyphs()[glyph_id]
    return 3 * glyph.power + 3 * glyph.toughness + glyph.move + 2 * glyph.draw_spells


def _move(game: Arena, state: State, action: Move) -> Ranked | None:
    figure = state.figures[action.figure]
    name = {"figure": ref("piece", action.figure)}
    if action.place == SCORING and game.setup.rules.scoring == "glyph_spaces":
        if figure.place == SCORING:
            return None
        return Ranked(action, 50.0 + _worth(game, action.figure), Label("ar.ai.scoring", name))
    glyph = state.glyphs.get(action.place)
    if glyph is None or figure.place == action.place:
        return None  # the field, or a face-down glyph: nothing the engine can weigh
    where = ref("place", {"place": action.place, "reveal": None})
    worth = 60.0 + _glyph_worth(glyph)
    held = state.glyphs.get(figure.place)
    if held is not None and figure.place not in state.gone:
        worth -= _glyph_worth(held)  # it would leave a glyph it holds
    if worth <= 60.0:
        return None
    return Ranked(action, worth, Label("ar.ai.glyph", {**name, "place": where}))


def _card(game: Arena, state: State, action: Choose) -> Ranked:
    """How much the card's figures can do: attack dice over the weakest enemy defence, a glyph
    within their choice, and for the planeswalker the figures it may summon."""
    me = state.active
    enemies = [fid for fid in game.on_battlefield() if game.figure(fid).owner != me]
    weakest = min((_dice(game, fid)[1] for fid in enemies), default=0)
    figures = [fid for fid in game.on_battlefield(me) if game.figure(fid).card == action.card]
    worth = sum(max(0, _dice(game, fid)[0] - weakest) + 1 for fid in figures)
    walker = game.setup.army(me).planeswalker.id
    if action.card == walker:
        reserve = [
            fid for fid, fig in state.figures.items() if fig.owner == me and fig.place == "reserve"
        ]
        worth += 2 * min(2, len(reserve))
    return Ranked(action, float(worth), Label("ar.ai.card", {"card": ref("card", action.card)}))


def ranked(game: Arena) -> list[Ranked]:
    """Normal's reckoning of every action the computer may propose, best first (equal worths
    keep the engine's order)."""
    me = game.pending().seat
    state = game.state  # a copy: read once for every action weighed
    results: list[Ranked] = []
    for action in proposable(game):
        if isinstance(action, FirstTurn):
            worth = 1.0 if action.seat == me else 0.0
            results.append(Ranked(action, worth, Label("ar.ai.first")))
        elif isinstance(action, Choose):
            results.append(_card(game, state, action))
        elif isinstance(action, Summon):
            points = _worth(game, action.figure)
            reason = Label("ar.ai.summon", {"figure": ref("piece", action.figure)})
            results.append(Ranked(action, 200.0 + points, reason))
        elif isinstance(action, Attack):
            results.append(_attack(game, action))
        elif isinstance(action, Move):
            weighed = _move(game, state, action)
            if weighed is not None:
                results.append(weighed)
        elif isinstance(action, Next):
            results.append(Ranked(action, 1.0, Label("ar.ai.next")))
        elif isinstance(action, End):
            results.append(Ranked(action, 0.0, Label("ar.ai.end")))
    results.sort(key=lambda r: r.worth, reverse=True)
    return results


def evaluate(game: Arena, me: str) -> float:
    """How good the position is for ``me``'s side, by the engine's numbers: the game won or lost;
    else each figure on the battlefield by its points and the share of its life left (a
    planeswalker's life counted again when losing it loses the game), and the glyph bonuses each
    side holds."""
    side = game.setup.side(me)
    if game.is_over:
        winner = game.winner()
        return 0.0 if winner is None else WIN if winner == side else -WIN
    walker_goal = game.setup.rules.goal == "planeswalker"
    value = 0.0
    for figure in game.state.figures.values():
        if figure.place in (RESERVE, GRAVEYARD):
            continue
        sign = 1.0 if game.setup.side(figure.owner) == side else -1.0
        card = game.card(figure.card)
        left = (card.life - figure.damage) / card.life
        value += sign * card.points_per_figure * (0.5 + 0.5 * left)
        if walker_goal and card.kind == "planeswalker":
            value += sign * 40 * left
    for seat in game.seats:
        sign = 1.0 if game.setup.side(seat) == side else -1.0
        held = sum(game.glyph_bonus(seat, stat) for stat in ("power", "toughness"))
        value += sign * (10 * held + 2 * game.glyph_bonus(seat, "move"))
    return value


def guessed_roll(game: Arena, rng: random.Random, faces: tuple[int, int]) -> ArenaAction:
    """A play-out's roll: a fair d20, or the combat dice with ``faces`` (hit and shield faces of
    six) — a guess, since the companion does not know the die (see :func:`play_out`)."""
    pending = game.pending()
    if pending.kind == "first_roll":
        return FirstRoll(str(pending.seat), rng.randint(1, 20))
    hit, shield = faces
    rolled = [rng.randrange(6) for _ in range(pending.details["dice"])]
    if pending.kind == "attack_dice":
        return Hits(sum(1 for face in rolled if face < hit))
    return Shields(sum(1 for face in rolled if hit <= face < hit + shield))


def play_out(game: Arena, me: str, seed: int, deadline: float | None = None) -> float:
    """The turn played out from here to its end (or the game's), scored for ``me`` by
    :func:`evaluate`: every choice as normal makes it (its ties by a stream of their own), the
    dice drawn from ``seed``. The combat die's faces are unknown, so each seed also draws a face
    split (one to four hits of six, one or more shields, the rest blank): the play-outs of many
    seeds weigh a choice over many guesses of the die, each the same for every choice compared.
    The game is left as it was; ``OutOfTime`` past the ``deadline``."""
    dice, ties = random.Random(seed), random.Random(seed + 1)
    hit = dice.randint(1, 4)
    faces = (hit, dice.randint(1, 5 - hit))
    turn = game.turn
    with tried(game) as push:
        while not game.is_over and game.turn == turn:
            if deadline is not None and time.perf_counter() > deadline:
                raise OutOfTime
            if game.pending().kind in ROLL_KINDS:
                action = guessed_roll(game, dice, faces)
            else:
                best = ranked(game)
                top = [r for r in best if r.worth == best[0].worth]
                action = ties.choice(top).action
            push(action)
        return evaluate(game, me)


class ArenaAi:
    """One computer seat's player at a level, seeded; ``budget``: seconds a strong move may
    think (``None``: all its play-outs)."""

    def __init__(self, level: str, seed: int = 0, budget: float | None = 1.0) -> None:
        self.level = check_level(level)
        self.rng = random.Random(seed)
        self.budget = budget
        self.last_rounds = 0  # the last strong move's rounds of play-outs (0: none)

    def choose(self, game: Game) -> Choice:
        assert isinstance(game, Arena)
        if game.pending().kind in ROLL_KINDS:
            raise ValueError("the pending decision is a roll: the table's dice roll it")
        options = proposable(game)
        if not options:
            raise ValueError("the computer has nothing to propose now")
        if len(options) == 1:
            return Choice(options[0], Label("ar.ai.only"))
        if self.level == "easy":
            return Choice(self.rng.choice(options), Label("ar.ai.random"))
        best = ranked(game)
        top = [r for r in best if r.worth == best[0].worth]
        pick = top[0] if len(top) == 1 else self.rng.choice(top)
        if self.level == "strong":
            return self._played_out(game.copy(), pick, best)
        return Choice(pick.action, pick.reason)

    def _played_out(self, game: Arena, first: Ranked, best: list[Ranked]) -> Choice:
        """Normal's ``first`` choice and its next best (``PLAYOUT_WAYS`` in all), each played
        out to the end of the turn, round by round on the same dice, as many rounds as the budget
        allows up to ``PLAYOUTS``; another choice overrules the first only when
        :func:`clearly_better`."""
        me = str(game.pending().seat)
        ways = [first, *[r for r in best if r.action != first.action][: PLAYOUT_WAYS - 1]]
        seeds = [self.rng.getrandbits(64) for _ in range(PLAYOUTS)]
        self.last_rounds = 0
        if len(ways) == 1:
            return Choice(first.action, first.reason)
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        rounds = play_out_rounds(
            game,
            [way.action for way in ways],
            seeds,
            lambda after, seed: play_out(after, me, seed, deadline),
        )
        self.last_rounds = len(rounds)
        if not rounds or not (chosen := clearly_better(rounds)):
            return Choice(first.action, first.reason)
        way = ways[chosen]
        reason = Label("ar.ai.played_out", {"n": len(ways), "k": len(rounds)})
        return Choice(way.action, reason)


def arena_ai(level: str, seed: int, budget: float | None) -> ArenaAi:
    return ArenaAi(level, seed, budget)
