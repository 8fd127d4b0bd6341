"""From what the camera sees to what the engine is asked: the reconciler.

It compares the whole committed board the camera sees with the engine's board (not just the last
change, so a missed change cannot desynchronise them) and, using the pending decision, proposes the
actions that explain the difference: a new miniature in a spawn cell during a spawn phase is a
``spawn``, a creature moved one cell during a shift is a ``move``, a disrupted creature put down
during placement is a ``place``. Every other difference becomes a ``Note`` for the LEDs and the
panel ("put it back", "take it off the map"), never an action.

At a remote table (issue 28) the other seat's miniatures stand on the other table's map: they are
in the engine's position but never under this camera. Those *absent* seats (``absent``, from the
state's ``remote`` block: ``table/seats_here.absent_at``) are left out on both sides: their
pieces in the engine are not "missing", a tag of theirs seen here is not read, and nothing is
proposed while the pending decision is theirs (only their own table's players act for them).
The engine still holds both sides, so a cell with two of ours and three of theirs is one engaged
cell for the rules.

Tags are bound to pieces by a registry made at game setup. By default seat A's copy ``k`` of a
miniature wears serial ``k`` and seat B's wears serial ``100 + k`` (the labels tool prints them so).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.board_reading import Note, identify
from companion.games.protocol import Pending
from companion.table.seats_here import absent_at
from companion.table.table import CAMERA, Table
from vision.board_change import TagId

SERIAL_OFFSET = {"A": 0, "B": 100}
PROPOSING_KINDS = {"spawn": "spawn", "shift": "move", "place_disruption": "place"}
MAX_PROPOSALS = 64  # more than any one board change can explain (8 spawns, 16 moves...)


def flag_note(table: Table, note: Note) -> None:
    """Flag ``note`` on the table: its kind, its cells and what it concerns."""
    table.flag(note.kind, note.cells, **note.about())


def flag_refusal(table: Table, note: Note, refusal: Exception) -> None:
    """Flag the camera's proposal the engine refused: ``note`` says whose move and where; the
    rule the engine named (``rule``, which the panel explains) and its own words (``detail``,
    for logs: they hold engine ids) go with it."""
    rule = getattr(refusal, "rule", "")
    table.flag("refused", note.cells, **note.about(), rule=rule, detail=str(refusal))


@dataclass(frozen=True)
class Reconciliation:
    proposals: tuple[str, ...]
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class Sync:
    """What one camera sync did: the actions the engine accepted and the notes left to resolve."""

    accepted: tuple[str, ...]
    notes: tuple[Note, ...]


def default_registry(piece_ids: Iterable[str], game: str = "db") -> dict[TagId, str]:
    """Tag → piece id for pieces named ``"<seat>:<catalog id>#<copy>"``."""
    registry: dict[TagId, str] = {}
    for piece in piece_ids:
        seat, rest = piece.split(":", 1)
        catalog_id, copy = rest.rsplit("#", 1)
        registry[TagId(game, catalog_id, SERIAL_OFFSET[seat] + int(copy))] = piece
    return registry


def owner(piece: str) -> str:
    return piece.split(":", 1)[0]


def reconcile(
    seen: Mapping[TagId, str],
    registry: Mapping[TagId, str],
    engine_board: Mapping[str, str],
    pending: Pending,
    absent: frozenset[str] = frozenset(),
) -> Reconciliation:
    """``seen``: tag → cell from the camera; ``engine_board``: piece → cell from the engine;
    ``absent``: the seats played at another table (remote play), not read here.

    Returns the actions to propose, in order (propose one, then reconcile again: each accepted
    action changes what is legal next), and the notes for everything else.
    """
    seen_pieces, notes = identify(seen, registry)
    if absent:
        seen_pieces = {p: cell for p, cell in seen_pieces.items() if owner(p) not in absent}
        engine_board = {p: cell for p, cell in engine_board.items() if owner(p) not in absent}

    verb = PROPOSING_KINDS.get(pending.kind) if pending.seat not in absent else None
    proposals: list[str] = []
    for piece, cell in sorted(seen_pieces.items()):
        was = engine_board.get(piece)
        if was == cell:
            continue
        if verb is not None and _fits(verb, piece, was, cell, pending):
            proposals.append(f"{verb} {piece} {cell}")
        elif verb is not None and _is_attempt(verb, piece, was, pending):
            notes.append(Note("illegal", piece, cell, was))
        elif was is None:
            notes.append(Note("take_off", piece, cell))
        else:
            notes.append(Note("put_back", piece, cell, was))
    for piece, cell in sorted(engine_board.items()):
        if piece not in seen_pieces:
            notes.append(Note("put_back", piece, None, cell))
    return Reconciliation(tuple(proposals), tuple(notes))


def _fits(verb: str, piece: str, was: str | None, cell: str, pending: Pending) -> bool:
    details = pending.details
    if verb == "spawn":
        return was is None and owner(piece) == pending.seat
    if verb == "move":
        return was is not None and cell in details.get("movable", {}).get(piece, ())
    return piece in details.get("creatures", ()) and cell in details.get("cells", ())


def _is_attempt(verb: str, piece: str, was: str | None, pending: Pending) -> bool:
    """Whether the change looks like the pending action, done wrong (shown as illegal)."""
    if verb == "spawn":
        return was is None and owner(piece) == pending.seat
    if verb == "move":
        return was is not None and owner(piece) == pending.seat
    return piece in pending.details.get("creatures", ())


def engine_board(game: Any) -> dict[str, str]:
    """Piece id → cell of every miniature the engine has on the map."""
    return {mini.id: cell for cell, minis in game.board().items() for mini in minis}


def sync_table(
    table: Table,
    registry: Mapping[TagId, str],
    seen: Mapping[TagId, str],
    absent: frozenset[str] | None = None,
) -> Sync:
    """Bring the engine in line with the board the camera committed, as far as the rules allow.

    Proposes one action at a time as the camera (each accepted action changes what is legal
    next), stops at the first refusal, and flags every remaining difference on the table.
    ``absent``: the seats played at another table; ``None``: as the table's state says.
    """
    if absent is None:
        absent = absent_at(table)
    accepted: list[str] = []
    for _ in range(MAX_PROPOSALS):
        board, pending = table.read(lambda game: (engine_board(game), game.pending()))
        result = reconcile(seen, registry, board, pending, absent)
        if not result.proposals:
            break
        proposal = result.proposals[0]
        try:
            table.submit(CAMERA, proposal)
        except (ValueError, PermissionError, RuntimeError) as refusal:
            piece, cell = proposal.split()[1:3]
            note = Note("illegal", piece, cell, board.get(piece))
            flag_refusal(table, note, refusal)
            return Sync(tuple(accepted), (note, *result.notes))
        accepted.append(proposal)
    for note in result.notes:
        flag_note(table, note)
    return Sync(tuple(accepted), result.notes)
