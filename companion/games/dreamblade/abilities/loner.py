"""Loner (static): it may not attack together with other creatures; it may make a deathblow only
when it is the only creature making one in that attack (FAQ, Loner)."""

from companion.games.dreamblade.abilities import Activation, Keyword, register

LONER = register(
    Keyword(
        name="Loner",
        parameter="none",
        activations=frozenset({Activation.STATIC}),
        attacks_alone=True,
    )
)
