"""Bloodthirsty (static): if this creature attacked and no enemy was destroyed by the end of the
combat, sacrifice it (FAQ). Any enemy destroyed in the combat counts, wherever (a Warpstrike
kill does); a Regenerate creature returning to its reserve was not destroyed (FAQ, Bloodthirsty).
Checked once, at the combat's step 10."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect
from companion.games.dreamblade.state import other


def _end_of_combat(use: Use) -> tuple[list[Event], list[Effect]]:
    setup, state = use.setup, use.state
    fight = state.combat
    if fight is None or use.mini not in fight.attackers:
        return [], []
    enemy = other(setup.pieces[use.mini].owner)
    if effects.removed_in_combat(setup, state, enemy, ("destroy",)):
        return [], []
    return effects.sacrifice(setup, state, use.mini), []


BLOODTHIRSTY = register("Bloodthirsty", Hooks(end_of_combat=_end_of_combat))
