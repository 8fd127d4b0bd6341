"""Manual adjustments: how the players apply the effect of an ability the engine does not
implement, right after it was used (the engine's manual window, next to ``relocate``,
``sacrifice`` and ``self-destroy``). Each is an action, so the game record keeps it.

- ``hurt <mini> <n>`` — n damage to a creature, checked like any damage (at once outside a
  strike, at step 5 inside one); damage to one of your own creatures is your own ability's, so
  if it alone destroys it, it scores like a self-destruction;
- ``eliminate <mini>`` — destroy an enemy miniature: +1 conquest point to the destroyer, +2 bonus
  spawn points to its owner (a Regenerate creature returns to its reserve instead);
- ``return <mini>`` — a miniature goes back to its owner's reserve (nothing scores);
- ``points <seat> <±n>`` — conquest points added to or taken from a seat this turn.

The players apply the rest of the effect; a ``relocate`` is a move like any other, so Ambush and
Charge trigger on it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dreamblade import board, effects, removal
from companion.games.dreamblade.actions import AdjustPoints, Eliminate, Hurt, ReturnToReserve
from companion.games.dreamblade.keyword_state import add_self_harm
from companion.games.dreamblade.state import SEATS, Setup, State, other

ADJUSTMENTS = (Hurt, Eliminate, ReturnToReserve, AdjustPoints)
MAX_ADJUSTMENT = 20  # a sanity bound on numbers typed in by players, not a rule

POINTS_ADJUSTED = "dreamblade.points_adjusted"


@dataclass(frozen=True)
class ManualAdjustments(Collection[Hurt | Eliminate | ReturnToReserve | AdjustPoints]):
    """The adjustments ``seat`` may make now (membership by rule; iteration lists them)."""

    creatures: tuple[str, ...]  # on the map, may be hurt
    enemies: tuple[str, ...]  # the opponent's miniatures on the map, may be eliminated
    on_map: tuple[str, ...]  # may be returned

    def __contains__(self, action: Any) -> bool:
        if isinstance(action, Hurt):
            return action.mini in self.creatures and 1 <= action.amount <= MAX_ADJUSTMENT
        if isinstance(action, Eliminate):
            return action.mini in self.enemies
        if isinstance(action, ReturnToReserve):
            return action.mini in self.on_map
        if isinstance(action, AdjustPoints):
            return action.seat in SEATS and 0 < abs(action.amount) <= MAX_ADJUSTMENT
        return False

    def __iter__(self) -> Iterator[Hurt | Eliminate | ReturnToReserve | AdjustPoints]:
        for mini in self.creatures:
            for amount in range(1, MAX_ADJUSTMENT + 1):
                yield Hurt(mini, amount)
        yield from (Eliminate(mini) for mini in self.enemies)
        yield from (ReturnToReserve(mini) for mini in self.on_map)
        for seat in SEATS:
            for amount in range(1, MAX_ADJUSTMENT + 1):
                yield AdjustPoints(seat, amount)
                yield AdjustPoints(seat, -amount)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def legal(setup: Setup, state: State, seat: str) -> ManualAdjustments:
    on_map = tuple(sorted(m for s in SEATS for m in board.in_play(setup, state, s)))
    return ManualAdjustments(
        creatures=tuple(m for m in on_map if setup.pieces[m].is_creature),
        enemies=tuple(m for m in on_map if setup.pieces[m].owner == other(seat)),
        on_map=on_map,
    )


def apply(
    setup: Setup, state: State, seat: str, action: Hurt | Eliminate | ReturnToReserve | AdjustPoints
) -> list[Event]:
    if action not in legal(setup, state, seat):
        raise IllegalActionError(
            f"{action} is not an adjustment seat {seat} can make now", rule="manual.adjustment"
        )
    if isinstance(action, Hurt):
        if setup.pieces[action.mini].owner == seat:  # your ability hurting your own creature
            add_self_harm(state, action.mini, "damage", action.amount)
        return effects.deal_damage(setup, state, {action.mini: action.amount})
    if isinstance(action, Eliminate):
        outcome = "return" if setup.pieces[action.mini].has("regenerates") else "destroy"
        return [removal.remove(setup, state, action.mini, outcome)]
    if isinstance(action, ReturnToReserve):
        return [removal.remove(setup, state, action.mini, "return")]
    adjustments = (*state.keywords.adjustments, (action.seat, action.amount))
    state.keywords = replace(state.keywords, adjustments=adjustments)
    return [Event(POINTS_ADJUSTED, {"seat": action.seat, "points": action.amount})]
