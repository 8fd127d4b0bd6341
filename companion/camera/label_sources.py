"""What ``companion labels tags`` prints from: the files players already have.

- a **warband file** (``name`` and ``miniatures``: ``id`` and ``count``, as the game's kit checks
  one): a shipped sample by its name (``sample-valor``) or its file, or the player's own — one
  tag per miniature, copies numbered from 1, named from the catalog;
- a **label registration** (``carriers.markers.yaml``: what an earlier sheet wrote and the hub
  took at check-in) — the same tags again, with the same key and serials;
- a **label list** (a YAML list of ``{tag: "db:B45#1", name: Samurai, seat: A, serial: 7}``).

Anything else is refused naming the file and showing what it takes (``source_help``). The game
whose armies are registered (its kit's ``registered``) gives the shipped warbands, the check, the
tags' game code and the miniatures' names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.games import kits
from companion.games.kit import RegisteredArmies
from companion.yaml_files import read_yaml
from vision.board_change import TagId
from vision.labels import Label
from vision.registration import LabelRegistration, parse_tag_text, registration_from_data


def _armies() -> RegisteredArmies:
    """The registered armies of the game whose players bring their own (the first such kit)."""
    return next(kit.registered for kit in kits() if kit.registered is not None)


def _shipped() -> dict[str, Mapping[str, Any]]:
    """The shipped warbands by their key (``sample-valor``)."""
    return {army["key"]: army for army in _armies().shipped()}


def source_help() -> str:
    """What the WARBAND argument may be, with an example of each."""
    shipped = ", ".join(_shipped())
    return (
        "WARBAND is one of:\n"
        f"  - a warband file (name, and miniatures with id and count), or a shipped one by its "
        f"name ({shipped}): companion labels tags sample-valor -o carriers.pdf\n"
        "  - the label registration an earlier sheet wrote (the file given to the hub at "
        "check-in), to print the same tags again: companion labels tags carriers.markers.yaml "
        "-o carriers.pdf\n"
        "  - a label list, a YAML list like:\n"
        '      - {tag: "db:B45#1", name: Samurai, seat: A}\n'
        '      - {tag: "db:B2#1", seat: B}'
    )


class SourceError(ValueError):
    """The argument names no file this command reads: the message says which file it needs."""


@dataclass(frozen=True)
class LabelSource:
    """The labels to print and, when they came from a label registration, that registration
    (its key and serials are kept)."""

    labels: list[Label]
    registration: LabelRegistration | None = None


def read_label_source(text: str, seat: str = "A") -> LabelSource:
    """The labels ``text`` names: a file (warband, registration or label list) or a shipped
    warband's name; ``seat``: the seat ring a warband's or registration's labels are printed
    with. ``SourceError`` for an argument that names none; ``DataFileError`` for a file of a
    known kind that is wrong inside."""
    path = Path(text)
    if not path.is_file():
        shipped = _shipped()
        if text in shipped:
            return LabelSource(_warband_labels(shipped[text], seat))
        raise SourceError(f"{text}: no such file, and no shipped warband of that name.\n" + (
            source_help()
        ))  # fmt: skip
    raw = read_yaml(path, top=None)
    if isinstance(raw, list):
        return LabelSource(labels_from_list(raw, path))
    if isinstance(raw, dict) and "miniatures" in raw:
        try:
            warband = _armies().checked(raw, None)
        except DataFileError as error:  # said of "the warband": name the file
            raise DataFileError(path, error.field, error.expected) from None
        return LabelSource(_warband_labels(warband, seat))
    if isinstance(raw, dict) and "family" in raw and ("serials" in raw or "markers" in raw):
        registration = registration_from_data(raw, str(path))
        return LabelSource(_registration_labels(registration, seat), registration)
    raise SourceError(f"{path} is no warband, label registration or label list.\n" + source_help())


def labels_from_list(raw: list[Any], path: Path) -> list[Label]:
    """A label list: ``{tag: "db:B45#1", name: "Samurai", seat: A, serial: 7 (optional)}``."""
    if not raw:
        raise DataFileError(str(path), "<root>", "a non-empty list of labels")
    result: list[Label] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise DataFileError(str(path), f"[{i}]", "a mapping with tag, name, seat")
        try:
            tag = parse_tag_text(str(item.get("tag", "")))
        except ValueError as error:
            raise DataFileError(str(path), f"[{i}].tag", "a tag like db:B45#1") from error
        seat = str(item.get("seat", ""))
        if seat not in ("A", "B"):
            raise DataFileError(str(path), f"[{i}].seat", "A or B")
        name = "serial" if "serial" in item else "marker"  # `marker` in older lists
        serial = item.get(name)
        if serial is not None and (not isinstance(serial, int) or serial < 0):
            raise DataFileError(str(path), f"[{i}].{name}", "a serial ≥ 0")
        if any(label.tag == tag for label in result):
            raise DataFileError(str(path), f"[{i}].tag", f"a tag not listed before ({tag})")
        result.append(Label(tag, str(item.get("name", tag.catalog_id)), seat, serial))
    return result


def _warband_labels(warband: Mapping[str, Any], seat: str) -> list[Label]:
    """One label per miniature of a checked ``warband`` (copies numbered from 1), named from the
    catalog."""
    armies = _armies()
    names = armies.piece_names()
    return [
        Label(TagId(armies.tag_game, entry["id"], copy), names.get(entry["id"], entry["id"]), seat)
        for entry in warband["miniatures"]
        for copy in range(1, int(entry.get("count", 1)) + 1)
    ]


def _registration_labels(registration: LabelRegistration, seat: str) -> list[Label]:
    """The tags ``registration`` gives, each with its serial, named from the catalog when known."""
    armies = _armies()
    names = armies.piece_names()
    labels = []
    for serial, tag in sorted(registration.serials.items()):
        known = tag.game == armies.tag_game and tag.catalog_id in names
        labels.append(Label(tag, names[tag.catalog_id] if known else tag.catalog_id, seat, serial))
    return labels
