"""The text a QR tag carries (docs/formats.md "Tag payload").

Version 2, what ``companion labels tags`` prints: ``2T`` + the table's key (two digits) + ``-`` +
the miniature's serial on that table: ``2T07-13`` is serial 13 of the table whose key is 7. The
table's label registration (``vision/registration.py``) names the miniature, so the text is as
short whatever the catalog id (QR version 1 at any error correction) and says whose table it
belongs to: a sticker of another table is recognised as such.

Version 1, older stickers: ``1`` + game code + catalog id + ``:`` + copy serial (``1DBB45:3`` is
game ``DB``'s catalog id ``B45``, copy 3). It names its miniature itself but no table, so a table
reads it only while it has no registration of its own (``vision/tags.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vision.board_change import TagId

GAME_CODES = ("db", "dc", "ar")
MAX_SERIAL = 999
TABLE_KEYS = 20  # keys 0–19: ArUco 4×4 has 1000 ids, 50 serials per table (registration.py)
_CATALOG_ID = re.compile(r"[A-Za-z0-9._-]{1,24}")
_PAYLOAD_V1 = re.compile(r"1(DB|DC|AR)([A-Za-z0-9._-]{1,24}):([1-9][0-9]{0,2})")
_PAYLOAD_V2 = re.compile(r"2T([0-9]{2})-(0|[1-9][0-9]{0,2})")


class PayloadError(ValueError):
    """A tag text that is not a payload we know (foreign QR code, unknown version, garbled)."""


@dataclass(frozen=True, order=True)
class TableSerial:
    """What a version-2 payload says: serial ``serial`` of the table whose key is ``key``."""

    key: int
    serial: int


def encode_payload(tag: TagId) -> str:
    """The version-1 text naming ``tag`` itself (older stickers; the simulated table)."""
    if tag.game not in GAME_CODES:
        raise ValueError(f"game {tag.game!r} is not one of {', '.join(GAME_CODES)}")
    if not _CATALOG_ID.fullmatch(tag.catalog_id):
        raise ValueError(f"catalog id {tag.catalog_id!r} must match [A-Za-z0-9._-]{{1,24}}")
    if not 1 <= tag.serial <= MAX_SERIAL:
        raise ValueError(f"serial {tag.serial} must be 1..{MAX_SERIAL}")
    return f"1{tag.game.upper()}{tag.catalog_id}:{tag.serial}"


def encode_table_payload(code: TableSerial) -> str:
    """The version-2 text: a table's key and a serial on it (what labels print)."""
    if not 0 <= code.key < TABLE_KEYS:
        raise ValueError(f"table key {code.key} must be 0..{TABLE_KEYS - 1}")
    if not 0 <= code.serial <= MAX_SERIAL:
        raise ValueError(f"serial {code.serial} must be 0..{MAX_SERIAL}")
    return f"2T{code.key:02d}-{code.serial}"


def parse_payload(text: str) -> TagId | TableSerial:
    """The tag a version-1 payload names, or the table serial of a version-2 one;
    :class:`PayloadError` for anything else."""
    match = _PAYLOAD_V2.fullmatch(text)
    if match is not None and int(match.group(1)) < TABLE_KEYS:
        return TableSerial(int(match.group(1)), int(match.group(2)))
    match = _PAYLOAD_V1.fullmatch(text)
    if match is None:
        raise PayloadError(f"not a tag payload: {text[:40]!r}")
    game, catalog_id, serial = match.groups()
    return TagId(game.lower(), catalog_id, int(serial))
