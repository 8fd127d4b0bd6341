"""Planechase's set-up form on the panel: the players in turn order, the first, a shared deck or
one per player, virtual decks; what it offers (``setup_options``)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games.protocol import Game
from companion.settings import SeatSettings
from web_panel.api import Refused
from web_panel.other_game_setup import (
    Prepared,
    _mapping,
    _names,
    _refused,
)

if TYPE_CHECKING:
    from web_panel.panel import Panel


def planechase_game(data: object) -> Game:
    """``{"players": [seat…] (turn order), "first": seat, "shared": bool, "decks": {owner: [plane
    id…]}, "virtual": bool}``. A shared deck with no list is every built-in plane; ``virtual``:
    the companion shuffles the decks and only the top plane can come up."""
    from companion.games.planechase.game import Planechase
    from companion.games.planechase.planes import load_planes
    from companion.games.planechase.setup import SHARED, Setup, shuffled

    setup = _mapping(data, "'planechase'")
    players = _names(setup.get("players"), "'players'")
    first = setup.get("first", players[0] if players else None)
    if not isinstance(first, str):
        raise Refused(400, "setup", "'first' must name the first player")
    shared = setup.get("shared", False)
    virtual = setup.get("virtual", False)
    if not isinstance(shared, bool) or not isinstance(virtual, bool):
        raise Refused(400, "setup", "'shared' and 'virtual' must be true or false")
    given = setup.get("decks")
    if shared and given is None:
        given = {SHARED: [plane.id for plane in load_planes()]}
    decks = {
        str(owner): tuple(_names(deck, f"deck {owner}"))
        for owner, deck in _mapping(given, "'decks'").items()
    }
    if shared != (SHARED in decks):
        raise Refused(400, "setup", "a shared game has the one deck 'shared'; else one per player")
    try:
        if virtual:
            decks = shuffled(decks, secrets.randbelow(2**31))
        return Planechase(Setup(tuple(players), decks, first, ordered=virtual))
    except ValueError as exc:
        raise _refused(exc) from None


def setup_form(panel: Panel, part: object, seats: Mapping[str, SeatSettings]) -> Prepared | None:
    """The game of the set-up request's part (``None`` without one: the ready-made setup)."""
    return None if part is None else Prepared(planechase_game(part))


def setup_options(panel: Panel) -> dict[str, Any]:
    """What the form offers: the players' range, the decks' minimums and the planes."""
    from companion.games.planechase.planes import load_planes
    from companion.games.planechase.setup import (
        MAX_PLAYERS,
        MIN_OWN_DECK,
        MIN_PLAYERS,
        shared_deck_minimum,
    )

    return {
        "players": [MIN_PLAYERS, MAX_PLAYERS],
        "own_deck_minimum": MIN_OWN_DECK,
        "shared_deck_minimum": {
            str(n): shared_deck_minimum(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        },
        "planes": [
            {"id": p.id, "name": p.name, "number": p.number, "status": p.status}
            for p in load_planes()
        ],
    }
