"""What the LED scenes need to know about a game, as one small immutable value.

Scenes are pure functions of a :class:`BoardView`; :func:`board_view_from_game` builds one from
the 5×5 map's engine's query methods (the agreed contract: ``turn``, ``phase``, ``phase_seat``,
``pending()``, ``board()``, ``portal(seat)``, ``legal_spawn_cells(seat)``,
``legal_shift_destinations(mini_id)``, ``contested_cells()``, ``scoring_cells(seat)``,
``claims()``, ``turn_wins()``, ``winner()``).

At a remote table (issue 28) some seats are *absent*: their miniatures stand on the other table's
map, not on this one. ``absent`` names them and ``absent_minis`` says where each of their
miniatures stands (the scenes light those cells; the driver plays their moves from the change).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion import grid

SEATS = ("A", "B")
# The engine queries the adapter relies on; a game without them has no board view.
QUERIES = (
    "turn",
    "phase",
    "phase_seat",
    "pending",
    "board",
    "portal",
    "legal_spawn_cells",
    "legal_shift_destinations",
    "contested_cells",
    "scoring_cells",
    "claims",
    "turn_wins",
    "winner",
)
PHASES = ("initiative", "spawn", "action", "conquest", "game_over")


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class BoardView:
    phase: str
    turn: int = 1
    phase_seat: str | None = None
    pending_kind: str | None = None
    occupants: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # cell → seat per mini
    portals: Mapping[str, str] = field(default_factory=dict)  # seat → cell
    spawn_cells: frozenset[str] = frozenset()  # legal spawn cells of the spawning seat
    movable: frozenset[str] = frozenset()  # cells of creatures that may still shift
    moving_from: str | None = None  # cell of the creature being moved
    shift_destinations: frozenset[str] = frozenset()
    contested: frozenset[str] = frozenset()
    scoring: Mapping[str, Mapping[str, int | None]] = field(default_factory=dict)  # seat → values
    claims: Mapping[str, str] = field(default_factory=dict)  # cell → claiming seat
    turn_wins: Mapping[str, int] = field(default_factory=dict)  # seat → turns won
    last_turn_winner: str | None = None
    winner: str | None = None
    flagged: frozenset[str] = frozenset()  # cells of an illegal or ambiguous move
    absent: frozenset[str] = frozenset()  # seats whose miniatures are on another table's map
    absent_minis: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # id → (seat, cell)

    def __post_init__(self) -> None:
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r} (expected one of {', '.join(PHASES)})")
        cells = [
            *self.occupants,
            *self.portals.values(),
            *self.spawn_cells,
            *self.shift_destinations,
            *self.movable,
            *self.contested,
            *self.claims,
            *self.flagged,
            *(cell for _, cell in self.absent_minis.values()),
            *(cell for values in self.scoring.values() for cell in values),
            *([self.moving_from] if self.moving_from else []),
        ]
        for cell in cells:
            grid.check_cell(cell)
        object.__setattr__(self, "occupants", _frozen(self.occupants))
        object.__setattr__(self, "portals", _frozen(self.portals))
        object.__setattr__(
            self, "scoring", _frozen({s: _frozen(v) for s, v in self.scoring.items()})
        )
        object.__setattr__(self, "claims", _frozen(self.claims))
        object.__setattr__(self, "turn_wins", _frozen(self.turn_wins))
        object.__setattr__(self, "absent_minis", _frozen(self.absent_minis))
        if any(seat not in self.absent for seat, _ in self.absent_minis.values()):
            raise ValueError("absent_minis holds only the absent seats' miniatures")

    @property
    def scoring_cells(self) -> frozenset[str]:
        """Key cells that score for at least one seat."""
        return frozenset(cell for values in self.scoring.values() for cell in values)


def board_view_from_game(
    game: Any,
    flagged: Iterable[str] = (),
    moving: str | None = None,
    absent: Iterable[str] = (),
) -> BoardView:
    """Build a view from the engine's query methods.

    ``flagged`` cells come from the reconciler (an illegal or ambiguous board change), not from
    the engine. The creature being moved is ``moving`` (e.g. the one the camera saw lifted) or
    else ``pending().details["mini_id"]``; during a shift, ``details["movable"]`` names the
    creatures that may still move.
    ``turn_wins()`` may be a sequence of per-turn winners (``None`` for a tie) or a mapping of
    seat → turns won; only the sequence says who won the last turn.
    ``absent``: the seats whose miniatures are not on this table's map (remote play).
    """
    seats = tuple(getattr(game, "seats", SEATS))
    phase = game.phase
    pending = game.pending()
    board = game.board()
    occupants = {
        cell: tuple(mini.owner for mini in minis) for cell, minis in board.items() if minis
    }
    spawning = game.phase_seat if phase == "spawn" else None
    mini_id = moving or pending.details.get("mini_id")
    cell_of = {mini.id: cell for cell, minis in board.items() for mini in minis}
    movable = frozenset(cell_of[m] for m in pending.details.get("movable", {}) if m in cell_of)
    moving_from = None
    destinations: frozenset[str] = frozenset()
    if mini_id is not None:
        moving_from = cell_of.get(mini_id)
        destinations = frozenset(game.legal_shift_destinations(mini_id))
    away = frozenset(absent)
    absent_minis = {
        mini.id: (mini.owner, cell)
        for cell, minis in board.items()
        for mini in minis
        if mini.owner in away
    }
    wins = game.turn_wins()
    if isinstance(wins, Mapping):
        turn_wins, last = dict(wins), None
    else:
        results = list(wins)
        turn_wins = {seat: results.count(seat) for seat in seats}
        last = results[-1] if results else None
    return BoardView(
        phase=phase,
        turn=game.turn,
        phase_seat=game.phase_seat,
        pending_kind=pending.kind,
        occupants=occupants,
        portals={seat: game.portal(seat) for seat in seats},
        spawn_cells=frozenset(game.legal_spawn_cells(spawning)) if spawning else frozenset(),
        movable=movable,
        moving_from=moving_from,
        shift_destinations=destinations,
        contested=frozenset(game.contested_cells()),
        scoring={seat: dict(game.scoring_cells(seat)) for seat in seats},
        claims=dict(game.claims()),
        turn_wins=turn_wins,
        last_turn_winner=last,
        winner=game.winner(),
        flagged=frozenset(flagged),
        absent=away,
        absent_minis=absent_minis,
    )


def board_view_or_none(game: Any, absent: Iterable[str] = ()) -> BoardView | None:
    """The view of a game with the 5×5 board queries; ``None`` for other games (the
    lights then fall back to the attract mode)."""
    if not all(hasattr(game, query) for query in QUERIES):
        return None
    return board_view_from_game(game, absent=absent)
