"""A game of the table's store as a game export (docs/formats.md "Game export"): the game's
record, its log as written (labels and steps kept with each entry), who sat where and the
camera's pictures of the moves it saw. It holds nothing of the table's session: no join code,
phone, PIN, key or account — the log names seats, the judge and the camera by role only."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from companion.games import find_game
from companion.games.game_export import EXPORT_FORMAT, EXPORT_VERSION
from companion.settings import SeatSettings
from companion.table.store import Store, StoreError
from companion.table.table import Table

LOG_FIELDS = ("seq", "kind", "action", "seat", "by", "at", "label", "step")
UNDOES_FIELDS = ("seq", "action", "seat", "by", "label")
NEUTRAL_COLOUR = "#777777"


def stored_game(store: Store, game_id: int) -> Any:
    """The store's game ``game_id`` (``StoreError`` if it has none)."""
    stored = next((g for g in store.games() if g.id == game_id), None)
    if stored is None:
        raise StoreError(f"no game {game_id} in the store")
    return stored


def seats_of(
    table: Table, game_id: int, game_seats: list[str], seats: Mapping[str, SeatSettings]
) -> list[dict[str, Any]]:
    """Who sat where in the game: the names its lineup recorded (else the table's seats now), the
    colours of the table's seats."""
    lineup = table.session.lineup(game_id)
    names = dict(lineup.names) if lineup is not None else {}
    shown = []
    for seat in game_seats:
        configured = seats.get(seat)
        entry: dict[str, Any] = {
            "seat": seat,
            "name": names.get(seat) or (configured.name if configured else seat),
            "colour": configured.colour if configured else NEUTRAL_COLOUR,
        }
        if configured is not None and configured.names and entry["name"] == configured.name:
            entry["names"] = dict(configured.names)  # the same player's name in other languages
        shown.append(entry)
    return shown


def _log_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    kept = {field: entry[field] for field in LOG_FIELDS}
    if "undoes" in entry:
        kept["undoes"] = {field: entry["undoes"][field] for field in UNDOES_FIELDS}
    return kept


def _pictures(store: Store, game_id: int) -> list[dict[str, Any]]:
    rows = store.rows(
        "SELECT first_seq, last_seq, cell, before, after FROM pictures WHERE game_id=? "
        "ORDER BY first_seq, cell",
        (game_id,),
    )
    return [
        {
            "first": first,
            "last": last,
            "cell": cell,
            "before": base64.b64encode(bytes(before)).decode("ascii"),
            "after": base64.b64encode(bytes(after)).decode("ascii"),
        }
        for first, last, cell, before, after in rows
    ]


def game_export(
    table: Table, game_id: int, seats: Mapping[str, SeatSettings], *, pictures: bool = True
) -> dict[str, Any]:
    """The game ``game_id`` of the table's store as an export document (without its pictures
    unless ``pictures``: for what reads its log only)."""
    store = table.store
    stored = stored_game(store, game_id)
    record = store.record(game_id)
    game_seats = list(find_game(stored.game).from_record({**record, "actions": []}).seats)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game": stored.game,
        "status": stored.status,
        "started_at": stored.started_at,
        "finished_at": stored.finished_at,
        "winner": stored.winner,
        "seats": seats_of(table, game_id, game_seats, seats),
        "record": record,
        "log": [_log_entry(entry) for entry in store.log(game_id)],
        "pictures": _pictures(store, game_id) if pictures else [],
    }
