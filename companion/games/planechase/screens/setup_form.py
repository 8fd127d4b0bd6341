"""Planechase's set-up form on the panel: the players in turn order, the first, a shared deck or
one per player, virtual decks; what it offers (``setup_options``: the planes by the names the
table's players typed); its own request is ``routes`` (``/api/setup/plane_name``: the name printed
on the players' card for a plane the companion has not confirmed)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.errors import DataFileError
from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.catalog import TableCatalog
from web_panel.api import Refused, body
from web_panel.other_game_setup import (
    Prepared,
    _mapping,
    _names,
    _refused,
)
from web_panel.panel import current_panel
from web_panel.setup_rights import entered_by
from web_panel.table_catalog_api import refused_entry

if TYPE_CHECKING:
    from web_panel.panel import Panel


routes = Blueprint("planechase_setup", __name__, url_prefix="/api/setup")


def typed_plane_names(catalog: TableCatalog) -> dict[str, str]:
    """Plane id → the name the table's players typed from their card for it."""
    from companion.games.planechase.table_entries import GAME, PLANE, typed_names

    return typed_names([entry.data for entry in catalog.entries(GAME, PLANE)])


def planechase_game(data: object, typed: Mapping[str, str] | None = None) -> Game:
    """``{"players": [seat…] (turn order), "first": seat, "shared": bool, "decks": {owner: [plane
    id…]}, "virtual": bool}``. A shared deck with no list is every built-in plane; ``virtual``:
    the companion shuffles the decks and only the top plane can come up. ``typed``: the plane
    names the table's players typed from their cards, which the game calls those planes by."""
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
        typed_names = dict(typed or {})
        return Planechase(Setup(tuple(players), decks, first, virtual, typed_names=typed_names))
    except ValueError as exc:
        raise _refused(exc) from None


def setup_form(panel: Panel, part: object, seats: Mapping[str, SeatSettings]) -> Prepared | None:
    """The game of the set-up request's part (``None`` without one: the ready-made setup)."""
    if part is None:
        return None
    return Prepared(planechase_game(part, typed_plane_names(panel.table_catalog)))


def setup_options(panel: Panel) -> dict[str, Any]:
    """What the form offers: the players' range, the decks' minimums and the planes (by the
    names the table's players typed)."""
    from companion.games.planechase.planes import catalog
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
            for p in catalog((), typed_plane_names(panel.table_catalog)).values()
        ],
    }


@routes.post("/plane_name")
def type_plane_name() -> ResponseReturnValue:
    """The name printed on the players' card for a plane whose name the companion has not
    confirmed (``{"plane": id, "name": …}``): kept in the table catalog as entered by this
    phone's player; games set up from then on call the plane by it."""
    from companion.games.planechase.table_entries import GAME, PLANE

    panel = current_panel()
    who = entered_by(panel)
    data = body()  # its size and depth checked before it is parsed
    try:
        entry = {"id": data.get("plane"), "name": data.get("name")}
        saved = panel.table_catalog.add(GAME, PLANE, entry, who)
    except DataFileError as exc:
        raise refused_entry(exc) from None
    return jsonify(plane=saved.data)
