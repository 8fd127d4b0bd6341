"""What the tracker tells the rest of the table: the committed board and how it changed.

A *tag* is the identity a sticker carries: for QR tags the miniature's catalog id plus a copy
serial; for marker families (ArUco/AprilTag) the marker id registered to a miniature at setup.
Cells are grid cell names (``a1``..``e5`` for Dreamblade; other games use their own grids).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class TagId:
    """The identity of one physical miniature's sticker.

    ``game`` is the game code of the payload (``"db"`` for Dreamblade), ``catalog_id`` the catalog
    entry, ``serial`` tells copies of the same miniature apart (1, 2, 3…).
    """

    game: str
    catalog_id: str
    serial: int

    def __str__(self) -> str:
        return f"{self.game}:{self.catalog_id}#{self.serial}"


@dataclass(frozen=True)
class BoardChange:
    """One committed change of the board, with the whole committed board after it.

    ``added``: tags that appeared (tag → cell); ``removed``: tags that left the map (tag → the
    cell they were last in); ``moved``: tags that changed cell (tag → (from, to)); ``board``: every
    tag on the map after the change (tag → cell); ``flags``: human-readable problems seen with
    this change (a tag in two cells, a tag the warband lacks…), which the reconciler shows and
    never applies.
    """

    added: dict[TagId, str] = field(default_factory=dict)
    removed: dict[TagId, str] = field(default_factory=dict)
    moved: dict[TagId, tuple[str, str]] = field(default_factory=dict)
    board: dict[TagId, str] = field(default_factory=dict)
    flags: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.moved or self.flags)
