"""Fracture X (blade kinds): target opponent disrupts this creature, and you get X more blades
for this attack; they cannot be used outside combat nor in deathblows (facts.md, SOLID: the Night
Fusion FAQ). The disruption is recorded and carried out at step 7, like Dissipate's; the blades
go to blade abilities now, one at a time, with the attack's other blades."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    effects.mark(use.state, use.mini, "disrupt")
    effects.add_blades(use.state, use.value)
    return []


FRACTURE = register("Fracture", Hooks(resolve=_resolve))
