"""A played game as one JSON document (``companion-game``, version 1; docs/formats.md "Game
export"): the game's own record, the table's log of it (each entry with its label and step as
written), the seats' names and colours and the camera's pictures. Here: its name and how to find
the game's record inside it, so ``companion rules replay`` reads an export as it reads a record.
The panel writes and checks the whole document (``web_panel/replay/``)."""

from __future__ import annotations

from typing import Any

EXPORT_FORMAT = "companion-game"
EXPORT_VERSION = 1


def is_export(document: object) -> bool:
    """Whether ``document`` is a game export (of any version)."""
    return isinstance(document, dict) and document.get("format") == EXPORT_FORMAT


def record_in(document: Any) -> Any:
    """The game's record inside an export; any other document as it is."""
    return document.get("record") if is_export(document) else document
