"""Arena of the Planeswalkers' computer player (``companion.games.ai_seat``): two levels over what
the engine itself knows, never a card value or a die's face of its own.

- ``easy``: a random legal action among those the computer may propose (:func:`proposable`);
- ``normal``: the best next step by the engine's own numbers (:func:`ranked`): an attack that can
  destroy its target (a planeswalker first), else the one with most attack dice over the
  target's defence dice; a summon of the reserve figure worth most points; a move onto a
  face-up glyph spot (its bonus) or onto a scoring space when the scenario counts those; the
  army card whose figures can do most; the turn ended only when nothing useful is left.

What the computer never proposes (:func:`proposable`): a roll (the d20, hits, shields, the one
die for leaving an engagement or a fall: the table's dice or the players roll those), what a
face-down glyph turns out to be (the players see it), height advantage (the players judge it),
and the spells' and abilities' damage, healing and returns (it holds no spell cards). The
combat die's faces are unknown to the companion (``data/combat_die.yaml``), so no level weighs
an attack by its odds: the dice counts order the attacks, which any face split keeps in order.

A choice comes with its reason as a message key and parameters (``ar.ai.*`` in Arena's
catalogs). The player is seeded: the same seed and game give the same choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.ai_seat import Choice, check_level
from companion.games.arena.actions import (
    ArenaAction,
    Attack,
    Choose,
    End,
    FirstTurn,
    Move,
    Next,
    Summon,
)
from companion.games.arena.data_files import glyphs
from companion.games.arena.game import Arena
from companion.games.arena.setup import SCORING
from companion.games.protocol import Game, Label, ref

ROLL_KINDS = frozenset({"first_roll", "attack_dice", "defence_dice"})
LEVELS = ("easy", "normal")  # the levels built for Arena (strong: not yet)


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


def _move(game: Arena, action: Move) -> Ranked | None:
    figure = game.figure(action.figure)
    name = {"figure": ref("piece", action.figure)}
    state = game.state
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


def _card(game: Arena, action: Choose) -> Ranked:
    """How much the card's figures can do: attack dice over the weakest enemy defence, a glyph
    within their choice, and for the planeswalker the figures it may summon."""
    me = game.state.active
    enemies = [fid for fid in game.on_battlefield() if game.figure(fid).owner != me]
    weakest = min((_dice(game, fid)[1] for fid in enemies), default=0)
    figures = [fid for fid in game.on_battlefield(me) if game.figure(fid).card == action.card]
    worth = sum(max(0, _dice(game, fid)[0] - weakest) + 1 for fid in figures)
    walker = game.setup.army(me).planeswalker.id
    if action.card == walker:
        reserve = [
            fid
            for fid, fig in game.state.figures.items()
            if fig.owner == me and fig.place == "reserve"
        ]
        worth += 2 * min(2, len(reserve))
    return Ranked(action, float(worth), Label("ar.ai.card", {"card": ref("card", action.card)}))


def ranked(game: Arena) -> list[Ranked]:
    """Normal's reckoning of every action the computer may propose, best first (equal worths
    keep the engine's order)."""
    me = game.pending().seat
    results: list[Ranked] = []
    for action in proposable(game):
        if isinstance(action, FirstTurn):
            worth = 1.0 if action.seat == me else 0.0
            results.append(Ranked(action, worth, Label("ar.ai.first")))
        elif isinstance(action, Choose):
            results.append(_card(game, action))
        elif isinstance(action, Summon):
            points = _worth(game, action.figure)
            reason = Label("ar.ai.summon", {"figure": ref("piece", action.figure)})
            results.append(Ranked(action, 200.0 + points, reason))
        elif isinstance(action, Attack):
            results.append(_attack(game, action))
        elif isinstance(action, Move):
            weighed = _move(game, action)
            if weighed is not None:
                results.append(weighed)
        elif isinstance(action, Next):
            results.append(Ranked(action, 1.0, Label("ar.ai.next")))
        elif isinstance(action, End):
            results.append(Ranked(action, 0.0, Label("ar.ai.end")))
    results.sort(key=lambda r: r.worth, reverse=True)
    return results


class ArenaAi:
    """One computer seat's player at a level, seeded; ``budget`` is unused (no level searches
    ahead yet)."""

    def __init__(self, level: str, seed: int = 0, budget: float | None = 1.0) -> None:
        level = check_level(level)
        if level not in LEVELS:
            raise ValueError(f"Arena's computer player plays {' or '.join(LEVELS)}, not {level}")
        self.level = level
        self.rng = random.Random(seed)
        self.budget = budget

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
        return Choice(pick.action, pick.reason)


def arena_ai(level: str, seed: int, budget: float | None) -> ArenaAi:
    return ArenaAi(level, seed, budget)
