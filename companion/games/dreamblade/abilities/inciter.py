"""Inciter N (static): enemies in this creature's cell get +N power (FAQ). Power changes count
for strike attacks and deathblows only, never for special attacks whose power an ability gives
(FAQ: a Fleshless Reaper incited to power 1 still Ambushes with power 6). The bonus lasts while
they share the cell (rulebook, ability duration)."""

from __future__ import annotations

from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _aura(use: Use, creature: str) -> int:
    return use.value if creature in effects.local_enemies(use.setup, use.state, use.mini) else 0


INCITER = register("Inciter", Hooks(power_aura=_aura))
