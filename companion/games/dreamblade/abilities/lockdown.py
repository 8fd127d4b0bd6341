"""Lockdown (``when spawned: Lockdown``): choose a cell; no creature may shift out of it this
turn (facts.md, LIKELY: pojo's review of Lockjaw). Only shifting is stopped; moves by abilities
still happen."""

from __future__ import annotations

from companion import grid
from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect


def _on_spawned(use: Use) -> list[Event]:
    owner = use.setup.pieces[use.mini].owner
    cell = use.state.zone[use.mini]
    choice = Effect("lockdown", owner, use.mini, use.ability.slug, cell, options=grid.CELLS)
    return effects.queue(use.setup, use.state, [choice])


LOCKDOWN = register("Lockdown", Hooks(on_spawned=_on_spawned))
