"""Dreamblade's rich view: the board, the reserves with what each miniature costs now and where it
may go, conquest values and claims, spawn points, turn wins and the tally — all read from the
engine's query methods, never computed here."""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalActionError
from companion.games.dreamblade import DreambladeGame
from companion.games.dreamblade.actions import face_order
from companion.games.dreamblade.catalog import texts_of
from companion.games.dreamblade.stat_reasons import (
    ability_help,
    cost_reasons,
    creature_reasons,
)
from companion.games.dreamblade.state import TURN_WINS_TO_WIN
from companion.games.dreamblade.why_not import claim_reasons, missing_actions
from companion.games.protocol import Game


def _copy_number(piece_id: str) -> int:
    return int(piece_id.rsplit("#", 1)[1]) if "#" in piece_id else 1


def _reserve_entry(game: DreambladeGame, seat: str, mini: str) -> dict[str, Any]:
    """A reserve miniature with its spawn cost now (and why: ``cost_why``), or why it has none
    (unknown catalog stats: the engine will not spawn it until the owner fills them in), and
    ``blocked``: the rule that stops it being spawned now, if one does (the phone words it)."""
    try:
        cost = cost_reasons(game.setup, game.state, seat, mini)
    except IllegalActionError as exc:
        return {"id": mini, "cost": None, "problem": str(exc), "blocked": exc.rule}
    blocked = game.spawn_refusal(seat, mini)
    return {
        "id": mini,
        "cost": cost["value"],
        "cost_why": cost,
        "problem": None,
        "blocked": blocked,
    }


def _map_view(game: DreambladeGame) -> dict[str, Any]:
    """The map's name and what both seats must see about its values: those agreed at set-up, those
    the judge gave or corrected, those still unknown, and the range a value may take."""
    dream_map = game.setup.dream_map
    judge = game.judge_values()
    unknown = [cell for cell in dream_map.unknown_cells if cell not in judge]
    return {
        "name": dream_map.name,
        "agreed": {cell: dream_map.key_values[cell] for cell in dream_map.agreed},
        "judge": judge,
        "unknown": unknown,
        "provisional": bool(unknown),
        "value_range": list(dream_map.value_range),
    }


def dreamblade_view(game: Game) -> dict[str, Any]:
    assert isinstance(game, DreambladeGame)
    setup = game.setup
    pieces: dict[str, dict[str, Any]] = {
        piece.id: {
            "name": piece.mini.name,
            "owner": piece.owner,
            "kind": str(piece.mini.kind),
            "catalog_id": piece.mini.id,
            "copy": _copy_number(piece.id),
            "power": piece.power,
            "defense": piece.defense,
            "life": piece.life,
            "abilities": list(piece.mini.abilities),
            # each line's help: its keyword's message and the line's number and type
            "ability_help": [ability_help(ability) for ability in piece.abilities],
            "manual": piece.manual,
            # the shipped texts in other languages (a line the players apply, in Japanese)
            "texts": texts_of(piece.mini),
        }
        for piece in setup.pieces.values()
    }
    on_map = [m.id for minis in game.board().values() for m in minis]
    for mini in on_map:  # a creature in play: its stats now, and why (Bolster, the judge…)
        if setup.pieces[mini].is_creature:
            pieces[mini]["now"] = creature_reasons(setup, game.state, mini)
    seats = game.seats
    return {
        "turn": game.turn,
        "phase": game.phase,
        "phase_seat": game.phase_seat,
        "first_player": game.first_player,
        "map": _map_view(game),
        "action_round": game.action_round,
        "board": {cell: [m.to_json() for m in minis] for cell, minis in game.board().items()},
        "portals": {seat: game.portal(seat) for seat in seats},
        "scoring": {seat: game.scoring_cells(seat) for seat in seats},
        "contested": sorted(game.contested_cells()),
        "engaged": sorted(game.engaged_creatures()),
        "claims": game.claims(),
        "claim_reasons": claim_reasons(setup, game.state),  # each scoring cell, and why
        "missing": missing_actions(setup, game.state),  # what the decision leaves out, and why
        "turn_wins_to_win": TURN_WINS_TO_WIN,
        "tally": game.turn_points(),  # "this turn": 0–0 when a turn starts
        "turn_wins": game.turn_wins(),
        "spawn_points": {seat: game.spawn_points_left(seat) for seat in seats},
        "reserve": {
            seat: [_reserve_entry(game, seat, mini) for mini in game.reserve(seat)]
            for seat in seats
        },
        "graveyard": {seat: game.graveyard(seat) for seat in seats},
        "pieces": pieces,
        "die_faces": sorted(setup.die_faces, key=face_order),
        # an unimplemented ability's effect being applied: whose, and what its seat may do
        "manual": game.manual_window(),
    }


phone_view = dreamblade_view  # what the panel asks of the game's screens
