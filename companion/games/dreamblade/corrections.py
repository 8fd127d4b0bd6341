"""The judge's corrections: when the camera or the players got the table wrong, the judge puts the
engine's board (or a seat's conquest points) back in line with what really happened.

Notation (judge-only actions, recorded in the game record like any other action, so replay and
undo work; they are outside the flow of play, so never listed by ``legal_actions``):

======================================  ==========================================================
``correct place <mini> <cell>``         a miniature from the reserve or the graveyard is put on
                                        the map (no spawn points paid, no per-phase spawn count)
``correct move <mini> <cell>``          a miniature on the map is in another cell
``correct remove <mini> reserve``       a miniature on the map goes back to its reserve
``correct remove <mini> graveyard``     … or to its graveyard
``correct points <seat> <±n>``          conquest points added to or taken from a seat this turn
``correct modifier <mini> <stat> <±n>`` the judge's modifier to a miniature's ``power``,
                                        ``defense``, ``life`` or ``cost`` (its spawn cost) — set,
                                        not added; ``0`` clears it (``modifiers.py``)
======================================  ==========================================================

Rules kept, the simplest honest ones:

- a correction fixes the record, it is not a game event: nothing triggers (no Ambush, Charge or
  spawn ability), nothing scores (no conquest point, no bonus spawn points) and the pending
  decision stays what it was (it is worked out again from the corrected board);
- where a miniature goes must be possible on a real table: at most 4 creatures of one seat in a
  cell (the owner's portal excepted, as for spawning) and one location per cell;
- a miniature keeps its damage when moved and loses it (and its poison) when it leaves the map;
- while a combat or an ability's effect is being resolved, miniatures cannot be corrected (the
  fight works on the creatures it started with): finish the combat, or undo back before it,
  then correct. Points may be corrected at any moment;
- nothing is corrected once the game is over: undo back before its end first;
- a modifier belongs to a miniature in play (on the map; a spawn-cost modifier also in its
  reserve) and is bounded like points; it is applied before the rulebook's minimums, so it may
  take a stat below them (the stat then stays at the minimum).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from companion import grid
from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dreamblade import board, keyword_state, modifiers
from companion.games.dreamblade.spawning import MAX_CREATURES_PER_SEAT_IN_CELL
from companion.games.dreamblade.state import GRAVEYARD, RESERVE, SEATS, Setup, State
from companion.games.protocol import Action

CORRECTED = "dreamblade.corrected"
MAX_POINTS = 20  # a sanity bound on a number typed in by the judge, not a rule
DESTINATIONS = (RESERVE, GRAVEYARD)

USAGE = (
    "correct place <mini> <cell>",
    "correct move <mini> <cell>",
    "correct remove <mini> reserve|graveyard",
    "correct points <A|B> <+n|-n>",
    "correct modifier <mini> power|defense|life|cost <+n|-n|0>",
)


class Correction(Action):
    """A judge's correction (only the judge may push one; the table enforces it)."""

    judge_only: ClassVar[bool] = True


@dataclass(frozen=True)
class CorrectPlace(Correction):
    mini: str
    cell: str

    def __str__(self) -> str:
        return f"correct place {self.mini} {self.cell}"


@dataclass(frozen=True)
class CorrectMove(Correction):
    mini: str
    cell: str

    def __str__(self) -> str:
        return f"correct move {self.mini} {self.cell}"


@dataclass(frozen=True)
class CorrectRemove(Correction):
    mini: str
    to: str  # "reserve" | "graveyard"

    def __str__(self) -> str:
        return f"correct remove {self.mini} {self.to}"


@dataclass(frozen=True)
class CorrectPoints(Correction):
    seat: str
    amount: int

    def __str__(self) -> str:
        return f"correct points {self.seat} {self.amount:+d}"


@dataclass(frozen=True)
class CorrectModifier(Correction):
    mini: str
    stat: str  # one of modifiers.STATS
    amount: int  # the modifier itself (0: none)

    def __str__(self) -> str:
        return f"correct modifier {self.mini} {self.stat} {self.amount:+d}"


CORRECTIONS = (CorrectPlace, CorrectMove, CorrectRemove, CorrectPoints, CorrectModifier)


# ---- notation ----------------------------------------------------------------------------------


def parse_correction(args: list[str]) -> Correction:
    """Read the words after ``correct``; ``ValueError`` naming what was expected otherwise."""
    if not args:
        raise ValueError("expected place, move, remove, points or modifier")
    what, rest = args[0].lower(), args[1:]
    if what == "modifier":
        return _modifier(rest)
    if len(rest) != 2:
        raise ValueError(f"expected 2 arguments after {what!r}, got {len(rest)}")
    first, second = rest
    if what in ("place", "move"):
        cell = grid.check_cell(second.lower())
        return CorrectPlace(first, cell) if what == "place" else CorrectMove(first, cell)
    if what == "remove":
        if second.lower() not in DESTINATIONS:
            raise ValueError(
                f"{second!r} is not where a removed miniature goes (reserve, graveyard)"
            )
        return CorrectRemove(first, second.lower())
    if what == "points":
        return CorrectPoints(*_points(first, second))
    raise ValueError(f"{what!r} is not a correction (place, move, remove, points or modifier)")


def _modifier(args: list[str]) -> CorrectModifier:
    if len(args) != 3:
        raise ValueError(f"expected 3 arguments after 'modifier', got {len(args)}")
    mini, stat, amount = args
    if stat.lower() not in modifiers.STATS:
        raise ValueError(f"{stat!r} is not a stat ({', '.join(modifiers.STATS)})")
    digits = amount[1:] if amount[:1] in "+-" else amount
    if not digits.isdigit():
        raise ValueError(f"{amount!r} is not a whole number such as -2, +1 or 0")
    return CorrectModifier(mini, stat.lower(), int(amount))


def _points(seat: str, amount: str) -> tuple[str, int]:
    if seat.upper() not in SEATS:
        raise ValueError(f"{seat!r} is not a seat (A or B)")
    digits = amount[1:] if amount[:1] in "+-" else amount
    if not digits.isdigit():
        raise ValueError(f"{amount!r} is not a whole number such as +2 or -1")
    value = int(amount)
    if value == 0:
        raise ValueError("a change of 0 points is no change")
    return seat.upper(), value


# ---- rules -------------------------------------------------------------------------------------


def apply(setup: Setup, state: State, action: Correction) -> list[Event]:
    """Apply a correction to ``state`` (a clone); ``IllegalActionError`` when it cannot be."""
    if state.phase == "game_over":
        raise IllegalActionError(
            "the game is over: undo back before its end to correct it",
            rule="correction.game_over",
        )
    if isinstance(action, CorrectPoints):
        return _points_changed(state, action)
    if isinstance(action, CorrectModifier):
        return _modifier_set(setup, state, action)
    assert isinstance(action, CorrectPlace | CorrectMove | CorrectRemove)
    _check_no_fight(state)
    piece = setup.pieces.get(action.mini)
    if piece is None:
        raise IllegalActionError(
            f"{action.mini} is not a miniature of either warband", rule="correction.unknown_mini"
        )
    here = state.zone[action.mini]
    if isinstance(action, CorrectPlace):
        if here not in DESTINATIONS:
            raise IllegalActionError(
                f"{action.mini} is not in the reserve or the graveyard but in {here}: "
                "use correct move",
                rule="correction.place_from",
            )
        _check_room(setup, state, action.mini, action.cell)
        state.place(action.mini, action.cell)
        return [_event("place", action.mini, here, action.cell)]
    if not state.on_map(action.mini):
        raise IllegalActionError(
            f"{action.mini} is not on the map but in the {here}", rule="correction.not_on_map"
        )
    if isinstance(action, CorrectMove):
        if action.cell == here:
            raise IllegalActionError(
                f"{action.mini} is already in {here}", rule="correction.same_cell"
            )
        _check_room(setup, state, action.mini, action.cell)
        state.place(action.mini, action.cell)
        return [_event("move", action.mini, here, action.cell)]
    _take_off(state, action.mini, action.to)
    return [_event("remove", action.mini, here, action.to)]


def _check_no_fight(state: State) -> None:
    if state.combat is not None or state.keywords.effects:
        raise IllegalActionError(
            "a combat or an ability's effect is being resolved: finish it (or undo back before "
            "it), then correct the miniatures",
            rule="correction.during_combat",
        )


def _check_room(setup: Setup, state: State, mini: str, cell: str) -> None:
    piece = setup.pieces[mini]
    if not piece.is_creature:
        held = board.location_in(setup, state, cell)
        if held is not None:
            raise IllegalActionError(
                f"{cell} already holds the location {held}", rule="spawn.one_location"
            )
        return
    if cell == setup.dream_map.portals[piece.owner]:
        return  # the owner's portal takes any number of its creatures (as for spawning)
    if len(board.creatures_in(setup, state, cell, piece.owner)) >= MAX_CREATURES_PER_SEAT_IN_CELL:
        raise IllegalActionError(
            f"{cell} already holds 4 creatures of seat {piece.owner}", rule="stack_limit"
        )


def _take_off(state: State, mini: str, where: str) -> None:
    """Off the map, with nothing scored: damage, poison and used spawn abilities go with it."""
    state.damage.pop(mini, None)
    state.abilities_used = frozenset(used for used in state.abilities_used if used[0] != mini)
    keyword_state.forget(state, mini)
    modifiers.forget(state, mini)
    state.place(mini, where)


def _points_changed(state: State, action: CorrectPoints) -> list[Event]:
    if abs(action.amount) > MAX_POINTS:
        raise IllegalActionError(
            f"a correction changes a seat's points by at most {MAX_POINTS}",
            rule="correction.points",
        )
    adjustments = (*state.keywords.adjustments, (action.seat, action.amount))
    state.keywords = replace(state.keywords, adjustments=adjustments)
    return [Event(CORRECTED, {"what": "points", "seat": action.seat, "points": action.amount})]


def _modifier_set(setup: Setup, state: State, action: CorrectModifier) -> list[Event]:
    piece = setup.pieces.get(action.mini)
    if piece is None:
        raise IllegalActionError(
            f"{action.mini} is not a miniature of either warband", rule="correction.unknown_mini"
        )
    where = state.zone[action.mini]
    in_play = state.on_map(action.mini) or (action.stat == "cost" and where == RESERVE)
    if not in_play:
        allowed = "on the map or, for its cost, in its reserve"
        raise IllegalActionError(
            f"{action.mini} is not in play (it is in the {where}): a modifier belongs to a "
            f"miniature {allowed}",
            rule="correction.modifier_not_in_play",
        )
    if action.stat != "cost" and not piece.is_creature:
        raise IllegalActionError(
            f"{action.mini} is a location: only its cost can be modified",
            rule="correction.modifier_stat",
        )
    if abs(action.amount) > MAX_POINTS:
        raise IllegalActionError(
            f"a modifier is at most {MAX_POINTS} either way", rule="correction.modifier"
        )
    modifiers.set_modifier(state, action.mini, action.stat, action.amount)
    return [
        Event(
            CORRECTED,
            {"what": "modifier", "mini": action.mini, "stat": action.stat, "amount": action.amount},
        )
    ]


def _event(what: str, mini: str, origin: str, to: str) -> Event:
    return Event(CORRECTED, {"what": what, "mini": mini, "from": origin, "to": to})
