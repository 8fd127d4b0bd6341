"""Dungeon Command read by the camera: which square each tagged creature stands on, creatures
put down to deploy, and a creature taken off the map prompting its morale loss.

Tags and events: ``companion/games/dungeon_command/camera.py``. The camera board (tag → square, from
``vision/square_grid.py``) is compared with the engine after every committed change:

- a creature of the deploying player put on the map while it may be deployed is proposed as
  ``deploy L`` (the camera acts, as Dreamblade's camera spawns);
- a creature on the battlefield that left the map (the tracker removes a tag only once the map
  is clear and the tag stayed unseen for its stable frames) is *prompted*, not applied: morale is
  lost only when a player confirms ``destroyed L`` on the panel, since the camera cannot tell a
  destroyed creature from one lifted off by mistake;
- everything else is a :class:`~companion.camera.reconciler.Note` (take it off, put it back,
  unknown tag, cannot be deployed now) flagged on the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.camera.reconciler import MAX_PROPOSALS, Note, flag_refusal, identify
from companion.events import Event
from companion.games.dungeon_command.game import INITIAL_DEPLOY, DungeonCommand
from companion.games.dungeon_command.data_files import square_mm
from companion.games.dungeon_command.camera import (
    CAMERA_SEEN,
    DESTROY_PROMPTED,
    TAG_GAME,
    TAG_SERIAL,
    registry,
)
from companion.table.table import CAMERA, Table
from vision.board_change import BoardChange, TagId

DEPLOY_KINDS = (INITIAL_DEPLOY, "deploy")



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


@dataclass(frozen=True)
class Sync:
    accepted: tuple[str, ...]
    prompts: tuple[DestroyPrompt, ...]
    notes: tuple[Note, ...]


def sync_table(table: Table, tags: Mapping[TagId, str], change: BoardChange) -> Sync:
    """Deploy what the camera saw put down (one action at a time, stopping at a refusal), then
    prompt each creature that left the map and flag every other difference."""
    accepted: list[str] = []
    result = Reconciliation((), (), ())
    for _ in range(MAX_PROPOSALS):
        result = table.read(lambda game: reconcile(change.board, tags, game, change.removed))
        if not result.proposals:
            break
        proposal = result.proposals[0]
        try:
            table.submit(CAMERA, proposal)
        except (ValueError, PermissionError, RuntimeError) as refusal:
            label = proposal.split()[1]
            note = Note("illegal", label, _square_of(label, tags, change))
            flag_refusal(table, note, refusal)
            return Sync(tuple(accepted), result.prompts, (note, *result.notes))
        accepted.append(proposal)
    for prompt in result.prompts:
        cells = (prompt.square,) if prompt.square else ()
        where = {"cell": prompt.square} if prompt.square else {}
        table.flag("destroy_prompted", cells, subject=prompt.label, seat=prompt.seat, **where)
        table.bus.publish(Event(DESTROY_PROMPTED, prompt.to_json()))
    for note in result.notes:
        note.flag(table)
    squares = {tags[tag]: square for tag, square in change.board.items() if tag in tags}
    table.bus.publish(Event(CAMERA_SEEN, {"squares": squares}))
    return Sync(tuple(accepted), result.prompts, result.notes)


def _square_of(label: str, tags: Mapping[TagId, str], change: BoardChange) -> str | None:
    """Where the camera sees creature ``label`` now, if it does."""
    return next((sq for tag, sq in change.board.items() if tags.get(tag) == label), None)
