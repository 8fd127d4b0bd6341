"""Petrify (double blade): the opponent destroys one of their creatures in this creature's cell,
of their choice (facts.md, LIKELY: pojo's review of Medusa). It is destroyed by your ability,
so it scores like any destruction (rulebook: only your own ability destroying your own miniature
scores nothing); recorded now, carried out at step 7 of the combat (FAQ combat step 3)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect
from companion.games.dreamblade.state import other


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    setup, state = use.setup, use.state
    opponent = other(setup.pieces[use.mini].owner)
    cell = state.zone[use.mini]
    victims = tuple(effects.creatures_at(setup, state, cell, opponent))
    choice = Effect("destroy", opponent, use.mini, use.ability.slug, cell, options=victims)
    return effects.queue(setup, state, [choice])


PETRIFY = register("Petrify", Hooks(resolve=_resolve))
