"""Warbands registered ahead of play (a tournament player's at check-in): the shipped ones a
player may pick, one checked as the table checks it (and against a banned list), and the game
two paired players start from theirs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.dreamblade.catalog import default_catalog
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


def paired_game(settings: Settings, warbands: Sequence[Mapping[str, Any]]) -> Game:
    """The game between the registered ``warbands`` of seats A and B, on the table's map and
    rules (``DataFileError`` if one is no warband)."""
    catalog = default_catalog(settings.data_dir / "catalog.yaml")
    minis = {}
    for seat, data in zip(("A", "B"), warbands, strict=True):
        warband = warband_from_data(data, catalog, origin=f"seat {seat}'s registered warband")
        minis[seat] = [catalog[catalog_id] for _, catalog_id in warband.copies(seat)]
    return configured_game(settings, minis)
