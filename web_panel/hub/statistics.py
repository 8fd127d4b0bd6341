"""The players' statistics on the hub (``companion.hub.statistics`` over the games of the records
it keeps on disk: ``companion.hub.played_games``, so they survive a restart and cover every game
a table sent): ``/api/statistics`` for the organizer's page, ``/statistics.csv`` for a
spreadsheet (UTF-8 with a byte-order mark, like the standings), and each player's own rows on
their page. Who played a match's seats is the event's pairing (names and registered warbands),
the pairing's A and B the game's first and second seats."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, current_app, jsonify
from flask.typing import ResponseReturnValue

from companion.hub.played_games import RecordedGames
from companion.hub.statistics import Player, as_json, statistics, statistics_csv
from companion.hub.tournament import Tournament

statistics_pages = Blueprint("hub_statistics", __name__)


def hub_statistics(tournament: Tournament, games: RecordedGames) -> dict[str, list[dict[str, Any]]]:
    """Every player's and warband's row over the games the hub keeps."""

    def players(
        match_id: int, seats: list[str], _names: Mapping[str, str]
    ) -> dict[str, Player] | None:
        match = tournament.state.matches.get(match_id)
        if match is None or match.b is None or len(seats) != 2:
            return None
        paired = (tournament.state.players[match.a], tournament.state.players[match.b])
        return {
            seat: Player(p.name, None if p.warband is None else str(p.warband.get("name")))
            for seat, p in zip(seats, paired, strict=True)
        }

    return statistics(games.played(players))


def own_rows(
    rows: dict[str, list[dict[str, Any]]], name: str, warband: str | None
) -> dict[str, dict[str, Any] | None]:
    """A player's own row and their warband's (``None`` where there is none), for their page."""
    player = next((row for row in rows["players"] if row["name"] == name), None)
    band = next((row for row in rows["warbands"] if row["name"] == warband), None)
    return {"player": player, "warband": band}


def _statistics() -> dict[str, list[dict[str, Any]]]:
    return hub_statistics(current_app.extensions["tournament"], current_app.extensions["hub_games"])


@statistics_pages.get("/api/statistics")
def statistics_api() -> ResponseReturnValue:
    return jsonify(as_json(_statistics()))


@statistics_pages.get("/statistics.csv")
def statistics_export() -> ResponseReturnValue:
    """The statistics as CSV, in UTF-8 with a byte-order mark (a spreadsheet reads names in
    Japanese as written)."""
    return Response(
        ("\ufeff" + statistics_csv(_statistics())).encode("utf-8"),
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": "attachment; filename=statistics.csv"},
    )
