"""Dungeon Command read by the camera: which square each tagged creature stands on, creatures
put down to deploy, and a creature taken off the map prompting its morale loss. Pure: the camera
(``companion/camera/game_sync.py``) proposes what :func:`reconcile` gives and flags the rest.

Tags: a creature labelled ``L`` wears the tag ``dc:L#1`` (QR payload ``1DCL:1``; labels are unique
across both warbands, so one serial is enough). The camera board (tag → square, from
``vision/square_grid.py``) is compared with the engine after every committed change:

- a creature of the deploying player put on the map while it may be deployed is proposed as
  ``deploy L`` (the camera acts, as it spawns on the 5×5 map);
- a creature on the battlefield that left the map (the tracker removes a tag only once the map
  is clear and the tag stayed unseen for its stable frames) is *prompted*, not applied: morale is
  lost only when a player confirms ``destroyed L`` on the panel, since the camera cannot tell a
  destroyed creature from one lifted off by mistake;
- everything else is a :class:`~companion.games.board_reading.Note` (take it off, put it back,
  unknown tag, cannot be deployed now) flagged on the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.board_reading import Note, identify
from companion.games.dungeon_command.data_files import square_mm
from companion.games.dungeon_command.game import INITIAL_DEPLOY, DungeonCommand
from companion.games.dungeon_command.setup import Setup
from companion.games.kit import CameraReading, Reading
from vision.board_change import BoardChange, TagId

TAG_GAME = "dc"
TAG_SERIAL = 1
# A creature on the battlefield left the map: data as ``DestroyPrompt.to_json``
DESTROY_PROMPTED = "dungeon_command.destroy_prompted"
# After every sync: the creatures the camera sees now (data: ``squares``, label → square), so a
# creature put back on the map clears its prompt on the panel.
CAMERA_SEEN = "dungeon_command.camera_seen"
DEPLOY_KINDS = (INITIAL_DEPLOY, "deploy")


def registry(setup: Setup) -> dict[TagId, str]:
    """Tag → creature label for every creature of both warbands."""
    return {
        TagId(TAG_GAME, label, TAG_SERIAL): label
        for band in setup.warbands
        for label in band.creatures
    }


@dataclass(frozen=True)
class DestroyPrompt:
    """A creature the camera no longer sees: ``action`` is what a player confirms."""

    label: str
    seat: str
    loss: int
    square: str | None  # where the camera last saw it, if known

    @property
    def action(self) -> str:
        return f"destroyed {self.label}"

    @property
    def flag_kind(self) -> str:
        return "destroy_prompted"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.square,) if self.square else ()

    @property
    def event(self) -> str:
        return DESTROY_PROMPTED

    def about(self) -> dict[str, str]:
        """What a flag of this prompt concerns: the creature, its player and where it was."""
        where = {"cell": self.square} if self.square else {}
        return {"subject": self.label, "seat": self.seat, **where}

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "label": self.label,
            "seat": self.seat,
            "loss": self.loss,
            "square": self.square,
        }


@dataclass(frozen=True)
class Reconciliation:
    proposals: tuple[str, ...]
    prompts: tuple[DestroyPrompt, ...]
    notes: tuple[Note, ...]


def reconcile(
    seen: Mapping[TagId, str],
    tags: Mapping[TagId, str],
    game: DungeonCommand,
    last_seen: Mapping[TagId, str] | None = None,
) -> Reconciliation:
    """``seen``: tag → square now; ``tags``: the registry; ``last_seen``: tag → square of tags
    that just left the map (the change's ``removed``). Reads ``game`` only."""
    where_last = {tags[tag]: square for tag, square in (last_seen or {}).items() if tag in tags}
    squares, notes = identify(seen, tags)
    legal = {str(action) for action in game.legal_actions()}
    pending = game.pending()
    destroyed = {label for labels in game.state.destroyed.values() for label in labels}
    on_field = set(game.on_battlefield())
    proposals: list[str] = []
    for label, square in sorted(squares.items()):
        if label in on_field:
            continue
        if f"deploy {label}" in legal:
            proposals.append(f"deploy {label}")
        elif (
            label not in destroyed
            and pending.kind in DEPLOY_KINDS
            and game.setup.owner(label) == pending.seat
        ):
            notes.append(Note("illegal", label, square))  # no room left in leadership
        else:
            notes.append(Note("take_off", label, square))
    prompts: list[DestroyPrompt] = []
    for label in sorted(on_field - set(squares)):
        owner = game.setup.owner(label)
        assert owner is not None
        if f"destroyed {label}" in legal:
            prompt = DestroyPrompt(label, owner, game.level(label), where_last.get(label))
            prompts.append(prompt)
        else:
            notes.append(Note("put_back", label, None, where_last.get(label)))
    return Reconciliation(tuple(proposals), tuple(prompts), tuple(notes))


def refused(
    proposal: str, change: BoardChange, tags: Mapping[TagId, str], game: DungeonCommand
) -> Note:
    """The note for a deploy the engine refused: the creature and where the camera sees it."""
    label = proposal.split()[1]
    square = next((sq for tag, sq in change.board.items() if tags.get(tag) == label), None)
    return Note("illegal", label, square)


def seen_now(change: BoardChange, tags: Mapping[TagId, str]) -> dict[str, Any]:
    """The creatures the camera sees now: ``squares``, label → square."""
    return {"squares": {tags[tag]: sq for tag, sq in change.board.items() if tag in tags}}


def reading(
    change: BoardChange, tags: Mapping[TagId, str], game: DungeonCommand, field: None
) -> Reading:
    """What the camera makes of a committed ``change`` (see :func:`reconcile`)."""
    found = reconcile(change.board, tags, game, change.removed)
    return Reading(found.proposals, found.prompts, found.notes)


def open_prompt(data: Mapping[str, Any]) -> dict[str, Any]:
    """The prompt the phones list for a ``DESTROY_PROMPTED`` event."""
    return {"kind": "destroy", "subject": data["label"], "where": data.get("square")}


def cleared(prompt: Mapping[str, Any], seen: Mapping[str, Any]) -> bool:
    """A creature's prompt is settled once the camera sees it back on the map."""
    return prompt["kind"] == "destroy" and prompt["subject"] in seen["squares"]


CAMERA = CameraReading(
    registry=registry,
    field=lambda grid, settings, game: None,
    reconcile=reading,
    refused=refused,
    seen_event=CAMERA_SEEN,
    seen=seen_now,
    prompt_event=DESTROY_PROMPTED,
    open_prompt=open_prompt,
    cleared=cleared,
    tag_game=TAG_GAME,
    card_kind="creature",
    cell_mm=square_mm,
)
