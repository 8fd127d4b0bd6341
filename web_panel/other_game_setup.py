"""Setting up Planechase, Dungeon Command and Arena of the Planeswalkers from the panel.

``GET /api/setup/games`` says what each game's form offers (planes, commanders and their known
start values, scenarios, glyphs and known army cards); ``other_game(name, data)`` builds the game
from the ``<game>`` part of ``POST /api/setup/new``. Every check is the engine's own setup check:
a refusal carries the engine's words and nothing changes. Values the data does not know (a
commander's morale, an army card's numbers) are typed in by the players; a typed value that
contradicts a known one is refused by the engine.

The seats of these games are ``p1``, ``p2``… in turn order (names and colours come with the
set-up like Dreamblade's A and B).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.games.protocol import Game
from web_panel.api import Refused

other_setup_api = Blueprint("other_setup", __name__, url_prefix="/api/setup")


def _refused(exc: Exception) -> Refused:
    message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    return Refused(400, "setup", message)


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


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(400, "setup", f"{what} must be a whole number")
    return value


def _typed_in(value: object, what: str) -> int | None:
    """A start value the players typed in, or ``None`` (left to the data)."""
    return None if value is None else _whole(value, what)


# -- Planechase ---------------------------------------------------------------------------------


def planechase_game(data: object) -> Game:
    """``{"players": [seat…] (turn order), "first": seat, "shared": bool, "decks": {owner: [plane
    id…]}, "virtual": bool}``. A shared deck with no list is every built-in plane; ``virtual``:
    the companion shuffles the decks and only the top plane can come up."""
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
        return Planechase(Setup(tuple(players), decks, first, ordered=virtual))
    except ValueError as exc:
        raise _refused(exc) from None


# -- Dungeon Command ------------------------------------------------------------------------------


def dungeon_command_game(data: object) -> Game:
    """``{"first": seat, "warbands": [{"seat", "commander", "morale", "leadership", "creatures":
    {label: level}}, …]}`` (morale and leadership ``null`` when the data knows them)."""
    from companion.games.dungeon_command.game import DungeonCommand
    from companion.games.dungeon_command.setup import Setup, warband

    setup = _mapping(data, "'dungeon_command'")
    bands = []
    for index, entry in enumerate(_list(setup.get("warbands"), "'warbands'")):
        band = _mapping(entry, f"warband {index + 1}")
        seat, commander = band.get("seat"), band.get("commander")
        if not isinstance(seat, str) or not isinstance(commander, str) or not commander:
            raise Refused(400, "setup", f"warband {index + 1} needs a seat and a commander")
        creatures = _mapping(band.get("creatures"), f"{seat}: 'creatures'")
        levels = {
            str(label): _whole(level, f"{seat}: {label}'s level")
            for label, level in creatures.items()
        }
        try:
            bands.append(
                warband(
                    seat,
                    commander,
                    levels,
                    morale=_typed_in(band.get("morale"), f"{seat}: morale"),
                    leadership=_typed_in(band.get("leadership"), f"{seat}: leadership"),
                )
            )
        except ValueError as exc:
            raise _refused(exc) from None
    first = setup.get("first", bands[0].seat if bands else None)
    try:
        return DungeonCommand(Setup(tuple(bands), str(first)))
    except ValueError as exc:
        raise _refused(exc) from None


# -- Arena of the Planeswalkers -------------------------------------------------------------------


def arena_game(data: object) -> Game:
    """``{"scenario", "armies": [{"seat", "team", "cards": [{"id", …typed numbers}]}, …] (turn
    order), "glyphs": {spot: glyph id or null}}``."""
    from companion.games.arena.game import Arena
    from companion.games.arena.setup import Army, Setup, army_card

    setup = _mapping(data, "'arena'")
    scenario = setup.get("scenario")
    if not isinstance(scenario, str):
        raise Refused(400, "setup", "'scenario' must name a scenario")
    armies = []
    for index, entry in enumerate(_list(setup.get("armies"), "'armies'")):
        army = _mapping(entry, f"army {index + 1}")
        seat, team = army.get("seat"), army.get("team")
        if not isinstance(seat, str) or not (team is None or isinstance(team, str)):
            raise Refused(400, "setup", f"army {index + 1} needs a seat (and a team name or null)")
        cards = []
        for card in _list(army.get("cards"), f"{seat}: 'cards'"):
            typed = {k: v for k, v in _mapping(card, f"{seat}: a card").items() if v is not None}
            card_id = typed.pop("id", None)
            if not isinstance(card_id, str):
                raise Refused(400, "setup", f"{seat}: every card needs an id")
            try:
                cards.append(army_card(card_id, **typed))
            except (ValueError, TypeError) as exc:
                raise _refused(exc) from None
        armies.append(Army(seat, tuple(cards), team or None))
    glyphs = _mapping(setup.get("glyphs", {}), "'glyphs'")
    try:
        return Arena(Setup(scenario, tuple(armies), glyphs))
    except ValueError as exc:
        raise _refused(exc) from None


BUILDERS: dict[str, Callable[[object], Game]] = {
    "planechase": planechase_game,
    "dungeon_command": dungeon_command_game,
    "arena": arena_game,
}


def other_game(name: str, data: object) -> Game:
    """The game ``name`` set up from its part of the new-game request (``Refused`` says why not)."""
    return BUILDERS[name](data)


def game_options() -> dict[str, Any]:
    """What each game's form offers, straight from the games' data files and setup limits."""
    from companion.games.arena.data_files import glyphs, known_cards, scenarios
    from companion.games.arena.setup import OPTIONAL, REQUIRED
    from companion.games.dungeon_command.data_files import commanders, load_creature_levels
    from companion.games.dungeon_command.setup import MIN_CREATURES
    from companion.games.planechase.planes import load_planes
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
                for p in load_planes()
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
    return jsonify(game_options())
