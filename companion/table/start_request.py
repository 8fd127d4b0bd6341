"""What starting a game at a table changes, said once (``Table.start_game`` applies it whole).

A game starts from the panel's set-up, a tournament hub's pairing or a remote host's new game.
Each says here everything the start changes — the game, who plays it, the seats' names and
colours, the round clock, the tags its pieces wear, the seated players' label registrations, the
cards and printed-map values its set-up typed in — and the table writes all of it in one store
transaction: a write that fails leaves the game in play, its seats, its clock and its
registrations as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.catalog import TableEntry
from companion.table.session import Lineup


@dataclass(frozen=True)
class NewRound:
    """The round clock starts again with this length (``None``: no clock), not running."""

    minutes: int | None


@dataclass(frozen=True)
class SeatedLabels:
    """The label registrations of the players a hub seated here for match ``match`` (seat →
    registration data, ``seated_labels``); none: no players' labels."""

    match: int
    seats: Mapping[str, Any]


@dataclass(frozen=True)
class StartRequest:
    """A game to start and what changes with it. ``None`` (or empty) leaves a part as it is.

    - ``lineup``: who plays it (``None``: the players of the game replaced, playing on); the
      session's seat rule decides whether their phones stay seated.
    - ``seats``: the seats' names and colours from now on.
    - ``clock``: a new round.
    - ``tags``: the tag each piece was shown wearing (piece → tag text like ``db:B45#7``,
      docs/formats.md "Tag registry"); the others wear their default serials.
    - ``labels``: the seated players' label registrations (a hub's pairing).
    - ``entries``: catalog entries the set-up typed in (already checked), kept for the next one.
    - ``map_values``: values read off printed maps (map key, cell → value), in order, kept for
      the next set-up (``printed_maps``).
    """

    game: Game
    lineup: Lineup | None = None
    seats: Mapping[str, SeatSettings] | None = None
    clock: NewRound | None = None
    tags: Mapping[str, str] = field(default_factory=dict)
    labels: SeatedLabels | None = None
    entries: tuple[TableEntry, ...] = ()
    map_values: tuple[tuple[str, Mapping[str, int]], ...] = ()
