"""Ambition X (scoring): if this creature claims a scoring cell this turn — it stands on one of
its owner's scoring cells with no enemy there — its owner scores X more conquest points (facts.md,
SOLID: the card text quoted by iogioco)."""

from __future__ import annotations

from companion.games.dreamblade import conquest
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _bonus(use: Use) -> int:
    owner = use.setup.pieces[use.mini].owner
    claimed = conquest.claims(use.setup, use.state).get(use.state.zone[use.mini])
    return use.value if claimed == owner else 0


AMBITION = register("Ambition", Hooks(conquest_bonus=_bonus))
