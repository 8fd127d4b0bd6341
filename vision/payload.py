"""The text a QR tag carries, version 1: ``1`` + game code + catalog id + ``:`` + copy serial.

Example: ``1DBB45:3`` is Dreamblade (``DB``) catalog id ``B45``, copy 3. Game codes are written in
upper case (``DB``, ``DC``, ``AR``) so an upper-case catalog id keeps the whole payload inside the
QR *alphanumeric* character set (denser than bytes). See ``docs/formats.md`` (Tag payload).
"""

from __future__ import annotations

import re

from vision.board_change import TagId

PAYLOAD_VERSION = "1"
GAME_CODES = ("db", "dc", "ar")
MAX_SERIAL = 999
_CATALOG_ID = re.compile(r"[A-Za-z0-9._-]{1,24}")
_PAYLOAD_V1 = re.compile(r"1(DB|DC|AR)([A-Za-z0-9._-]{1,24}):([1-9][0-9]{0,2})")


class PayloadError(ValueError):
    """A tag text that is not a payload we know (foreign QR code, unknown version, garbled)."""


def encode_payload(tag: TagId) -> str:
    if tag.game not in GAME_CODES:
        raise ValueError(f"game {tag.game!r} is not one of {', '.join(GAME_CODES)}")
    if not _CATALOG_ID.fullmatch(tag.catalog_id):
        raise ValueError(f"catalog id {tag.catalog_id!r} must match [A-Za-z0-9._-]{{1,24}}")
    if not 1 <= tag.serial <= MAX_SERIAL:
        raise ValueError(f"serial {tag.serial} must be 1..{MAX_SERIAL}")
    return f"{PAYLOAD_VERSION}{tag.game.upper()}{tag.catalog_id}:{tag.serial}"


def parse_payload(text: str) -> TagId:
    """The tag a payload names; :class:`PayloadError` for anything else."""
    match = _PAYLOAD_V1.fullmatch(text)
    if match is None:
        raise PayloadError(f"not a version-{PAYLOAD_VERSION} tag payload: {text[:40]!r}")
    game, catalog_id, serial = match.groups()
    return TagId(game.lower(), catalog_id, int(serial))
