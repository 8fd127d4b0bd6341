"""The registry of games the companion serves: one kit per game (``companion.games.kit``).

Each game declares its kit in the Python entry-point group ``companion.games`` of the package that
ships it (this house's ``pyproject.toml`` for its own games; a game installed as its own package
in its own), so a game is found without any file here naming it; ``register_kit`` adds a kit
without installing it (a test's own game). ``find_kit(name)`` gives a game's kit and
``find_game(name)`` its engine class, ``find_entry_kind(name, kind)`` the catalog entries its
players may type in, ``kits()`` every kit in the order the house lists games.
The installed games are loaded on first use.

May import: the shared contracts, the camera's tag ids and board changes (``vision.board_change``)
and the hex map's geometry (``vision.hex_grid``), neither of which loads OpenCV.
Never the table, camera, lights, hub, panel or app: games know no camera.

Loads no: OpenCV, Flask, segno, paho.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import BaseModel

    from companion.games.catalog_entries import EntryKind
    from companion.games.kit import GameKit, RegisteredArmies
    from companion.games.protocol import Game
    from companion.settings import Settings

# the Python entry-point group every installed game declares its kit in (``pyproject.toml``)
ENTRY_POINT_GROUP = "companion.games"

KITS: dict[str, GameKit] = {}
_installed: list[bool] = []  # once the installed games are loaded


def register_kit(kit: GameKit) -> GameKit:
    """Make a game findable by its kit's ``name`` without installing it (a test's own game)."""
    KITS[kit.name] = kit
    return kit


def _load_installed_games() -> None:
    """Every game installed, found by its entry point (``companion.games``): its kit, loaded
    once."""
    if _installed:
        return
    for point in entry_points(group=ENTRY_POINT_GROUP):
        kit = point.load()
        if kit.name != point.name:
            raise ValueError(f"entry point {point.name!r} names the kit of game {kit.name!r}")
        KITS.setdefault(kit.name, kit)
    _installed.append(True)


def find_kit(name: str) -> GameKit:
    """The kit registered under ``name``; ``KeyError`` naming the known games if none."""
    if name not in KITS:
        _load_installed_games()
    try:
        return KITS[name]
    except KeyError:
        known = ", ".join(sorted(KITS)) or "none"
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


def find_game(name: str) -> type[Game]:
    """The engine class of the game registered under ``name`` (``KeyError`` if none)."""
    return find_kit(name).game_class


def find_entry_kind(game: str, kind: str) -> EntryKind:
    """The entry kind ``kind`` of ``game`` (from its kit); ``KeyError`` if it takes no such
    entries."""
    for entry_kind in find_kit(game).entry_kinds:
        if entry_kind.kind == kind:
            return entry_kind
    raise KeyError(f"game {game!r} takes no {kind!r} entries at the table")


def kits() -> tuple[GameKit, ...]:
    """Every game installed or registered, in the order the house lists games (each kit's
    ``listed``, then by name)."""
    _load_installed_games()
    return tuple(sorted(KITS.values(), key=lambda kit: (kit.listed, kit.name)))


def fixed_maps() -> dict[str, tuple[int, int]]:
    """The games' own maps of a fixed size, as LED layouts name them (``map.kind``) → (columns,
    rows), in the order the house lists games: a layout without a ``map`` section lies under the
    first (``firmware_config.layout``)."""
    return {kit.map_kind: kit.map_size for kit in kits() if kit.map_kind and kit.map_size}


def settings_sections() -> dict[str, type[BaseModel]]:
    """The games' own sections of the table config, by name (the game's), and their models: what
    ``companion.settings.load_settings`` checks them with."""
    return {kit.name: kit.settings_section for kit in kits() if kit.settings_section is not None}


def configured_kit(settings: Settings) -> GameKit:
    """The kit of the config's ``game``; without one, of the first game the house lists."""
    return find_kit(settings.game) if settings.game is not None else kits()[0]


def registered_armies(game: str) -> RegisteredArmies | None:
    """How a tournament's players register their armies at check-in for ``game`` (the event's):
    its kit's ``registered``, ``None`` when its players register none."""
    return find_kit(game).registered


def judge_tools(game: str) -> ModuleType | None:
    """The judge's tools (position editor, rules questions, the ``companion rules`` group) of
    ``game`` (``GameKit.judge``), imported when asked; ``None`` when it offers none."""
    module = find_kit(game).judge
    return None if module is None else importlib.import_module(module)


def event_maps(game: str) -> ModuleType | None:
    """The maps an event's organizer chooses from (``map_choices``, ``event_map``, ``map_data``,
    ``save_map``, ``EventMapError``) for ``game`` (``GameKit.event_maps``), imported when asked;
    ``None`` when the game has none."""
    module = find_kit(game).event_maps
    return None if module is None else importlib.import_module(module)
