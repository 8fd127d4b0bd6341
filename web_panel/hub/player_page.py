"""Each player's own page on the hub: where they play this round ("Table 3, seat B, against
Carol") and the join link that seats their phone at that table for that match only.

The page's address carries a token made from the hub's secret key and the player's number, so
it cannot be guessed: the organizer hands it out at check-in (QR code and short link), and each
player sees only their own seat's link. The links come from the tables themselves (the table's
session mints the codes; ``companion.hub.station.HubStation.seat_links``).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from companion.hub.station import HubStation
from companion.hub.tournament import Tournament

TOKEN_CHARS = 16
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def player_token(secret: str, player_id: int) -> str:
    """The token of player ``player_id``'s page (80 bits of an HMAC, in Crockford base 32)."""
    digest = hmac.new(secret.encode(), f"player-page:{player_id}".encode(), hashlib.sha256)
    number = int.from_bytes(digest.digest(), "big")
    return "".join(_ALPHABET[(number >> (5 * i)) & 31] for i in range(TOKEN_CHARS))


def player_of(tournament: Tournament, secret: str, token: str) -> int | None:
    """The player whose page ``token`` opens, if any."""
    token = token.strip().lower()
    for player_id in list(tournament.state.players):
        if hmac.compare_digest(player_token(secret, player_id), token):
            return player_id
    return None


def player_view(
    tournament: Tournament, station: HubStation | None, player_id: int
) -> dict[str, Any]:
    """What the player's page shows: ``status`` ``waiting`` (no round, or not paired this round),
    ``bye``, or ``paired`` with the round, the table, the seat, the opponent's name and ``join``,
    their seat's link (``None`` until the table sent it)."""
    state = tournament.state
    player = state.players[player_id]
    view: dict[str, Any] = {"name": player.name, "status": "waiting", "round": None}
    current = state.current
    if current is None:
        return view
    match = next((m for m in state.round_matches(current.number) if player_id in (m.a, m.b)), None)
    view["round"] = current.number
    if match is None:
        return view
    if match.b is None:
        return {**view, "status": "bye"}
    seat = "A" if match.a == player_id else "B"
    opponent = state.players[match.b if seat == "A" else match.a]
    links = (
        station.links_for(match.table, match.id)
        if station is not None and match.table is not None
        else None
    )
    return {
        **view,
        "status": "paired",
        "match": match.id,
        "table": match.table,
        "seat": seat,
        "opponent": opponent.name,
        "join": links.get(seat) if links is not None else None,
        "done": match.outcome is not None,
    }
