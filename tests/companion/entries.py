"""A Dreamblade miniature as players enter it at the table (an invented test miniature: it is
in no catalog, so the tests see it only through the table catalog)."""

from __future__ import annotations

from typing import Any


def hound_entry(**changes: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": "glass-hound",
        "name": "Glass Hound",
        "kind": "creature",
        "spawn_cost": 3,
        "aspects": "F",
        "power": 2,
        "defense": 3,
        "life": 5,
        "lineage": "none",
        "abilities": ["blade: Crit 2"],
        "set": "unknown",
        "number": "unknown",
        "rarity": "unknown",
        "source": "typed in at the table from the miniature's base",
    }
    return {**entry, **changes}
