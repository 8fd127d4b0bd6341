"""The registry of games the companion serves: one kit per game (``companion.games.kit``).

Each game package registers its kit with ``register_kit`` when imported; ``find_kit(name)`` gives
a game's kit, ``find_game(name)`` its engine class and ``find_entry_kind(name, kind)`` the
catalog entries its players may type in, ``kits()`` every kit in the order the house lists
games. The known game packages are imported on first use.

May import: the shared contracts, the camera's tag ids and board changes (``vision.board_change``)
and the hex map's geometry (``vision.hex_grid``), neither of which loads OpenCV.
Never the table, camera, lights, hub, panel or app: games know no camera.

Loads no: OpenCV, Flask, segno, paho.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import BaseModel

    from companion.games.catalog_entries import EntryKind
    from companion.games.kit import GameKit, RegisteredArmies
    from companion.games.protocol import Game
    from companion.settings import Settings

KITS: dict[str, GameKit] = {}

# in the order the house lists games
KNOWN_GAME_PACKAGES = (
    "companion.games.dreamblade",
    "companion.games.dungeon_command",
    "companion.games.arena",
    "companion.games.planechase",
)


def register_kit(kit: GameKit) -> GameKit:
    """Make a game findable by its kit's ``name``."""
    KITS[kit.name] = kit
    return kit


def _load_known_games() -> None:
    for module in KNOWN_GAME_PACKAGES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def find_kit(name: str) -> GameKit:
    """The kit registered under ``name``; ``KeyError`` naming the known games if none."""
    if name not in KITS:
        _load_known_games()
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
    """Every registered kit, in the order the house lists games."""
    _load_known_games()
    order = [module.rpartition(".")[2] for module in KNOWN_GAME_PACKAGES]
    return tuple(
        sorted(
            KITS.values(),
            key=lambda kit: (order.index(kit.name) if kit.name in order else len(order), kit.name),
        )
    )


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


def registered_armies() -> RegisteredArmies:
    """How a tournament's players register their armies at check-in (the hub is told no game):
    the first game, in the house's order, whose kit takes registered armies."""
    for kit in kits():
        if kit.registered is not None:
            return kit.registered
    raise LookupError("no game takes registered armies")


def judge_tools() -> ModuleType:
    """The judge's tools (position editor, rules questions, the ``companion rules`` group) of
    the first game, in the house's order, whose kit offers them (``GameKit.judge``)."""
    for kit in kits():
        if kit.judge is not None:
            return importlib.import_module(kit.judge)
    raise LookupError("no game offers the judge's tools")


def event_maps() -> ModuleType:
    """The maps an event's organizer chooses from (``map_choices``, ``event_map``, ``map_data``,
    ``save_map``, ``EventMapError``) of the first game, in the house's order, whose kit has them
    (``GameKit.event_maps``)."""
    for kit in kits():
        if kit.event_maps is not None:
            return importlib.import_module(kit.event_maps)
    raise LookupError("no game has event maps")
