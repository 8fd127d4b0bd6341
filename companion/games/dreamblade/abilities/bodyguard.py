"""Bodyguard (static): no damage to a non-Bodyguard ally in its cell until every Bodyguard there
has enough to be disrupted or destroyed; applies to every kind of attack (FAQ, Bodyguard)."""

from companion.games.dreamblade.abilities import Activation, Keyword, register

BODYGUARD = register(
    Keyword(
        name="Bodyguard", parameter="none", activations=frozenset({Activation.STATIC}), guards=True
    )
)
