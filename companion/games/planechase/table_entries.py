"""Plane names the players type at a table from their own cards (``catalog_entries.py``).

The companion's list of the original planes confirms some names and has the others from memory
(``data/planes.yaml``, status ``likely``). Players whose card prints another name type it in: the
entry holds the plane's id and the name printed on the card, and games set up at the table from
then on call the plane by it (``Setup.typed_names``). A confirmed plane's name is not typed over
(code ``known``), nor is a name another plane has (code ``taken``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import DataFileError
from companion.games.catalog_entries import TABLE_ENTRY, EntryKind, entry_name
from companion.games.planechase.planes import catalog

GAME = "planechase"
PLANE = "plane"


def check_plane(data: Mapping[str, Any]) -> dict[str, Any]:
    """A plane entry checked (``plane.id``, ``plane.name``), in its normal form."""
    planes = catalog()
    plane = planes.get(str(data.get("id", "")))
    if plane is None:
        raise DataFileError(TABLE_ENTRY, "plane.id", "one of the planes", code="choice")
    if plane.status == "confirmed":
        params = {"known": plane.name}
        raise DataFileError(TABLE_ENTRY, "plane.name", plane.name, code="known", params=params)
    name = entry_name(data, PLANE)
    folded = name.casefold()
    if any(p.name.casefold() == folded for p in planes.values() if p.id != plane.id):
        raise DataFileError(TABLE_ENTRY, "plane.name", "a name no other plane has", code="taken")
    return {"id": plane.id, "name": name}


PLANE_ENTRIES = EntryKind(GAME, PLANE, check_plane)


def typed_names(entries: list[Mapping[str, Any]]) -> dict[str, str]:
    """Plane id → the name typed for it, from the table's plane entries."""
    return {str(entry["id"]): str(entry["name"]) for entry in entries}
