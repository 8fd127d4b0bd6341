"""Call (static): once a turn, while this creature stands on one of its owner's scoring cells,
its owner may spawn a miniature from their graveyard into a cell next to it by paying that
miniature's cost (facts.md, LIKELY, not SOLID: a review of Baxar the Soul-Stitcher; the printed
text is not known).

How the engine applies it (assumptions where the summary is silent):
- it is used like a spawn ability: in its owner's spawn phase, the only time spawn points exist,
  once per spawn phase (one per turn, as each player has one spawn phase a turn); the scoring-cell
  condition is that of the FAQ's scoring-symbol spawn abilities (a contested scoring cell will do);
  ``ability <mini> call <graveyard mini>><cell>``;
- the cost is the called miniature's spawn cost with its aspect cost, as any spawn; a miniature
  Suppress names cannot be called ("can't" beats "can");
- "next to him" is one of the four orthogonally adjacent cells; the stack limit holds, and so does
  the limit of four creatures spawned into one cell per spawn phase; the spawn row and column
  conditions do not apply (the ability says where);
- only creatures are called: the summary does not say how a location (which needs a creature of
  its owner in its cell) would be placed; the graveyard holds destroyed and sacrificed miniatures;
- the called miniature is spawned: its when-spawned abilities trigger, Ambush does not;
- with a Call line whose activation is printed differently, the miniature stays manual.
"""

from __future__ import annotations

from companion import events as ev
from companion import grid
from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dreamblade import board, effects, spawning
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.state import GRAVEYARD


def _cost(use: Use, mini: str) -> int | None:
    """What calling ``mini`` costs now; ``None`` when it cannot be spawned at all."""
    setup, state = use.setup, use.state
    if setup.pieces[mini].mini.id in state.keywords.suppressed:
        return None
    try:
        return spawning.spawn_cost(setup, state, setup.pieces[mini].owner, mini)
    except IllegalActionError:  # unknown stats
        return None


def _cells(use: Use) -> list[str]:
    setup, state = use.setup, use.state
    owner = setup.pieces[use.mini].owner
    return [
        cell
        for cell in sorted(grid.orthogonal_neighbours(state.zone[use.mini]))
        if len(board.creatures_in(setup, state, cell, owner))
        < spawning.MAX_CREATURES_PER_SEAT_IN_CELL
        and state.spawned_into.get(cell, 0) < spawning.MAX_SPAWNS_PER_CELL_PER_PHASE
    ]


def _choices(use: Use) -> list[tuple[str, ...]]:
    setup, state = use.setup, use.state
    owner = setup.pieces[use.mini].owner
    if state.zone[use.mini] not in setup.dream_map.scoring_cells(owner):
        return []
    called = []
    for piece in setup.seat_pieces(owner):
        if state.zone[piece.id] == GRAVEYARD and piece.is_creature:
            cost = _cost(use, piece.id)
            if cost is not None and cost <= state.spawn_points:
                called.append(piece.id)
    return [(effects.move_arg(m, cell),) for m in called for cell in _cells(use)]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    setup, state = use.setup, use.state
    mini, cell = effects.read_move(args[0])
    cost = _cost(use, mini)
    assert cost is not None
    state.spawn_points -= cost
    state.place(mini, cell)
    state.spawned_into[cell] = state.spawned_into.get(cell, 0) + 1
    owner = setup.pieces[mini].owner
    spawned = Event(
        ev.SPAWNED, {"mini": mini, "cell": cell, "seat": owner, "cost": cost, "by": use.mini}
    )
    return [spawned, *effects.spawned(setup, state, mini)]


CALL = register("Call", Hooks(choices=_choices, resolve=_resolve))
