"""Setting up Planechase, Dungeon Command and Arena of the Planeswalkers from the panel.

``GET /api/setup/games`` says what each game's form offers (planes, commanders and their known
start values, scenarios, glyphs and known army cards); ``FORMS[view](data, catalog, seats)``
builds the game from the ``<game>`` part of ``POST /api/setup/new``.

Type a card once: Dungeon Command's commanders and creature cards and Arena's army cards are
given by name with what is printed on them. A card the table's catalog already holds (entered at
an earlier set-up, or imported) needs only its name: its values fill the blanks. Each card is
checked as a table catalog entry (``companion/games/*/table_entries.py``) and, once the game has
started, kept in the table's catalog for the next set-up (``Prepared.entries``). A refusal names
the player and the field as the form shows it, in the phone's language, and nothing changes.

The seats of these games are ``p1``, ``p2``… in turn order (names and colours come with the
set-up like Dreamblade's A and B).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from companion.errors import DataFileError, SetupError
from companion.games import find_kit
from companion.games.catalog_entries import EntryKind
from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.catalog import TableCatalog, TableEntry
from web_panel.api import Refused
from web_panel.i18n import choose_language, translate
from web_panel.panel import current_panel
from web_panel.setup_rights import entered_by
from web_panel.table_catalog_api import entry_problem, refused_entry

if TYPE_CHECKING:
    from vision.board_change import TagId
    from vision.tags import ReadResult

other_setup_api = Blueprint("other_setup", __name__, url_prefix="/api/setup")


@dataclass(frozen=True)
class Prepared:
    """A game ready to start and the cards typed for it, kept in the table's catalog with the
    game's start (``Table.start_game``): (kind, checked entry); and the tags shown to the camera
    for its pieces (piece → tag), recorded with it."""

    game: Game
    entries: tuple[tuple[str, dict[str, Any]], ...] = ()
    tags: Mapping[str, TagId] = field(default_factory=dict)


def _refused(exc: Exception, seats: Mapping[str, SeatSettings] | None = None) -> Refused:
    """A refused set-up: a ``SetupError`` said in the phone's language with the player's name,
    anything else in the engine's words."""
    message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    if not isinstance(exc, SetupError):
        return Refused(400, "setup", message)
    language = choose_language(request)
    params = dict(exc.params)
    if isinstance(params.get("field"), str):
        params["field"] = translate(language, f"catalog.field.{params['field']}")
    text = translate(language, f"setup.problem.{exc.problem}", **params)
    if text == f"setup.problem.{exc.problem}":  # no words of ours: the engine's (English)
        return Refused(400, "setup", _for_player(language, exc.seat, seats, message))
    return Refused(400, "setup", _for_player(language, exc.seat, seats, text), localized=True)


def _for_player(
    language: str, seat: str | None, seats: Mapping[str, SeatSettings] | None, text: str
) -> str:
    if seat is None:
        return text
    name = seats[seat].name_in(language) if seats and seat in seats else seat
    return translate(language, "setup.problem.of_player", player=name, problem=text)


def _entry_refused(
    error: DataFileError, seat: str, seats: Mapping[str, SeatSettings], card: str
) -> Refused:
    """A typed card the catalog's checks refuse: whose, which card, which field, what is wrong."""
    language = choose_language(request)
    problem = entry_problem(language, error)
    text = (
        translate(language, "setup.problem.card", card=card, problem=problem) if card else problem
    )
    return Refused(400, "setup", _for_player(language, seat, seats, text), field=error.field)


def _by_name(entries: list[TableEntry]) -> dict[str, dict[str, Any]]:
    return {entry.data["name"].casefold(): entry.data for entry in entries}


def _entry(
    kind: EntryKind,
    typed: Mapping[str, Any],
    saved: Mapping[str, dict[str, Any]],
    seat: str,
    seats: Mapping[str, SeatSettings],
    number: int,
) -> dict[str, Any]:
    """A typed card checked as a catalog entry; a card the table's catalog holds by that name
    fills the values left blank."""
    name = typed.get("name")
    known = saved.get(name.strip().casefold(), {}) if isinstance(name, str) else {}
    given = {key: value for key, value in typed.items() if value not in (None, "")}
    merged = {**{k: v for k, v in known.items() if k != "id"}, **given}
    if known:
        merged["name"] = known["name"]  # the card keeps the spelling it was typed in with
    label = name.strip() if isinstance(name, str) and name.strip() else ""
    try:
        return kind.checked(merged)
    except DataFileError as error:
        shown = label or translate(choose_language(request), "setup.problem.nth_card", n=number)
        raise _entry_refused(error, seat, seats, shown) from None


def _unique(wanted: str, used: set[str]) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3``… (at most 24 characters) if already used."""
    label, number = wanted, 1
    while label in used:
        number += 1
        label = f"{wanted[: 23 - len(str(number))]}-{number}"
    used.add(label)
    return label


def _mapping(data: object, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Refused(400, "setup", f"{what} must be a JSON object")
    return data


def _list(data: object, what: str) -> list[Any]:
    if not isinstance(data, list):
        raise Refused(400, "setup", f"{what} must be a list")
    return data


def _names(data: object, what: str) -> list[str]:
    names = _list(data, what)
    if not all(isinstance(name, str) for name in names):
        raise Refused(400, "setup", f"{what} must be a list of names")
    return names


# -- Planechase ---------------------------------------------------------------------------------


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


# -- Dungeon Command ------------------------------------------------------------------------------


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


# -- Arena of the Planeswalkers -------------------------------------------------------------------


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


# -- registering a warband or an army by showing its tags to the camera ------------------------

# a Dungeon Command creature wears ``dc:<label>#1`` (its card's id, numbered for copies), an Arena
# figure ``ar:<card id>#<n>``: the kit's camera reading says the tags' game code and the entry kind
COPY = re.compile(r"-\d+$")


def shown_cards(found: ReadResult, game: str, catalog: TableCatalog) -> dict[str, Any]:
    """What a frame's tags say for a Dungeon Command warband or an Arena army: the card each tag
    names in the table's catalog (a tag numbered for a copy names its card), and each tag that
    names none, with why — the card is typed in once, then its tag is known."""
    reading = find_kit(game).camera
    assert reading is not None, f"{game}'s tags are not read"
    code, kind = reading.tag_game, reading.card_kind
    cards = {entry.id: entry.data for entry in catalog.entries(game, kind)}
    tags, problems = [], []
    for tag in sorted({sighting.tag for sighting in found.sightings}):
        card = cards.get(tag.catalog_id) or cards.get(COPY.sub("", tag.catalog_id))
        if tag.game != code:
            problems.append({"tag": str(tag), "problem": "wrong_game"})
        elif card is None:
            problems.append({"tag": str(tag), "problem": "unknown_card"})
        else:
            tags.append({"tag": str(tag), "id": card["id"], "name": card["name"]})
    return {"tags": tags, "problems": problems, "unreadable": found.rejected}


Builder = Callable[[object, TableCatalog, Mapping[str, SeatSettings]], Prepared]
# a kit's phone view (``GameKit.phone_view``) → the set-up form of that view
FORMS: dict[str, Builder] = {
    "planechase": lambda data, catalog, seats: Prepared(
        planechase_game(data, typed_plane_names(catalog))
    ),
    "dungeon_command": dungeon_command_game,
    "arena": arena_game,
}


def game_options(typed_planes: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What each game's form offers, straight from the games' data files and setup limits (the
    planes by the names the table's players typed, ``typed_planes``)."""
    from companion.games.arena.data_files import glyphs, known_cards, scenarios
    from companion.games.arena.setup import OPTIONAL, REQUIRED
    from companion.games.dungeon_command.data_files import commanders, load_creature_levels
    from companion.games.dungeon_command.setup import MIN_CREATURES
    from companion.games.planechase.planes import catalog
    from companion.games.planechase.setup import (
        MAX_PLAYERS,
        MIN_OWN_DECK,
        MIN_PLAYERS,
        shared_deck_minimum,
    )

    return {
        "planechase": {
            "players": [MIN_PLAYERS, MAX_PLAYERS],
            "own_deck_minimum": MIN_OWN_DECK,
            "shared_deck_minimum": {
                str(n): shared_deck_minimum(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
            },
            "planes": [
                {"id": p.id, "name": p.name, "number": p.number, "status": p.status}
                for p in catalog((), typed_planes).values()
            ],
        },
        "dungeon_command": {
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
        },
        "arena": {
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
        },
    }


@other_setup_api.get("/games")
def options() -> ResponseReturnValue:
    return jsonify(game_options(typed_plane_names(current_panel().table_catalog)))


@other_setup_api.post("/plane_name")
def type_plane_name() -> ResponseReturnValue:
    """The name printed on the players' card for a plane whose name the companion has not
    confirmed (``{"plane": id, "name": …}``): kept in the table catalog as entered by this
    phone's player; games set up from then on call the plane by it."""
    from companion.games.planechase.table_entries import GAME, PLANE

    panel = current_panel()
    who = entered_by(panel)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise Refused(400, "bad_request")
    try:
        entry = {"id": data.get("plane"), "name": data.get("name")}
        saved = panel.table_catalog.add(GAME, PLANE, entry, who)
    except DataFileError as exc:
        raise refused_entry(exc) from None
    return jsonify(plane=saved.data)
