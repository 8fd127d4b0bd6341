"""Crit N (blade): adds N to this combat's damage (FAQ combat step 3: tallied now, assigned
with the rest of the damage at step 4)."""

from companion.games.dreamblade.abilities import BLADE_ACTIVATIONS, BladeEffect, Keyword, register

CRIT = register(
    Keyword(
        name="Crit",
        parameter="number",
        activations=BLADE_ACTIVATIONS,
        on_blade=lambda value: BladeEffect(damage_bonus=value),
    )
)
