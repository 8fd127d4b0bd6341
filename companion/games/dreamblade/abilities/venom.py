"""Venom N (blade kinds): target local creature gets N poison points; a creature whose poison
points reach its spawn cost is destroyed (FAQ). The check is the combat's step 5, with the
damage; when poison destroys and damage disrupts the same creature, its controller's opponent
chooses which comes first — disrupted first, it is moved to an empty cell and then destroyed
(FAQ, disrupted and destroyed at once). Poisoning your own creature is allowed (any local
creature); if only your own poison destroys it, nobody scores a conquest point for it and you
get the +2 bonus (rulebook "destroying your own miniatures"). Poison leaves with the creature
and, like damage, at the end of the phase (an assumption: the seeds do not say)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import add_poison, add_self_harm

POISONED = "dreamblade.poisoned"


def _choices(use: Use) -> list[tuple[str, ...]]:
    return [(c,) for c in effects.creatures_at(use.setup, use.state, use.state.zone[use.mini])]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    events = []
    owner = use.setup.pieces[use.mini].owner
    for target in args:
        add_poison(use.state, target, use.value)
        if use.setup.pieces[target].owner == owner:  # your own creature: scores for nobody
            add_self_harm(use.state, target, "poison", use.value)
        total = use.state.keywords.poison_of(target)
        events.append(Event(POISONED, {"mini": target, "poison": total, "by": use.mini}))
    return events


VENOM = register("Venom", Hooks(choices=_choices, resolve=_resolve))
