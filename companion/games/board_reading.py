"""What the camera reads, as the games see it: the pieces the tags seen stand for, and the notes
for every difference the players must resolve by hand. Pure: the camera (``companion/camera``)
flags notes on the table and proposes the actions a game's reconciler gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vision.board_change import TagId


@dataclass(frozen=True)
class Note:
    """A difference between the table and the engine that the players must resolve by hand.

    ``kind``: ``unknown_tag`` (a tag no warband has), ``take_off`` (on the map but not in play),
    ``put_back`` (moved or gone but still in play at ``expected``), ``illegal`` (a change that
    would be an action, but not a legal one now).
    """

    kind: str
    piece: str
    cell: str | None
    expected: str | None = None

    @property
    def cells(self) -> tuple[str, ...]:
        return tuple(c for c in (self.cell, self.expected) if c is not None)

    def about(self) -> dict[str, str]:
        """What the note concerns, as a flag's data: the piece (``subject``; an unknown tag is
        no piece and is left out), where the camera sees it (``cell``) and where the engine has
        it (``expected``), each only when known."""
        subject = None if self.kind == "unknown_tag" else self.piece
        found = {"subject": subject, "cell": self.cell, "expected": self.expected}
        return {key: value for key, value in found.items() if value is not None}


def identify(
    seen: Mapping[TagId, str], registry: Mapping[TagId, str]
) -> tuple[dict[str, str], list[Note]]:
    """The pieces the tags ``seen`` (tag → cell) stand for, piece → cell, and an
    ``unknown_tag`` note for each tag the registry does not know."""
    notes: list[Note] = []
    pieces: dict[str, str] = {}
    for tag, cell in sorted(seen.items()):
        piece = registry.get(tag)
        if piece is None:
            notes.append(Note("unknown_tag", str(tag), cell))
        else:
            pieces[piece] = cell
    return pieces, notes
