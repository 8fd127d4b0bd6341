"""Strikeback N (static): in the opponent's action phase, when enemies in its cell attacked and
disrupted or destroyed none of your creatures, it attacks target local enemy with power N (FAQ).
It is an end-of-combat effect (step 10), once per combat even if the opponent made several
attacks; what counts is being in the cell when the attack was made, so it triggers even if it was
moved out during the combat. After it, the combat goes back to step 5 (FAQ, Strikeback)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect


def _end_of_combat(use: Use) -> tuple[list[Event], list[Effect]]:
    setup, state = use.setup, use.state
    owner = setup.pieces[use.mini].owner
    if owner == state.phase_seat or use.mini not in state.keywords.present:
        return [], []
    if effects.removed_in_combat(setup, state, owner, ("disrupt", "destroy")):
        return [], []
    targets = effects.local_enemies(setup, state, use.mini)
    if not targets:
        return [], []
    return [], [effects.special_attack(setup, state, use.mini, use.ability, use.value, targets)]


STRIKEBACK = register("Strikeback", Hooks(end_of_combat=_end_of_combat))
