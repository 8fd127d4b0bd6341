"""Wail (blade kinds): roll the two initiative dice and add them; every creature whose spawn
cost equals the sum returns to its owner's reserve (FAQ, Screambent Lunatic). The spawn cost is
the printed number only, without aspect symbols (a sum of 9 returns the Lunatic itself).
Returning directly by a blade ability happens at once (FAQ combat step 3). The two dice are
entered with the blade: ``blade <mini> wail 4 5``."""

from __future__ import annotations

from companion.events import Event
from companion.games.dreamblade import board, removal
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register

INITIATIVE_DIE = range(1, 7)


def _choices(use: Use) -> list[tuple[str, ...]]:
    return [(str(a), str(b)) for a in INITIATIVE_DIE for b in INITIATIVE_DIE if a <= b]


def _resolve(use: Use, args: tuple[str, ...]) -> list[Event]:
    setup, state = use.setup, use.state
    total = sum(int(die) for die in args)
    hit = [
        mini
        for seat in ("A", "B")
        for mini in sorted(board.in_play(setup, state, seat))
        if setup.pieces[mini].is_creature and setup.pieces[mini].mini.spawn_cost == total
    ]
    return [removal.remove(setup, state, mini, "return") for mini in hit]


WAIL = register("Wail", Hooks(choices=_choices, resolve=_resolve))
