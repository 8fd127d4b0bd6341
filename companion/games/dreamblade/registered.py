"""Warbands registered ahead of play (a tournament player's at check-in): the shipped ones a
player may pick, one checked as the table checks it (and against a banned list), and the game
two paired players start from theirs."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from companion.errors import DataFileError
from companion.games.dreamblade.catalog import default_catalog
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.maps import map_from_config
from companion.games.dreamblade.miniature import Miniature
from companion.games.dreamblade.starting import configured_game
from companion.games.dreamblade.warband import (
    builtin_banned,
    builtin_warband,
    builtin_warband_names,
    tournament_problems,
    warband_from_data,
)
from companion.games.protocol import Game
from companion.settings import Settings

log = logging.getLogger(__name__)


def shipped_warbands() -> list[dict[str, Any]]:
    """The shipped warbands: ``key``, ``name`` and ``miniatures`` (``id``, ``count``)."""
    catalog = default_catalog()
    found = []
    for name in builtin_warband_names():
        warband = builtin_warband(name, catalog)
        miniatures = [{"id": mini, "count": count} for mini, count in warband.entries]
        found.append({"key": name, "name": warband.name, "miniatures": miniatures})
    return found


def banned_list() -> dict[str, str]:
    """The shipped banned list: miniature name → its source."""
    return builtin_banned()


def checked_warband(data: Mapping[str, Any], banned: Mapping[str, str] | None) -> dict[str, Any]:
    """``data`` as a warband (``name``, ``miniatures``: ``id``, ``count``) checked as the table
    checks it; ``DataFileError`` if it is none, ``ValueError`` listing why it may not be played
    against ``banned`` (name → source)."""
    catalog = default_catalog()
    warband = warband_from_data(data, catalog, origin="the warband")
    problems = [] if banned is None else tournament_problems(warband, catalog, banned)
    if problems:
        raise ValueError(*problems)
    return {
        "name": warband.name,
        "miniatures": [{"id": mini, "count": count} for mini, count in warband.entries],
    }


def piece_names() -> dict[str, str]:
    """Every miniature of the catalog: catalog id → name."""
    return {catalog_id: mini.name for catalog_id, mini in default_catalog().items()}


def event_map(match: Mapping[str, Any] | None) -> DreamMap | None:
    """The event's map a hub pairing carries (the organizer's values for every key cell);
    ``None`` when the event names none, or what it sent is no map (logged)."""
    data = (match or {}).get("map")
    if data is None:
        return None
    try:
        return map_from_config(data, origin="the event's map from the hub")
    except DataFileError as error:
        log.warning("hub: %s", error)
        return None


def paired_game(settings: Settings, match: Mapping[str, Any]) -> Game:
    """The game two paired players start with (``match``: the hub's pairing), on the event's map
    when it names one: between their registered warbands when both registered one, else between
    the demo's two small warbands until they set up their own on the panel (``DataFileError`` if
    a registered warband is none)."""
    dream_map = event_map(match)
    armies = [(match.get(seat) or {}).get("warband") for seat in ("a", "b")]
    if not all(isinstance(army, Mapping) for army in armies):
        return configured_game(settings, demo_warbands(), dream_map)
    catalog = default_catalog(settings.data_dir / "catalog.yaml")
    minis = {}
    for seat, data in zip(("A", "B"), armies, strict=True):
        assert isinstance(data, Mapping)
        warband = warband_from_data(data, catalog, origin=f"seat {seat}'s registered warband")
        minis[seat] = [catalog[catalog_id] for _, catalog_id in warband.copies(seat)]
    return configured_game(settings, minis, dream_map)


def demo_warbands() -> dict[str, list[Miniature]]:
    """The demo's two small warbands, whose stats are all known."""
    from companion.games.dreamblade.demo_game import DEMO_WARBANDS

    catalog = default_catalog()
    return {seat: [catalog[mini] for mini in minis] for seat, minis in DEMO_WARBANDS.items()}
