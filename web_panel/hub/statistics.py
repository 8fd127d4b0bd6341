"""The players' statistics on the hub (``companion.hub.statistics`` over the games the hub
watched): ``/api/statistics`` for the organizer's page, ``/statistics.csv`` for a spreadsheet
(UTF-8 with a byte-order mark, like the standings), and each player's own rows on their page."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify
from flask.typing import ResponseReturnValue

from companion.hub.station import HubStation
from companion.hub.statistics import as_json, statistics, statistics_csv

statistics_pages = Blueprint("hub_statistics", __name__)


def hub_statistics(station: HubStation | None) -> dict[str, list[dict[str, Any]]]:
    """Every player's and warband's row over the games the hub watched."""
    return statistics(station.watched.played() if station is not None else [])


def own_rows(
    rows: dict[str, list[dict[str, Any]]], name: str, warband: str | None
) -> dict[str, dict[str, Any] | None]:
    """A player's own row and their warband's (``None`` where there is none), for their page."""
    player = next((row for row in rows["players"] if row["name"] == name), None)
    band = next((row for row in rows["warbands"] if row["name"] == warband), None)
    return {"player": player, "warband": band}


def _station() -> HubStation | None:
    found: HubStation | None = current_app.extensions["hub_station"]
    return found


@statistics_pages.get("/api/statistics")
def statistics_api() -> ResponseReturnValue:
    return jsonify(as_json(hub_statistics(_station())))


@statistics_pages.get("/statistics.csv")
def statistics_export() -> ResponseReturnValue:
    """The statistics as CSV, in UTF-8 with a byte-order mark (a spreadsheet reads names in
    Japanese as written)."""
    return Response(
        ("\ufeff" + statistics_csv(hub_statistics(_station()))).encode("utf-8"),
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": "attachment; filename=statistics.csv"},
    )
