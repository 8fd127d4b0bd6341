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
from companion.games.dreamblade.abilities import Activation, Keyword, Use, register


def _aura(use: Use, creature: str) -> int:
    assert use.ability.type is not None
    setup = use.setup
    ally = creature in effects.allies(setup, use.state, use.mini)
    return use.value if ally and setup.pieces[creature].is_of_type(use.ability.type) else 0


BOLSTER = register(
    Keyword(
        name="Bolster",
        parameter="type number",
        activations=frozenset({Activation.STATIC}),
        assumed="LIKELY source (a review's summary of Sir Glorious: +2 defense to Janus "
        "allies): read as `Bolster <type> N`; every other creature of its controller of that "
        "type in the dreamscape, not itself; while both are in play; two add up.",
        assumed_ja="出典は確からしいという程度です(Sir Gloriousのレビューの要約に、Janusの味方の"
        "ディフェンスが2上がるとあります)。`Bolster <種類> N`として読み、同じコントローラーの"
        "ドリームスケープにいるその種類のほかのクリーチャーに効きます(自分自身には効きません)。"
        "両方がプレイ中のあいだだけ有効で、2つあれば足し合わせます。",
        defense_aura=_aura,
    )
)
