"""Enrage N (static): your allies in this creature's cell and in the cells next to it get +N
power (FAQ); not this creature itself (it is not its own ally). Strike attacks and deathblows
only, never special attacks (FAQ, power modifiers)."""

from __future__ import annotations

from companion import grid
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _aura(use: Use, creature: str) -> int:
    state = use.state
    here = state.zone[use.mini]
    near = state.zone[creature] == here or state.zone[creature] in grid.orthogonal_neighbours(here)
    return use.value if near and creature in effects.allies(use.setup, state, use.mini) else 0


ENRAGE = register("Enrage", Hooks(power_aura=_aura))
