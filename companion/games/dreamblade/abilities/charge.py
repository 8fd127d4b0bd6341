"""Charge N (static): whenever this creature enters a cell holding an enemy, it attacks target
local enemy with power N (FAQ). A special attack (blades are misses; Inciter and Enrage do not
apply). Entering a cell with an Ambush creature triggers both at once: the phase player's attack
first, then the other's, and the damage is checked after both (FAQ, Charge and Ambush)."""

from __future__ import annotations

from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect


def _on_enter(use: Use, mover: str, cell: str) -> list[Effect]:
    setup, state = use.setup, use.state
    targets = effects.local_enemies(setup, state, use.mini)
    if mover != use.mini or not targets:
        return []
    return [effects.special_attack(setup, state, use.mini, use.ability, use.value, targets)]


CHARGE = register("Charge", Hooks(on_enter=_on_enter))
