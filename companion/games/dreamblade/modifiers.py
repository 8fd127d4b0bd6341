"""Modifiers a judge enters for what a card does that the engine does not apply itself (a card
lowering a creature's life or a miniature's spawn cost, raising its power…).

Each is a whole number added to one stat of one miniature — ``power``, ``defense``, ``life`` or
``cost`` (the spawn cost) — kept in ``State.modifiers`` and recorded as the judge's correction
``correct modifier <mini> <stat> <±n>`` (0 clears it). A stat is always recomputed in full from
the printed value, every modifier (the abilities' auras and the judge's) and only then the
rulebook's minimum ("minimums after all modifiers, recomputed in full each time"): power and cost
at least 0, defense and life at least 1.

A modifier belongs to a miniature in play: power, defense and life to one on the map, the spawn
cost also to one in its reserve (what spawning it costs). It leaves with the miniature: a
miniature that leaves the map and comes back is a new one.
"""

from __future__ import annotations

from companion.games.dreamblade.state import State

STATS = ("power", "defense", "life", "cost")
MINIMUM = {"power": 0, "defense": 1, "life": 1, "cost": 0}


def of(state: State, mini: str, stat: str) -> int:
    """The judge's modifier to ``stat`` of ``mini`` (0 when none)."""
    return sum(n for m, s, n in state.modifiers if m == mini and s == stat)


def applied(value: int, stat: str) -> int:
    """A stat after all its modifiers, with the rulebook's minimum."""
    return max(MINIMUM[stat], value)


def set_modifier(state: State, mini: str, stat: str, amount: int) -> None:
    rest = tuple((m, s, n) for m, s, n in state.modifiers if (m, s) != (mini, stat))
    state.modifiers = tuple(sorted(rest + (((mini, stat, amount),) if amount else ())))


def forget(state: State, mini: str) -> None:
    """The miniature left the map: its modifiers go with it."""
    if any(m == mini for m, _, _ in state.modifiers):
        state.modifiers = tuple(entry for entry in state.modifiers if entry[0] != mini)
