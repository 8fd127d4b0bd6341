"""Dissipate (blade kinds): target opponent disrupts this creature (FAQ). It is recorded, the
creature stays in the cell until step 7 of the combat, where the opponent moves it to an empty
cell like any disruption; deathblow damage given to it meanwhile is lost with the disruption
(FAQ, when does Dissipate disrupt)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    effects.mark(use.state, use.mini, "disrupt")
    return []


DISSIPATE = register("Dissipate", Hooks(resolve=_resolve))
