"""Defender (static): when its owner shifts, it may not move into a cell holding an enemy
creature; other movement may put it there (FAQ, Defender)."""

from companion.games.dreamblade.abilities import Activation, Keyword, register

DEFENDER = register(
    Keyword(
        name="Defender",
        parameter="none",
        activations=frozenset({Activation.STATIC}),
        no_shift_into_enemies=True,
    )
)
