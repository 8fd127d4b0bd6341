"""Checking a game export someone hands the viewer (a file opened on the panel, a record the hub
keeps): every field's shape first, then the game it names. A document that fails says why as a
message key of the panel's catalogs (``error.replay.<what>``) with its parameters, so the page
says it in the phone's language; nothing is built from it."""

from __future__ import annotations

import re
from typing import Any

from companion.games import find_kit
from companion.games.game_export import EXPORT_FORMAT, EXPORT_VERSION

HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
KINDS = ("push", "undo")
ROLES = ("seat", "judge", "camera")


class ExportError(ValueError):
    """A game export that cannot be replayed: ``key`` (``error.replay.<what>``) and
    ``params`` say why for people; ``str()`` says it in English for logs."""

    def __init__(self, what: str, detail: str, **params: Any) -> None:
        super().__init__(detail)
        self.key = f"error.replay.{what}"
        self.params = params


def _text(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 200


def _seats(value: object) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise ExportError("field", "seats: a list of seats", field="seats")
    for index, seat in enumerate(value):
        fine = (
            isinstance(seat, dict)
            and _text(seat.get("seat"))
            and _text(seat.get("name"))
            and isinstance(seat.get("colour"), str)
            and HEX_COLOUR.fullmatch(seat["colour"])
        )
        if not fine:
            field = f"seats[{index}]"
            raise ExportError("field", f"{field}: seat, name and #rrggbb colour", field=field)
    return value


def _log(value: object) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise ExportError("field", "log: a list of entries", field="log")
    for index, entry in enumerate(value):
        field = f"log[{index}]"
        fine = (
            isinstance(entry, dict)
            and entry.get("seq") == index + 1
            and entry.get("kind") in KINDS
            and entry.get("by") in ROLES
            and (entry["kind"] == "undo" or isinstance(entry.get("action"), str))
            and (entry.get("label") is None or isinstance(entry["label"], dict))
        )
        if not fine:
            raise ExportError("field", f"{field}: an entry numbered {index + 1}", field=field)
    return value


def _pictures(value: object, entries: int) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise ExportError("field", "pictures: a list", field="pictures")
    for index, picture in enumerate(value):
        fine = (
            isinstance(picture, dict)
            and isinstance(picture.get("first"), int)
            and isinstance(picture.get("last"), int)
            and 1 <= picture["first"] <= picture["last"] <= entries
            and _text(picture.get("cell"))
            and isinstance(picture.get("before"), str)
            and isinstance(picture.get("after"), str)
        )
        if not fine:
            field = f"pictures[{index}]"
            raise ExportError("field", f"{field}: entries, cell and two JPEGs", field=field)
    return value


def read_export(document: object) -> dict[str, Any]:
    """``document`` checked as a game export (``ExportError`` saying what is wrong)."""
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise ExportError("not_export", f"not a game export (format {EXPORT_FORMAT})")
    if document.get("version") != EXPORT_VERSION:
        version = document.get("version")
        raise ExportError("version", f"export version {version!r}", version=str(version))
    game = document.get("game")
    try:
        find_kit(str(game))
    except KeyError:
        raise ExportError("game", f"unknown game {game!r}", game=str(game)) from None
    if not isinstance(document.get("record"), dict):
        raise ExportError("field", "record: the game's record", field="record")
    log = _log(document.get("log"))
    return {
        **document,
        "seats": _seats(document.get("seats")),
        "log": log,
        "pictures": _pictures(document.get("pictures", []), len(log)),
    }
