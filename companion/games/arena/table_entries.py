"""Arena army cards entered by the players at a table (``companion/games/catalog_entries.py``).

An entry is what is printed on an army card: its name, kind (planeswalker, hero, squad), figures,
life, power (attack dice), toughness (defence dice) and cost, a squad's points per figure, and
move, range and height when the players give them. The id the set-up uses comes from the name.
Where ``data/armies.yaml`` knows a value, an entry must agree with it (code ``known``). The
bounds below only catch typing mistakes; they are not values of any card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import DataFileError
from companion.games.arena.data_files import CARD_KINDS, known_cards
from companion.games.arena.setup import OPTIONAL, REQUIRED, ArmyCard
from companion.games.catalog_entries import (
    TABLE_ENTRY,
    EntryKind,
    entry_id,
    entry_name,
    entry_number,
)

GAME = "arena"
KIND = "army_card"
BOUNDS: dict[str, tuple[int, int]] = {
    "figures": (1, 12),
    "life": (1, 30),
    "power": (0, 20),
    "toughness": (0, 20),
    "cost": (0, 1000),
    "ppf": (0, 1000),
    "move": (0, 30),
    "range": (0, 30),
    "height": (0, 30),
}


def known_id(name: str) -> str | None:
    """The id of the card the data knows by this name (any case), if any."""
    folded = name.casefold()
    return next((c.id for c in known_cards().values() if c.name.casefold() == folded), None)


def check_army_card(data: Mapping[str, Any]) -> dict[str, Any]:
    """An army card entry checked field by field (``army_card.<field>``), in its normal form."""
    name = entry_name(data, KIND)
    card_id = known_id(name) or entry_id(data, name, KIND)
    kind = data.get("kind")
    if kind not in CARD_KINDS:
        raise DataFileError(TABLE_ENTRY, f"{KIND}.kind", "a kind of army card", code="choice")
    values: dict[str, Any] = {"id": card_id, "name": name, "kind": kind}
    for field in (*REQUIRED, *OPTIONAL):
        low, high = BOUNDS[field]
        values[field] = entry_number(data, field, KIND, low, high, required=False)
    known = known_cards().get(card_id)
    if known is not None:  # what the data knows joins the entry; a different value is refused
        values["name"] = known.name
        for field, value in {"kind": known.kind, **known.values}.items():
            if value is None or field not in values:
                continue
            if values[field] not in (None, value):
                raise DataFileError(
                    TABLE_ENTRY,
                    f"{KIND}.{field}",
                    f"{value}",
                    code="known",
                    params={"known": value},
                )
            values[field] = value
    needed = [*REQUIRED, *(["ppf"] if values["kind"] == "squad" else [])]
    for field in needed:
        if values[field] is None:
            raise DataFileError(TABLE_ENTRY, f"{KIND}.{field}", "a number", code="required")
    if values["kind"] != "squad" and values["figures"] != 1:
        raise DataFileError(TABLE_ENTRY, f"{KIND}.figures", "one figure", code="single")
    return values


def card_of(entry: Mapping[str, Any]) -> ArmyCard:
    """The army card of a checked entry."""
    return ArmyCard(**{key: entry[key] for key in ("id", "name", "kind", *REQUIRED, *OPTIONAL)})


ARMY_CARD_ENTRIES = EntryKind(GAME, KIND, check_army_card)
