"""What the camera reads of a Dungeon Command game: each creature's tag and the events the camera's
reconciler publishes (``companion/camera/squares.py`` reconciles; the LEDs and the panel
follow its events).

Tags: a creature labelled ``L`` wears the tag ``dc:L#1`` (QR payload ``1DCL:1``; labels are unique
across both warbands, so one serial is enough).
"""

from __future__ import annotations

from companion.games.dungeon_command.setup import Setup
from vision.board_change import TagId

TAG_GAME = "dc"
TAG_SERIAL = 1
# A creature on the battlefield left the map: data ``label``, ``seat``, ``loss``, ``square``
DESTROY_PROMPTED = "dungeon_command.destroy_prompted"
# After every sync: the creatures the camera sees now (data: ``squares``, label → square), so a
# creature put back on the map clears its prompt on the panel.
CAMERA_SEEN = "dungeon_command.camera_seen"


def registry(setup: Setup) -> dict[TagId, str]:
    """Tag → creature label for every creature of both warbands."""
    return {
        TagId(TAG_GAME, label, TAG_SERIAL): label
        for band in setup.warbands
        for label in band.creatures
    }
