"""Warpstrike N (blade kinds): attack target non-local enemy with power N. Double Warpstrike N
(double blade): two different non-local enemy targets, one attack each; with a single target it
makes the one attack it can (FAQ, too few targets). Special attacks: blades are misses, Inciter
and Enrage do not apply, Darkheart Cottage in the Warpstriker's cell does (FAQ), a Bodyguard by
the target stops the damage (FAQ, Bodyguard). The damage waits for step 5 of the combat, and a
creature it destroys in the first player's action phase makes its deathblow in its own cell
(FAQ, Warpstrike)."""

from __future__ import annotations

from itertools import combinations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _targets(use: Use) -> list[str]:
    here = use.state.zone[use.mini]
    return [e for e in effects.enemies(use.setup, use.state, use.mini) if use.state.zone[e] != here]


def _single(use: Use) -> list[tuple[str, ...]]:
    return [(target,) for target in _targets(use)]


def _double(use: Use) -> list[tuple[str, ...]]:
    targets = _targets(use)
    return list(combinations(targets, 2)) if len(targets) > 1 else _single(use)


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    attacks = [
        effects.special_attack(use.setup, use.state, use.mini, use.ability, use.value, [target])
        for target in args
    ]
    return effects.queue(use.setup, use.state, attacks)


WARPSTRIKE = register("Warpstrike", Hooks(choices=_single, resolve=_resolve))

DOUBLE_WARPSTRIKE = register("Double Warpstrike", Hooks(choices=_double, resolve=_resolve))
