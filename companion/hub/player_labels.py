"""Players' own carriers at an event: the label registration a player gives at check-in, checked
as the table reads it, and the keys two players share.

A player who printed carriers at home (``companion labels tags``) gives the registration written
beside the sheet (``*.markers.yaml``). The hub keeps it in its journal with the player and sends it
with each pairing, so the table reads that player's carriers for the match
(``companion.hub.table_link``). Two players whose registrations share a key (of one family) would
make a table guess whose carrier it sees: the organizer is warned, with a free key for one of them
to reprint with (``companion labels tags --key N``). A registration given with a warband must
carry only that warband's miniatures (``carriers_outside``): a sheet printed for another warband
would have the table read the wrong miniatures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.errors import DataFileError
from companion.games.kit import RegisteredArmies
from vision.registration import (
    LABEL_FAMILIES,
    key_count,
    parse_tag_text,
    registration_data,
    registration_from_text,
)

LABELS_LIMIT = 16 * 1024  # bytes of a registration file (a full 50-serial sheet is under 2 kB)


class LabelsError(ValueError):
    """A registration the hub refuses: ``code`` (``labels``, ``labels_size``,
    ``labels_family``) and the fields its message names."""

    def __init__(self, code: str, message: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


def check_labels(text: object) -> dict[str, Any]:
    """The JSON form of a registration file's text, checked whole (``LabelsError`` otherwise)."""
    if not isinstance(text, str):
        raise LabelsError("labels", "a label registration is the text of its file", detail="")
    if len(text.encode("utf-8")) > LABELS_LIMIT:
        kb = LABELS_LIMIT // 1024
        raise LabelsError("labels_size", f"a label registration has at most {kb} kB", limit=kb)
    try:
        registration = registration_from_text(text, "the label registration")
    except DataFileError as error:
        if error.field == "family":
            families = ", ".join(LABEL_FAMILIES)
            raise LabelsError(
                "labels_family", f"label family: one of {families}", families=families
            ) from None
        raise LabelsError("labels", str(error), detail=f"{error.field}: {error.expected}") from None
    if not registration.serials:
        raise LabelsError("labels", "the label registration names no carrier", detail="serials")
    return registration_data(registration)


def carriers_outside(
    labels: Mapping[str, Any], warband: Mapping[str, Any], armies: RegisteredArmies
) -> list[str]:
    """The carriers of a registration (JSON form) the warband (as the hub keeps it; ``armies``:
    how the event's game registers them) has no miniature for, each as "name (copy N)", in serial
    order; empty when all belong."""
    names = armies.piece_names()
    counts = {entry["id"]: entry["count"] for entry in warband["miniatures"]}
    outside = []
    for _, text in sorted(labels["serials"].items(), key=lambda item: int(item[0])):
        tag = parse_tag_text(text)
        if tag.game == armies.tag_game and tag.serial <= counts.get(tag.catalog_id, 0):
            continue
        known = names.get(tag.catalog_id) if tag.game == armies.tag_game else None
        name = known if known is not None else tag.catalog_id
        outside.append(f"{name} (copy {tag.serial})")
    return outside


def labels_summary(labels: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """What the organizer's page shows of a player's registration."""
    if labels is None:
        return None
    return {"family": labels["family"], "key": labels["key"], "count": len(labels["serials"])}


def label_clashes(players: Iterable[tuple[str, Mapping[str, Any] | None]]) -> list[dict[str, Any]]:
    """Keys two or more players' registrations share (one family), each with those players'
    names and ``free_key``: the lowest key (from 1) no player uses in that family, for one of
    them to reprint with (``None``: every key is taken)."""
    by_key: dict[tuple[str, int], list[str]] = {}
    for name, labels in players:
        if labels is not None:
            by_key.setdefault((labels["family"], labels["key"]), []).append(name)
    clashes = []
    for (family, key), names in sorted(by_key.items()):
        if len(names) < 2:
            continue
        used = {k for f, k in by_key if f == family}
        free = next((k for k in range(1, key_count(family)) if k not in used), None)
        clashes.append({"family": family, "key": key, "players": names, "free_key": free})
    return clashes
