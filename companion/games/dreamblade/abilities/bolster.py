"""Bolster [type] N (static): every allied creature of that type gets +N defense.

Source: facts.md, LIKELY, not SOLID — a review of Sir Glorious summarises his ability as
"Bolster (+2 Defense to Janus allies)"; the printed text is not known. What the engine assumes:
- the line reads ``Bolster <type> N`` (a type as for Reinforce: an aspect or a lineage); the bare
  ``Bolster`` of a catalog entry stays manual;
- "allies" are the other creatures its controller has in the dreamscape, anywhere on the map
  (the summary names no range), never the Bolster creature itself (a creature is not its own
  ally, as for Enrage) nor a location;
- the bonus holds while both are in the dreamscape and is recomputed each time defense is read
  (rulebook: a presence bonus ends the moment the presence does); two Bolsters add up.
"""

from __future__ import annotations

from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _aura(use: Use, creature: str) -> int:
    assert use.ability.type is not None
    setup = use.setup
    ally = creature in effects.allies(setup, use.state, use.mini)
    return use.value if ally and setup.pieces[creature].is_of_type(use.ability.type) else 0


BOLSTER = register("Bolster", Hooks(defense_aura=_aura))
