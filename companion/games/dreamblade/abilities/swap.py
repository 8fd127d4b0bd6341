"""Swap (blade kinds): you may exchange this creature's cell with target non-local ally's (FAQ).
Both enter their new cells: Ambush there triggers (FAQ, Teleport and Swap); Defender does not
stop it (FAQ, Defender)."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _choices(use: Use) -> list[tuple[str, ...]]:
    here = use.state.zone[use.mini]
    allies = effects.allies(use.setup, use.state, use.mini)
    return [(), *((ally,) for ally in allies if use.state.zone[ally] != here)]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    if not args or not use.state.on_map(use.mini):
        return []
    return effects.swap(use.setup, use.state, use.mini, args[0], by="swap")


SWAP = register("Swap", Hooks(choices=_choices, resolve=_resolve))
