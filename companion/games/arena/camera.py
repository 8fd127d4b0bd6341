"""What the camera reads of an Arena game: each figure's tag and the events the camera's reconciler
publishes (``companion/camera/hexes.py`` reconciles; the LEDs and the panel follow its events).

Tags: figure ``<card>-<n>`` of a squad wears ``ar:<card>#<n>`` (QR payload ``1AR<card>:<n>``); a
single figure (planeswalker, hero) wears ``ar:<card>#1``.
"""

from __future__ import annotations

from companion.games.arena.setup import Setup
from vision.board_change import TagId

TAG_GAME = "ar"
# A figure left an engagement or stopped on a face-down glyph: data ``kind``, ``figure``, ``hex``…
CAMERA_PROMPTED = "arena.camera_prompted"
# After every sync: the figures the camera sees now (data: ``hexes``, figure → hex), so a figure
# moved off a face-down glyph clears its prompt on the panel.
CAMERA_SEEN = "arena.camera_seen"


def registry(setup: Setup) -> dict[TagId, str]:
    """Tag → figure id for every figure of every army."""
    tags: dict[TagId, str] = {}
    for army in setup.armies:
        for card in army.cards:
            for n, fid in enumerate(card.figure_ids(), start=1):
                tags[TagId(TAG_GAME, card.id, n)] = fid
    return tags
