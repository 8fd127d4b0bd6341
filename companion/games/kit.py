"""A game kit: the one object through which the rest of the house asks a game for everything
game-specific (boardgame.io makes a game one object; python-chess registers variants).

Each game package builds one :class:`GameKit` and registers it (``companion.games.register_kit``). A
kit holds data and pure functions only — games sit low and know no table, camera, lights or panel —
so the generic machinery stays in its room and asks the kit:

- the engine: ``game_class`` and ``starting_game(settings)`` (the ready-to-play game a table opens
  with before its players set up their own); ``settings_section``: the model of the game's own
  section of the table config (``companion.settings``);
- the screens: ``screens``, the game's own package of phone view, set-up form, script, styles and
  words (``<game>/screens``), which sits above the engine with the panel;
- the lights: ``map_kind`` (which map the game is played on, as the LED layouts name maps: its own
  map, whose fixed size is ``map_size`` (the 5×5 map), or ``squares`` or ``hexes`` sized by
  ``camera.battlefield``; ``None`` for none), ``map_pieces`` (what the LEDs show of a game on
  squares or hexes, :class:`MapPieces`) and ``prompt_events`` (camera prompt events and the data key
  naming their cell, which flash until the next action), ``led_scenes`` (its scenes from
  demonstration positions, :class:`LedScene`) and ``flourishes`` (the events the LEDs play a
  flourish for);
- the camera: ``camera`` (:class:`CameraReading`: the tags of a game on squares or hexes and its
  reconciler, pure; the camera's sync proposes what it gives; the 5×5 map has the camera's own);
- the demo: ``demo`` (:class:`Demo`);
- the catalog entries its players type in at a table: ``entry_kinds``;
- the armies a tournament's players register ahead of play: ``registered``; the game a pairing
  starts: ``paired_game``; the event's map a pairing carries: ``event_map``;
- the game's own ``companion catalog`` commands: ``catalog_commands``;
- the judge's tools: ``judge`` (a module of position editing and rules questions, or ``None``);
- the maps an event's organizer chooses from: ``event_maps`` (a module, or ``None``);
- the shared virtual dice: ``virtual_dice(game, rng)``, the action rolling the dice the pending
  decision asks for (``None``: it asks for none), or ``None`` for a game without them;
- the rolls its log records: ``read_rolls(notation)``, the rolls an action records
  (:class:`~companion.games.luck.SeatRoll`: each with its exact odds and who made it) for the
  players' dice luck and a broadcast's last dice;
- the rolls the players make for real: ``asks_dice(game)``, for a game without virtual dice for
  every roll (:func:`asks_dice` answers for any kit);
- solo play: ``ai``, the factory of the game's computer player (``companion.games.ai_seat``), or
  ``None`` for a game that offers none."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from pydantic import BaseModel

from companion.games.ai_seat import AiFactory
from companion.games.board_reading import Note
from companion.games.catalog_entries import EntryKind
from companion.games.luck import SeatRoll
from companion.games.protocol import Game
from companion.settings import Settings
from vision.board_change import BoardChange, TagId


@dataclass(frozen=True)
class MapPieces:
    """What the LEDs show of a game on squares or hexes: each piece's cell and owner, the glyph
    cells still in play with the seat holding each (or ``None``), the cells of tapped pieces and
    of pieces carrying damage, and the winners once over."""

    pieces: Mapping[str, str] = field(default_factory=dict)  # cell → owner seat
    glyphs: Mapping[str, str | None] = field(default_factory=dict)  # glyph cell → holder
    tapped: frozenset[str] = frozenset()
    wounded: frozenset[str] = frozenset()
    winners: frozenset[str] = frozenset()


# (game, ``camera.battlefield`` settings, the camera's last reading: tag → cell) → MapPieces
MapPiecesOf = Callable[[Any, Mapping[str, Any], Mapping[TagId, str]], MapPieces]


@dataclass(frozen=True)
class LedScene:
    """One of the game's light scenes shown from a demonstration position (``companion leds show``
    and the panel's scene previews): its name, the shipped LED layout it is drawn on, what it
    means in each language (``en``, ``ja``), and the position: the seats (their turn-order colours
    unless others are picked), the pieces, the cells the camera prompts about, whether the game is
    over."""

    name: str
    layout: str
    legend: Mapping[str, str]
    seats: tuple[str, ...] = ("p1", "p2")
    pieces: MapPieces = MapPieces()
    prompted: frozenset[str] = frozenset()
    over: bool = False


class MissingSetting(ValueError):
    """The camera cannot read the game until ``camera.battlefield.<key>`` is set (``expected``
    says what it holds)."""

    def __init__(self, key: str, expected: str) -> None:
        super().__init__(f"set camera.battlefield.{key} ({expected})")
        self.key = key
        self.expected = expected


class Prompt(Protocol):
    """Something the camera noticed that only the players can settle: flagged on the table as
    ``flag_kind`` on ``cells`` with ``about()``, and published as an event ``event`` carrying
    ``to_json()``."""

    @property
    def flag_kind(self) -> str: ...

    @property
    def cells(self) -> tuple[str, ...]: ...

    @property
    def event(self) -> str: ...

    def about(self) -> dict[str, str]: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Reading:
    """What a game's reconciler makes of the board the camera committed: the actions to propose,
    in order (one at a time: each accepted one changes what is legal next), the prompts for the
    players, and the notes for every other difference."""

    proposals: tuple[str, ...]
    prompts: tuple[Prompt, ...]
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class CameraReading:
    """How the camera reads a game on squares or hexes, all pure functions of the game:

    - ``registry(setup)``: tag → piece for every piece of the game;
    - ``field(grid, battlefield, game)``: what the reconciler needs to know of the map beyond its
      grid (from ``camera.battlefield``; :class:`MissingSetting` or ``ValueError`` if it cannot);
    - ``reconcile(change, tags, game, field)``: the :class:`Reading` of a committed change;
    - ``refused(proposal, change, tags, game)``: the note for a proposal the engine refused;
    - ``seen(change, tags)``: the data of the ``seen_event`` published after every sync (the
      pieces the camera sees now, so a prompt the players settled by hand clears);
    - ``prompt_event``: the event a prompt is published as; ``open_prompt(data)``: the prompt the
      phones list for one (``kind``, ``subject``: the piece, ``where``: its cell, and for some
      kinds ``enemy`` and ``spot``); ``cleared(prompt, seen)``: whether the pieces the camera
      sees now (a ``seen_event``'s data) settle it;
    - ``tag_game``: the game code its tags carry, ``card_kind``: the kind of table catalog entry
      a tag's catalog id names (a card shown to the camera to register a warband or an army);
    - ``cell_mm()``: the size of a square, for a game on squares.
    """

    registry: Callable[[Any], dict[TagId, str]]
    field: Callable[[Any, Mapping[str, Any], Any], Any]
    reconcile: Callable[[BoardChange, Mapping[TagId, str], Any, Any], Reading]
    refused: Callable[[str, BoardChange, Mapping[TagId, str], Any], Note]
    seen_event: str
    seen: Callable[[BoardChange, Mapping[TagId, str]], dict[str, Any]]
    prompt_event: str
    open_prompt: Callable[[Mapping[str, Any]], dict[str, Any]]
    cleared: Callable[[Mapping[str, Any], Mapping[str, Any]], bool]
    tag_game: str
    card_kind: str
    cell_mm: Callable[[], float] | None = None


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
    may not be played against a banned list); and the pieces' tag game code and the names of the
    pieces the catalog knows (catalog id → name)."""

    shipped: Callable[[], list[dict[str, Any]]]
    banned_list: Callable[[], Mapping[str, str]]
    checked: Callable[[Mapping[str, Any], Mapping[str, str] | None], dict[str, Any]]
    tag_game: str
    piece_names: Callable[[], Mapping[str, str]]


@dataclass(frozen=True)
class GameKit:
    name: str  # the registry key, the engine's ``Game.name``
    title: str  # the game's name for people
    game_class: type[Game]
    starting_game: Callable[[Settings], Game]
    demo: Demo | None = None
    # module path of the game's screens package (``<game>/screens``: ``view.phone_view(game)``,
    # ``setup_form``, ``static/`` scripts and styles, ``messages/<language>.yaml``); None: the
    # generic phone view only
    screens: str | None = None
    map_kind: str | None = None
    # the game's own map of a fixed size (columns, rows), named ``map_kind`` in LED layouts: the
    # 5×5 map, every cell lit, read by the camera's own reconciler; None: no map of its own
    map_size: tuple[int, int] | None = None
    # the model of the game's own section of the table config, named after the game
    # (``<game>:``); None: the game has none
    settings_section: type[BaseModel] | None = None
    map_pieces: MapPiecesOf | None = None
    prompt_events: Mapping[str, str] = field(default_factory=dict)
    camera: CameraReading | None = None  # None: the 5×5 map's own reconciler, or no map
    led_scenes: tuple[LedScene, ...] = ()
    flourishes: Mapping[str, str] = field(default_factory=dict)  # event kind → flourish name
    entry_kinds: tuple[EntryKind, ...] = ()
    registered: RegisteredArmies | None = None
    # the game a tournament pairing starts at the table, from the hub's match (the players'
    # registered armies, the event's map); None: the kit's starting game
    paired_game: Callable[[Settings, Mapping[str, Any]], Game] | None = None
    # the event's map a hub's match carries, for the panel's set-up; None: the game has no such map
    event_map: Callable[[Mapping[str, Any] | None], Any] | None = None
    judge: str | None = None  # module path of the judge's tools, imported when asked
    # module path of the maps an organizer may choose for an event (choices, checks, saving)
    event_maps: str | None = None
    # module path of the game's ``companion catalog`` commands (``catalog``: a click group;
    # ``CATALOG_LOADER``: the context key its commands read their catalog loader from;
    # ``with_table_entries(entries)``: the game's catalog with the entries typed at a table)
    catalog_commands: str | None = None
    # the shared virtual dice (remote play, players without dice): the action that rolls the
    # dice the pending decision asks for with ``rng`` (its notation), None when it asks for none;
    # None: the game has no virtual dice
    virtual_dice: Callable[[Any, random.Random], str | None] | None = None
    # whether the pending decision is a roll of dice, for a game whose virtual dice cannot roll
    # them all (a die whose faces the companion does not know): a computer seat's rolls are then
    # typed on a phone from real dice. None: a roll is what ``virtual_dice`` rolls
    asks_dice: Callable[[Any], bool] | None = None
    # a computer player for a seat (``companion.games.ai_seat``): (level, seed, seconds a strong
    # move may think) → the player; None: the game offers none
    ai: AiFactory | None = None
    # the rolls an action records (its notation), each with its exact odds and who made it, for
    # the players' dice luck (``companion.games.luck``) and the last dice a broadcast shows; none
    # for any other action (or a roll without exact odds). None: the game records no rolls
    read_rolls: Callable[[str], tuple[SeatRoll, ...]] | None = None
    # where the house lists the game among the others (lowest first; level ones by name): the
    # set-up page's list, and the game a config without ``game:`` plays (the first)
    listed: int = 100

    def __post_init__(self) -> None:
        object.__setattr__(self, "prompt_events", MappingProxyType(dict(self.prompt_events)))
        object.__setattr__(self, "flourishes", MappingProxyType(dict(self.flourishes)))


def asks_dice(kit: GameKit, game: Any) -> bool:
    """Whether ``game``'s pending decision is a roll of dice (the table's virtual dice roll it,
    or the players roll real dice and type it in)."""
    if kit.asks_dice is not None:
        return kit.asks_dice(game)
    roll = kit.virtual_dice
    return roll is not None and roll(game, random.Random(0)) is not None
