"""Which game a table starts with and where its store lives.

A table resumes its unfinished game if the store has one, whatever game it is (one set up on the
panel included). Otherwise it starts the configured game with a ready-to-play setup (its kit's
starting game: for the 5×5 map's game, the configured map and initiative rule and two small
warbands whose stats are all known) until the players set up their own game on the panel. A
damaged store never stops the table: it is copied aside and what could be read is recovered
(``store.open_store``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.events import EventBus
from companion.games import configured_kit
from companion.games.protocol import Game
from companion.settings import Settings
from companion.table.store import Recovery, open_store
from companion.table.table import Table


def starting_game(settings: Settings) -> Game:
    """The configured game, ready to play (its kit's ``starting_game``)."""
    return configured_kit(settings).starting_game(settings)


@dataclass(frozen=True)
class OpenedTable:
    table: Table
    resumed: bool  # the game in play before the restart goes on
    recovery: Recovery | None  # what opening a damaged store set aside


def open_table(settings: Settings, bus: EventBus | None = None) -> OpenedTable:
    """The table of ``settings``: its game in play, else a new game of the configured kind."""
    store, recovery = open_store(settings.store_path)
    resumed = Table.resume(store, bus)
    if resumed is not None:
        return OpenedTable(resumed, True, recovery)
    return OpenedTable(Table.start(store, starting_game(settings), bus), False, recovery)
