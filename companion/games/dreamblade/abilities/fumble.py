"""Fumble N (blade): subtracts N from this combat's damage; the total never goes below 0
(rulebook "minimums": damage ≥ 0 after all modifiers)."""

from companion.games.dreamblade.abilities import BLADE_ACTIVATIONS, BladeEffect, Keyword, register

FUMBLE = register(
    Keyword(
        name="Fumble",
        parameter="number",
        activations=BLADE_ACTIVATIONS,
        on_blade=lambda value: BladeEffect(damage_bonus=-value),
    )
)
