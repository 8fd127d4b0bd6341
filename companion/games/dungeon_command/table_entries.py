"""Dungeon Command commanders and creature cards entered by the players at a table
(``companion/games/catalog_entries.py``).

A commander entry holds what is printed on the commander card that the set-up uses: its name and
starting morale and leadership (hand sizes when given). A creature entry holds a creature card's
name and level, and the hit points, melee and ranged damage printed on it where typed in (in
tens, code ``tens``; blank: not typed yet, the table asks for the hit points in play). Where
``data/commanders.yaml`` or ``data/creatures.yaml`` knows a value, an entry must agree with it
(code ``known``) and the known value fills a blank. The bounds only catch typing mistakes; they
are not values of any card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import DataFileError
from companion.games.catalog_entries import (
    TABLE_ENTRY,
    EntryKind,
    entry_id,
    entry_name,
    entry_number,
)
from companion.games.dungeon_command.data_files import commanders, load_creature_cards
from companion.games.dungeon_command.setup import DAMAGE_STEP, MAX_HIT_POINTS, STAT_FIELDS

GAME = "dungeon_command"
COMMANDER = "commander"
CREATURE = "creature"
COMMANDER_BOUNDS: dict[str, tuple[int, int]] = {
    "morale": (1, 60),
    "leadership": (1, 30),
    "creature_hand": (1, 12),
    "order_hand": (1, 12),
}
LEVEL_BOUNDS = (1, 20)
STAT_BOUNDS = (DAMAGE_STEP, MAX_HIT_POINTS)


def _known(where: str, field: str, entered: int | None, known: int | None) -> int | None:
    if known is None:
        return entered
    if entered not in (None, known):
        raise DataFileError(
            TABLE_ENTRY, f"{where}.{field}", f"{known}", code="known", params={"known": known}
        )
    return known


def check_commander(data: Mapping[str, Any]) -> dict[str, Any]:
    """A commander entry checked field by field (``commander.<field>``), in its normal form."""
    name = entry_name(data, COMMANDER)
    folded = name.casefold()
    card = next((c for c in commanders().values() if c.name.casefold() == folded), None)
    values: dict[str, Any] = {
        "id": card.id if card else entry_id(data, name, COMMANDER),
        "name": card.name if card else name,
    }
    known = {
        "morale": card.start_morale if card else None,
        "leadership": card.start_leadership if card else None,
        "creature_hand": card.creature_hand if card else None,
        "order_hand": card.order_hand if card else None,
    }
    for field, (low, high) in COMMANDER_BOUNDS.items():
        entered = entry_number(data, field, COMMANDER, low, high, required=False)
        values[field] = _known(COMMANDER, field, entered, known[field])
    for field in ("morale", "leadership"):
        if values[field] is None:
            raise DataFileError(TABLE_ENTRY, f"{COMMANDER}.{field}", "a number", code="required")
    return values


def check_creature(data: Mapping[str, Any]) -> dict[str, Any]:
    """A creature card entry (``creature.name``, ``creature.level``, ``creature.hit_points``,
    ``creature.melee``, ``creature.ranged``), in its normal form."""
    name = entry_name(data, CREATURE)
    folded = name.casefold()
    card = next((c for c in load_creature_cards().values() if c.name.casefold() == folded), None)
    low, high = LEVEL_BOUNDS
    entered = entry_number(data, "level", CREATURE, low, high, required=False)
    level = _known(CREATURE, "level", entered, card.level if card else None)
    if level is None:
        raise DataFileError(TABLE_ENTRY, f"{CREATURE}.level", "a number", code="required")
    name = card.name if card else name
    values: dict[str, Any] = {"id": entry_id(data, name, CREATURE), "name": name, "level": level}
    for field in STAT_FIELDS:
        number = entry_number(data, field, CREATURE, *STAT_BOUNDS, required=False)
        if number is not None and number % DAMAGE_STEP:
            raise DataFileError(
                TABLE_ENTRY, f"{CREATURE}.{field}", "a number in tens", code="tens",
                params={"step": DAMAGE_STEP},
            )  # fmt: skip
        value = _known(CREATURE, field, number, getattr(card, field) if card else None)
        if value is not None:
            values[field] = value
    return values


COMMANDER_ENTRIES = EntryKind(GAME, COMMANDER, check_commander)
CREATURE_ENTRIES = EntryKind(GAME, CREATURE, check_creature)
