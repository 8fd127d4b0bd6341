"""Regenerate (static): when destroyed it returns to its owner's reserve instead — no deathblow,
no bonus spawn points, no conquest point (FAQ, Regenerate). Sacrifice still sends it to the
graveyard."""

from companion.games.dreamblade.abilities import Activation, Keyword, register

REGENERATE = register(
    Keyword(
        name="Regenerate",
        parameter="none",
        activations=frozenset({Activation.STATIC}),
        regenerates=True,
    )
)
