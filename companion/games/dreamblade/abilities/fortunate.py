"""Fortunate N (static): each time its creature attacks, reroll up to N attack dice; two
Fortunate abilities are two separate rerolls, one after the other (FAQ, Fortunate)."""

from companion.games.dreamblade.abilities import Activation, Keyword, register

FORTUNATE = register(
    Keyword(
        name="Fortunate",
        parameter="number",
        activations=frozenset({Activation.STATIC}),
        rerolls=True,
    )
)
