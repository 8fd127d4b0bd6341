"""Ambush N (static): whenever an enemy enters this creature's cell, this creature attacks it with
power N (FAQ). It is a special attack: blades are misses, Inciter and Enrage do not change N
(FAQ, power modifiers), Darkheart Cottage does. Any movement but spawning is entering: shifts,
Advance, Skirmish, Lure, Swap, Teleport (FAQ, Teleport and Swap); spawning there (Reinforce or
a spawn-row cell) is not. A Bodyguard in the cell stops the damage to others (FAQ, Bodyguard)."""

from __future__ import annotations

from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect


def _on_enter(use: Use, mover: str, cell: str) -> list[Effect]:
    setup, state = use.setup, use.state
    if state.zone[use.mini] != cell or mover not in effects.enemies(setup, state, use.mini):
        return []
    return [effects.special_attack(setup, state, use.mini, use.ability, use.value, [mover])]


AMBUSH = register("Ambush", Hooks(on_enter=_on_enter))
