"""A game kit: the one object through which the rest of the house asks a game for everything
game-specific (boardgame.io makes a game one object; python-chess registers variants).

Each game package builds one :class:`GameKit` and registers it (``companion.games.register_kit``).
A kit holds data and pure functions only — games sit low and know no table, camera, lights or
panel — so the generic machinery stays in its room and asks the kit:

- the engine: ``game_class`` and ``starting_game(settings)`` (the ready-to-play game a table opens
  with before its players set up their own);
- the phone views: ``phone_view``, the name of the game's phone-view assets under ``web_panel``;
- the lights: ``map_kind`` (which map the game is played on, as the LED layouts name maps
  (``firmware_config.layout.MAP_KINDS``): the fixed 5×5 map, ``squares`` or ``hexes`` sized by
  ``camera.battlefield``; ``None`` for none), ``map_pieces`` (what the LEDs show of a game on squares or hexes,
  :class:`MapPieces`) and ``prompt_events`` (camera prompt events and the data key naming their
  cell, which flash until the next action);
- the camera: ``camera_reads`` (whether the camera reads the game's board; its reconciler is
  chosen by the map kind);
- the demo: ``demo`` (:class:`Demo`);
- the catalog entries its players type in at a table: ``entry_kinds``;
- the armies a tournament's players register ahead of play: ``registered``;
- the judge's tools: ``judge`` (a module of position editing and rules questions, or ``None``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.games.catalog_entries import EntryKind
from companion.games.protocol import Game
from companion.settings import Settings

@dataclass(frozen=True)
class MapPieces:
    """What the LEDs show of a game on squares or hexes: each piece's cell and owner, the glyph
    cells still in play with the seat holding each (or ``None``), and the winners once over."""

    pieces: Mapping[str, str] = field(default_factory=dict)  # cell → owner seat
    glyphs: Mapping[str, str | None] = field(default_factory=dict)  # glyph cell → holder
    winners: frozenset[str] = frozenset()


# (game, ``camera.battlefield`` settings, the camera's last reading: label → cell) → MapPieces
MapPiecesOf = Callable[[Any, Mapping[str, Any], Mapping[str, str]], MapPieces]


@dataclass(frozen=True)
class Demo:
    """A game's scripted demo: its game before the first action, the actions it plays (their
    notation), the made-up players it seats (seat → language → name), and whether it is played
    by hands under the synthetic camera (else each action is entered as a phone would)."""

    new_game: Callable[[], Game]
    script: Callable[[], Sequence[str]]
    players: Mapping[str, Mapping[str, str]]
    through_camera: bool = False


@dataclass(frozen=True)
class RegisteredArmies:
    """The armies a tournament's players register ahead of play (at check-in): the shipped ones
    they may pick (``key``, ``name``, ``miniatures``), the shipped banned list (name → source), one
    checked as the table checks it (``DataFileError`` if it is none, ``ValueError`` listing why it
    may not be played against a banned list), and the game two paired players start from theirs
    (seat order)."""

    shipped: Callable[[], list[dict[str, Any]]]
    banned_list: Callable[[], Mapping[str, str]]
    checked: Callable[[Mapping[str, Any], Mapping[str, str] | None], dict[str, Any]]
    paired_game: Callable[[Settings, Sequence[Mapping[str, Any]]], Game]


@dataclass(frozen=True)
class GameKit:
    name: str  # the registry key, the engine's ``Game.name``
    title: str  # the game's name for people
    game_class: type[Game]
    starting_game: Callable[[Settings], Game]
    demo: Demo | None = None
    phone_view: str | None = None  # None: the generic phone view
    map_kind: str | None = None
    map_pieces: MapPiecesOf | None = None
    prompt_events: Mapping[str, str] = field(default_factory=dict)
    camera_reads: bool = False
    entry_kinds: tuple[EntryKind, ...] = ()
    registered: RegisteredArmies | None = None
    judge: str | None = None  # module path of the judge's tools, imported when asked

    def __post_init__(self) -> None:
        object.__setattr__(self, "prompt_events", MappingProxyType(dict(self.prompt_events)))
