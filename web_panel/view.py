"""The public view of a table: one JSON document that every phone renders, the same for all.

It is the table's generic state (pending decision, legal actions, version, winner, position), the
seats' names and colours, the recent event log, the round clock, the game's extra view data and
the camera's open prompts (``camera_prompts.py``).
What differs per phone (its seat, judge rights, language) is known to the page itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.clock import MatchClock
from companion.table.table import Table
from web_panel.camera_prompts import PromptList
from web_panel.game_views import game_view

LOG_LENGTH = 40
SPECTATOR_LOG_LENGTH = 10  # what a judge called to the table reads first: what just happened
NEUTRAL_COLOUR = "#777777"


def seats_view(game: Game, seats: Mapping[str, SeatSettings]) -> list[dict[str, Any]]:
    """Each seat's name and colour; ``names``, the name in other languages, when it has any (the
    page shows the one of its language)."""
    shown = []
    for seat in game.seats:
        configured = seats.get(seat)
        entry: dict[str, Any] = {
            "seat": seat,
            "name": configured.name if configured else seat,
            "colour": configured.colour if configured else NEUTRAL_COLOUR,
        }
        if configured is not None and configured.names:
            entry["names"] = dict(configured.names)
        shown.append(entry)
    return shown


def _watched(table: Table, game: Game, seats: Mapping[str, SeatSettings]) -> dict[str, Any]:
    """The table's generic state, its seats and the game's extra view (call under the table's
    lock, with its game)."""
    view = table.state()
    view["seats"] = seats_view(game, seats)
    view["extra"] = game_view(game)
    return view


def spectator_view(table: Table, seats: Mapping[str, SeatSettings]) -> dict[str, Any]:
    """What anyone may watch of the table away from it (the tournament hub's wall and its judge's
    read-only page): the game's state, seats and extra view and the last few log entries — no
    position document and no list of legal actions, which only a phone at the table acts on (nor
    the table's remote-play block, nor a computer seat's move or dice the players carry out)."""

    def build(game: Game) -> dict[str, Any]:
        view = _watched(table, game, seats)
        del view["position"], view["offers"], view["legal_count"], view["remote"]
        del view["expected"], view["dice_typed_for"]  # what the players at the table carry out
        view["log"] = table.log(SPECTATOR_LOG_LENGTH)
        return view

    view: dict[str, Any] = table.read(build)
    return view


def public_view(
    table: Table,
    seats: Mapping[str, SeatSettings],
    clock: MatchClock,
    notices: list[dict[str, Any]],
    camera_prompts: PromptList | None = None,
) -> dict[str, Any]:
    """Everything a phone shows, read from the game in one consistent moment."""

    def build(game: Game) -> dict[str, Any]:
        view = _watched(table, game, seats)
        log = table.log(LOG_LENGTH)
        pictured = table.store.pictured_entries(table.game_id) if log else set()
        view["log"] = [{**entry, "pictures": entry["seq"] in pictured} for entry in log]
        view["corrections"] = list(game.corrections)  # usage lines of the judge's corrections
        view["camera_prompts"] = camera_prompts.view(game) if camera_prompts else []
        return view

    view: dict[str, Any] = table.read(build)
    view["clock"] = clock.status()
    view["notices"] = notices
    return view
