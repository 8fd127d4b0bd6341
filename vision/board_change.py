"""What the tracker tells the rest of the table: the committed board and how it changed.

A *tag* is the identity a sticker carries: for QR tags the miniature's catalog id plus a copy
serial; for marker families (ArUco/AprilTag) the marker id registered to a miniature at setup.
Cells are grid cell names (``a1``..``e5`` on the 5×5 map; other games use their own grids).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class TagId:
    """The identity of one physical miniature's sticker.

    ``game`` is the game code of the payload (``"db"``, ``"dc"``…), ``catalog_id`` the catalog
    entry, ``serial`` tells copies of the same miniature apart (1, 2, 3…).
    """

    game: str
    catalog_id: str
    serial: int

    def __str__(self) -> str:
        return f"{self.game}:{self.catalog_id}#{self.serial}"


# What a ``TagProblem`` can be; ``TagProblem.__str__`` says it in English (logs).
TAG_PROBLEMS = {
    "not_in_warband": "{tag} is not in the warband",
    "two_cells": "{tag} seen in {cells}",
    "on_line": "{tag} is on a line ({cells}): place it inside a cell",
    "on_map_twice": "{tag} is on the map twice ({cells}): one sticker is not this one's",
    "partly_read": "{tag}: only part of its tag reads (covered or damaged): not placed",
    "other_table": "a tag of another table (key {key}) is in {cells}: it is not this table's",
    "shared_key": (
        "a tag of key {key} is in {cells}: two registrations read here give its serial to "
        "different miniatures, so it is not placed (reprint one player's sheet with another key)"
    ),
    "no_table": (
        "an older sticker naming no table is in {cells}: this table reads only the tags printed "
        "for it (reprint it with companion labels tags)"
    ),
}


@dataclass(frozen=True)
class TagProblem:
    """Something about one tag the players should fix, as data: ``kind`` (a ``TAG_PROBLEMS``
    key), the ``tag`` (``None`` for a tag that is not this table's: another table's, whose
    ``key`` it names, one of a key two registrations share and bind differently, or an older
    sticker naming no table) and the ``cells`` it concerns (those
    it was seen in or near)."""

    kind: str
    tag: TagId | None
    cells: tuple[str, ...] = ()
    key: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in TAG_PROBLEMS:
            raise ValueError(f"unknown tag problem {self.kind!r}")

    def __str__(self) -> str:
        cells = " and ".join(self.cells)
        return TAG_PROBLEMS[self.kind].format(tag=self.tag, cells=cells, key=self.key)


@dataclass(frozen=True)
class BoardChange:
    """One committed change of the board, with the whole committed board after it.

    ``added``: tags that appeared (tag → cell); ``removed``: tags that left the map (tag → the
    cell they were last in); ``moved``: tags that changed cell (tag → (from, to)); ``board``: every
    tag on the map after the change (tag → cell); ``flags``: the problems seen with this change
    (a tag in two cells, a tag the warband lacks…), which the table shows and never applies.
    """

    added: dict[TagId, str] = field(default_factory=dict)
    removed: dict[TagId, str] = field(default_factory=dict)
    moved: dict[TagId, tuple[str, str]] = field(default_factory=dict)
    board: dict[TagId, str] = field(default_factory=dict)
    flags: tuple[TagProblem, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.moved or self.flags)
