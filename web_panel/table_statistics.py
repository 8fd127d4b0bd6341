"""The players' statistics over a table's own finished games (``companion.hub.statistics``):
``/api/statistics`` and ``/statistics.csv`` on the table's panel.

Each finished game is replayed once from its record (``companion.hub.played_games``): the engine
says who made each roll and what the game's summary counts as turns won; its players are the
names its lineup kept. A table's games carry no warband names.
"""

from __future__ import annotations

import threading

from flask import Blueprint, Response, current_app, jsonify
from flask.typing import ResponseReturnValue

from companion.hub.played_games import played_game
from companion.hub.statistics import PlayedGame, Player, as_json, statistics, statistics_csv
from companion.table.table import Table

table_statistics = Blueprint("table_statistics", __name__)


class TableGames:
    """The table's finished games as the statistics read them, each replayed once."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._played: dict[int, PlayedGame] = {}
        self._lock = threading.Lock()

    def played(self) -> list[PlayedGame]:
        finished = [g for g in self.table.store.games() if g.status == "finished" and g.winner]
        with self._lock:
            for stored in finished:
                if stored.id not in self._played:
                    self._played[stored.id] = self._replayed(stored.id, stored.game, stored.winner)
            return [self._played[g.id] for g in finished]

    def _replayed(self, game_id: int, name: str, winner: str | None) -> PlayedGame:
        lineup = self.table.session.lineup(game_id)
        names = dict(lineup.names) if lineup is not None else {}
        players = {seat: Player(player) for seat, player in names.items()}
        return played_game(name, self.table.store.record(game_id), winner, players)


def _games() -> TableGames:
    found: TableGames = current_app.extensions["table_games"]
    return found


@table_statistics.get("/api/statistics")
def statistics_api() -> ResponseReturnValue:
    return jsonify(as_json(statistics(_games().played())))


@table_statistics.get("/statistics.csv")
def statistics_export() -> ResponseReturnValue:
    """As the hub's: CSV in UTF-8 with a byte-order mark."""
    return Response(
        ("\ufeff" + statistics_csv(statistics(_games().played()))).encode("utf-8"),
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": "attachment; filename=statistics.csv"},
    )
