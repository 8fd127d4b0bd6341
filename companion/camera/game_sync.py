"""The camera's sync for a game on squares or hexes: what its kit's reconciler makes of each
committed board change (``GameKit.camera``, pure) is proposed to the engine as the camera, one
action at a time, stopping at a refusal; then every prompt only the players can settle is flagged
and published, every other difference flagged, and the pieces the camera sees now published.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.camera.reconciler import MAX_PROPOSALS, flag_note, flag_refusal
from companion.events import Event
from companion.games.board_reading import Note
from companion.games.kit import CameraReading, Prompt
from companion.table.table import CAMERA, Table
from vision.board_change import BoardChange, TagId


@dataclass(frozen=True)
class Sync:
    """What one sync did: the actions the engine accepted, the prompts and the notes."""

    accepted: tuple[str, ...]
    prompts: tuple[Prompt, ...]
    notes: tuple[Note, ...]


def sync_table(
    table: Table,
    tags: Mapping[TagId, str],
    change: BoardChange,
    reading: CameraReading,
    field: Any = None,
) -> Sync:
    """Propose what the camera saw (one action at a time, stopping at a refusal), then prompt
    what only the players can enter and flag every other difference. ``field``: what the
    reconciler knows of the map beyond its grid (``reading.field``)."""
    accepted: list[str] = []
    prompts: list[Prompt] = []
    notes: tuple[Note, ...] = ()
    for _ in range(MAX_PROPOSALS):
        result = table.read(lambda game: reading.reconcile(change, tags, game, field))
        prompts += [p for p in result.prompts if p not in prompts]
        notes = result.notes
        if not result.proposals:
            break
        proposal = result.proposals[0]
        try:
            table.submit(CAMERA, proposal)
        except (ValueError, PermissionError, RuntimeError) as refusal:
            note = table.read(partial(reading.refused, proposal, change, tags))
            flag_refusal(table, note, refusal)
            notes = (note, *notes)
            break
        accepted.append(proposal)
    for prompt in prompts:
        table.flag(prompt.flag_kind, prompt.cells, **prompt.about())
        table.bus.publish(Event(prompt.event, prompt.to_json()))
    for note in notes:
        flag_note(table, note)
    table.bus.publish(Event(reading.seen_event, reading.seen(change, tags)))
    return Sync(tuple(accepted), tuple(prompts), notes)
