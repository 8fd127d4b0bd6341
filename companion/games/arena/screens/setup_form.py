"""Arena of the Planeswalkers' set-up form on the panel: the scenario, each seat's army cards typed
once (the table's catalog fills in what it knows) and the glyphs; what it offers
(``setup_options``); the army cards shown to the camera (``shown_tags``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.settings import SeatSettings
from companion.table.catalog import TableCatalog
from web_panel.api import Refused
from web_panel.other_game_setup import (
    Prepared,
    _by_name,
    _entry,
    _list,
    _mapping,
    _refused,
    _unique,
    shown_cards,
)

if TYPE_CHECKING:
    from vision.tags import ReadResult
    from web_panel.panel import Panel


def arena_game(data: object, catalog: TableCatalog, seats: Mapping[str, SeatSettings]) -> Prepared:
    """``{"scenario", "armies": [{"seat", "team", "cards": [{"name", "kind", "figures", "life",
    "power", "toughness", "cost", "ppf", "move", "range", "height"}]}, …] (turn order), "glyphs":
    {spot: glyph id or null}}``: values the data or the table's catalog know may be left out."""
    from companion.games.arena.game import Arena
    from companion.games.arena.setup import Army, Setup
    from companion.games.arena.table_entries import ARMY_CARD_ENTRIES, GAME, KIND, card_of

    setup = _mapping(data, "'arena'")
    scenario = setup.get("scenario")
    if not isinstance(scenario, str):
        raise Refused(400, "setup", "'scenario' must name a scenario")
    saved = _by_name(catalog.entries(GAME, KIND))
    armies: list[Any] = []
    entries: list[tuple[str, dict[str, Any]]] = []
    ids: set[str] = set()
    for index, entry in enumerate(_list(setup.get("armies"), "'armies'")):
        army = _mapping(entry, f"army {index + 1}")
        seat, team = army.get("seat"), army.get("team")
        if not isinstance(seat, str) or not (team is None or isinstance(team, str)):
            raise Refused(400, "setup", f"army {index + 1} needs a seat (and a team name or null)")
        cards = []
        for number, item in enumerate(_list(army.get("cards"), f"{seat}: 'cards'"), start=1):
            card = _entry(ARMY_CARD_ENTRIES, _mapping(item, "a card"), saved, seat, seats, number)
            entries.append((KIND, card))
            cards.append(card_of({**card, "id": _unique(card["id"], ids)}))
        armies.append(Army(seat, tuple(cards), team or None))
    glyphs = _mapping(setup.get("glyphs", {}), "'glyphs'")
    try:
        game = Arena(Setup(scenario, tuple(armies), glyphs))
    except ValueError as exc:
        raise _refused(exc, seats) from None
    return Prepared(game, tuple(entries))


def setup_form(panel: Panel, part: object, seats: Mapping[str, SeatSettings]) -> Prepared | None:
    """The game of the set-up request's part (``None`` without one: the ready-made setup)."""
    return None if part is None else arena_game(part, panel.table_catalog, seats)


def shown_tags(found: ReadResult, panel: Panel) -> dict[str, Any]:
    """The army cards a frame's tags show, as the table's catalog names them."""
    return shown_cards(found, "arena", panel.table_catalog)


def setup_options(panel: Panel) -> dict[str, Any]:
    """What the form offers: the scenarios, the glyphs, the known army cards and their fields."""
    from companion.games.arena.data_files import glyphs, known_cards, scenarios
    from companion.games.arena.setup import OPTIONAL, REQUIRED

    return {
        "scenarios": [
            {
                "id": s.id,
                "players": sorted(s.turns),
                "turns": {str(n): turns for n, turns in s.turns.items()},
                "teams": s.teams,
                "army_points": s.army_points,
                "glyphs_face": s.glyphs_face,
                "goal": s.goal,
            }
            for s in scenarios().values()
        ],
        "glyphs": [{"id": g.id, "name": g.name, "kind": g.kind} for g in glyphs().values()],
        "cards": [
            {"id": c.id, "name": c.name, "kind": c.kind, "values": dict(c.values)}
            for c in known_cards().values()
        ],
        "card_fields": {"required": list(REQUIRED), "optional": list(OPTIONAL)},
    }
