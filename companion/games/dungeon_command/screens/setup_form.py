"""Dungeon Command's set-up form on the panel: each seat's commander and creatures, typed once
(the table's catalog fills in what it knows); what it offers (``setup_options``); the creatures
shown to the camera (``shown_tags``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from flask import request

from companion.settings import SeatSettings
from companion.table.catalog import TableCatalog
from web_panel.api import Refused
from web_panel.i18n import choose_language, translate
from web_panel.other_game_setup import (
    Prepared,
    _by_name,
    _entry,
    _for_player,
    _list,
    _mapping,
    _refused,
    _unique,
    shown_cards,
)

if TYPE_CHECKING:
    from vision.tags import ReadResult
    from web_panel.panel import Panel


def dungeon_command_game(
    data: object, catalog: TableCatalog, seats: Mapping[str, SeatSettings]
) -> Prepared:
    """``{"first": seat, "warbands": [{"seat", "commander": {"name", "morale", "leadership"},
    "creatures": [{"name", "level", "hit_points", "melee", "ranged"}, …]}, …]}``: values the data
    or the table's catalog know may be left out, and a creature's hit points and attack numbers
    until they are known (the table asks for hit points in play). Each creature's label (its tag)
    is its card's id, numbered for copies."""
    from companion.games.dungeon_command.data_files import commanders
    from companion.games.dungeon_command.game import DungeonCommand
    from companion.games.dungeon_command.setup import STAT_FIELDS, Setup, Stats, warband
    from companion.games.dungeon_command.table_entries import (
        COMMANDER,
        COMMANDER_ENTRIES,
        CREATURE,
        CREATURE_ENTRIES,
        GAME,
    )

    setup = _mapping(data, "'dungeon_command'")
    saved_commanders = _by_name(catalog.entries(GAME, COMMANDER))
    saved_creatures = _by_name(catalog.entries(GAME, CREATURE))
    bands: list[Any] = []
    entries: list[tuple[str, dict[str, Any]]] = []
    labels: set[str] = set()
    for index, entry in enumerate(_list(setup.get("warbands"), "'warbands'")):
        band = _mapping(entry, f"warband {index + 1}")
        seat = band.get("seat")
        if not isinstance(seat, str):
            raise Refused(400, "setup", f"warband {index + 1} needs a seat")
        typed = band.get("commander")
        if not isinstance(typed, dict) or not str(typed.get("name") or "").strip():
            language = choose_language(request)
            problem = translate(language, "setup.problem.no_commander")
            raise Refused(400, "setup", _for_player(language, seat, seats, problem), localized=True)
        commander = _entry(COMMANDER_ENTRIES, typed, saved_commanders, seat, seats, 1)
        creatures, names, stats = {}, {}, {}
        for number, item in enumerate(_list(band.get("creatures"), f"{seat}: 'creatures'"), 1):
            card = _entry(CREATURE_ENTRIES, _mapping(item, "a creature"), saved_creatures, seat,
                          seats, number)  # fmt: skip
            label = _unique(card["id"], labels)
            creatures[label], names[label] = card["level"], card["name"]
            stats[label] = Stats(*(card.get(key) for key in STAT_FIELDS))
            entries.append((CREATURE, card))
        entries.append((COMMANDER, commander))
        known = commander["id"] in commanders()
        try:
            bands.append(
                warband(
                    seat,
                    commander["id"] if known else commander["name"],
                    creatures,
                    morale=commander["morale"],
                    leadership=commander["leadership"],
                    names=names,
                    stats=stats,
                )
            )
        except ValueError as exc:
            raise _refused(exc, seats) from None
    first = setup.get("first", bands[0].seat if bands else None)
    try:
        game = DungeonCommand(Setup(tuple(bands), str(first)))
    except ValueError as exc:
        raise _refused(exc, seats) from None
    return Prepared(game, tuple(entries))


def setup_form(panel: Panel, part: object, seats: Mapping[str, SeatSettings]) -> Prepared | None:
    """The game of the set-up request's part (``None`` without one: the ready-made setup)."""
    return None if part is None else dungeon_command_game(part, panel.table_catalog, seats)


def shown_tags(found: ReadResult, panel: Panel) -> dict[str, Any]:
    """The creatures a frame's tags show, as the table's catalog names them."""
    return shown_cards(found, "dungeon_command", panel.table_catalog)


def setup_options(panel: Panel) -> dict[str, Any]:
    """What the form offers: the commanders with their start values and the creatures' levels."""
    from companion.games.dungeon_command.data_files import commanders, load_creature_levels
    from companion.games.dungeon_command.setup import MIN_CREATURES

    return {
        "players": [2, 2],
        "min_creatures": MIN_CREATURES,
        "commanders": [
            {
                "id": c.id,
                "name": c.name,
                "faction": c.faction,
                "morale": c.start_morale,
                "leadership": c.start_leadership,
            }
            for c in commanders().values()
        ],
        "creature_levels": load_creature_levels(),
    }
