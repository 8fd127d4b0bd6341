"""Advance (blade kinds, or a spawn-point cost such as ``2: Advance``): you may move target
unengaged ally one cell (facts.md: Advance moves your own unengaged creatures; the mirror of the
FAQ's Skirmish). The target and its cell are chosen on activation; declining still uses the blade
(a "may" ability absorbs blades, rulebook). It is not a shift: Defender does not stop it (FAQ,
Defender), the stack limit does, and entering a cell triggers Ambush."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    setup, state = use.setup, use.state
    options: list[tuple[str, ...]] = [()]
    for ally in effects.allies(setup, state, use.mini):
        if not effects.engaged(setup, state, ally):
            options += [(effects.move_arg(ally, c),) for c in effects.steps(setup, state, ally)]
    return options


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    return effects.move_each(use.setup, use.state, args, by="advance")


ADVANCE = register("Advance", Hooks(choices=_choices, resolve=_resolve))
