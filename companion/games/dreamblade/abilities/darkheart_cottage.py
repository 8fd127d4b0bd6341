"""Darkheart Cottage (a location's ability): every attack its controller makes in its cell gets
+1 power (one more die) per unengaged creature that player controls (FAQ, Darkheart Cottage).
Added once per attack, not per attacker; to every kind of attack made in the cell — strikes,
deathblows, Ambush, Assault, Charge, Strikeback, and a Warpstrike made from the cell wherever its
target is."""

from __future__ import annotations

from companion.games.dreamblade import board
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _bonus(use: Use, seat: str, cell: str) -> int:
    setup, state = use.setup, use.state
    if seat != setup.pieces[use.mini].owner or state.zone[use.mini] != cell:
        return 0
    engaged = board.engaged_creatures(setup, state)
    mine = board.in_play(setup, state, seat)
    return sum(1 for m in mine if setup.pieces[m].is_creature and m not in engaged)


DARKHEART_COTTAGE = register("Darkheart Cottage", Hooks(attack_bonus=_bonus))
