"""Suppress (a spawn-point cost or when spawned): name a miniature in the opponent's reserve;
miniatures with that name cannot be spawned this turn (facts.md, SOLID: the card text quoted by
iogioco). Its activation symbol is not known, so only a line printing one (``0: Suppress``,
``when spawned: Suppress``) is applied; a bare ``Suppress`` stays manual."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect
from companion.games.dreamblade.state import RESERVE, other


def _nameable(use: Use) -> list[str]:
    """One reserve piece of the opponent per catalog entry (naming it names them all)."""
    opponent = other(use.setup.pieces[use.mini].owner)
    first: dict[str, str] = {}
    for piece in use.setup.seat_pieces(opponent):
        if use.state.zone[piece.id] == RESERVE:
            first.setdefault(piece.mini.id, piece.id)
    return sorted(first.values())


def _choices(use: Use) -> list[tuple[str, ...]]:
    return [(piece,) for piece in _nameable(use)]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    return [e for named in args for e in effects.suppress(use.setup, use.state, use.mini, named)]


def _on_spawned(use: Use) -> list[Event]:
    owner = use.setup.pieces[use.mini].owner
    options = tuple(_nameable(use))
    cell = use.state.zone[use.mini]
    choice = Effect("suppress", owner, use.mini, use.ability.slug, cell, options=options)
    return effects.queue(use.setup, use.state, [choice])


SUPPRESS = register("Suppress", Hooks(choices=_choices, resolve=_resolve, on_spawned=_on_spawned))
