"""Reinforce [type] (static): it may be spawned into a cell holding an ally of that type — an
aspect (Valor…) or a lineage; a location is not an ally (FAQ, spawning)."""

from companion.games.dreamblade.abilities import Activation, Keyword, register

REINFORCE = register(
    Keyword(
        name="Reinforce",
        parameter="type",
        activations=frozenset({Activation.STATIC}),
        spawns_beside_type=True,
    )
)
