"""Tantrum (blade kinds): sacrifice a creature in this creature's cell — one of yours, this one
included (a player sacrifices only their own miniatures: rulebook "destroying your own
miniatures"). It happens at once: a sacrificed attacker takes no more blades (FAQ, Tantrum)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    owner = use.setup.pieces[use.mini].owner
    return [
        (c,) for c in effects.creatures_at(use.setup, use.state, use.state.zone[use.mini], owner)
    ]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    return [e for target in args for e in effects.sacrifice(use.setup, use.state, target)]


TANTRUM = register("Tantrum", Hooks(choices=_choices, resolve=_resolve))
