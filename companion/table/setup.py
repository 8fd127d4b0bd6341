"""Which game a table starts with and where its store lives.

A table resumes its unfinished game if the store has one, whatever game it is (one set up on the
panel included). Otherwise it starts the configured game with a ready-to-play setup (for
Dreamblade: the configured map and initiative rule, and two small warbands whose stats are all
known) until the players set up their own game on the panel. A damaged store never stops the
table: it is copied aside and what could be read is recovered (``store.open_store``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.events import EventBus
from companion.games import find_game
from companion.games.protocol import Game
from companion.settings import Settings
from companion.table.store import Recovery, open_store
from companion.table.table import Table

if TYPE_CHECKING:
    from companion.games.dreamblade.dream_map import DreamMap
    from companion.games.dreamblade.miniature import Miniature


def dreamblade_game(
    settings: Settings,
    warbands: Mapping[str, Sequence[Miniature]] | None = None,
    dream_map: DreamMap | None = None,
) -> Game:
    """A Dreamblade game on ``dream_map`` (by default the configured one) and the configured
    initiative rule between ``warbands`` (each seat's miniatures; by default two small warbands
    whose stats are all known)."""
    from companion.games.dreamblade.catalog import default_catalog
    from companion.games.dreamblade.demo_game import DEMO_WARBANDS
    from companion.games.dreamblade.dice import default_dice
    from companion.games.dreamblade.game import DreambladeGame
    from companion.games.dreamblade.maps import map_from_setting
    from companion.games.dreamblade.state import Settings as RuleSettings

    if warbands is None:
        catalog = default_catalog()
        warbands = {seat: [catalog[m] for m in minis] for seat, minis in DEMO_WARBANDS.items()}
    faces = [face.name for face in default_dice().attack.faces]
    rules = RuleSettings(rule_430=settings.dreamblade.tournament_rule_430)
    minis = {seat: list(warband) for seat, warband in warbands.items()}
    if dream_map is None:
        dream_map = map_from_setting(settings.dreamblade.map)
    return DreambladeGame(dream_map, minis, faces, rules)


def starting_game(settings: Settings) -> Game:
    if settings.game == "dreamblade":
        return dreamblade_game(settings)
    game_class = find_game(settings.game)
    demo = importlib.import_module(f"companion.games.{settings.game}.demo")
    return game_class(demo.demo_setup())  # type: ignore[call-arg]


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
