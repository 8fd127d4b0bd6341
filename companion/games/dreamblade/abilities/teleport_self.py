"""Teleport Self (a spawn-point cost, ``2: Teleport Self``): move this creature to target cell
that is not a portal (FAQ). It enters that cell: Ambush there triggers (FAQ, Teleport and Swap),
so does its own Charge; the stack limit holds."""

from __future__ import annotations

from companion import grid
from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    setup, state = use.setup, use.state
    portals = set(setup.dream_map.portals.values())
    return [
        (cell,)
        for cell in grid.CELLS
        if cell not in portals and effects.can_enter(setup, state, use.mini, cell)
    ]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    if not args:  # a blade activation with no cell to go to
        return []
    return effects.move(use.setup, use.state, use.mini, args[0], by="teleport-self")


TELEPORT_SELF = register("Teleport Self", Hooks(choices=_choices, resolve=_resolve))
