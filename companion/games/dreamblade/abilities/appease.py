"""Appease (``when spawned: Appease``): when this creature enters play, sacrifice one of your
creatures (FAQ). Nothing is simultaneous: it enters first, then the sacrifice is chosen — if it
is your only creature, it is sacrificed itself (FAQ, Appease)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import board, effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect


def _on_spawned(use: Use) -> list[Event]:
    setup, state = use.setup, use.state
    owner = setup.pieces[use.mini].owner
    own = sorted(m for m in board.in_play(setup, state, owner) if setup.pieces[m].is_creature)
    choice = Effect(
        "sacrifice", owner, use.mini, use.ability.slug, state.zone[use.mini], options=tuple(own)
    )
    return effects.queue(setup, state, [choice])


APPEASE = register("Appease", Hooks(on_spawned=_on_spawned))
