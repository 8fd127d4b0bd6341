"""The mutable state of one Dreamblade game, and the fixed setup it is played with.

``Setup`` never changes during a game (map, warbands, die faces, settings). ``State`` is
everything else; the engine applies an action to a ``clone()`` and keeps the old state for
``pop()``, so an illegal action leaves nothing changed and undo is exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion import grid
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.keyword_state import KeywordState

if TYPE_CHECKING:
    from companion.games.dreamblade.pieces import Piece

SEATS = ("A", "B")
RESERVE = "reserve"
GRAVEYARD = "graveyard"
OUT_OF_GAME = "out"
TURN_WINS_TO_WIN = 6


def other(seat: str) -> str:
    return "B" if seat == "A" else "A"


@dataclass(frozen=True)
class Settings:
    """``rule_430``: the tournament initiative rule (FAQ 430) — after an initiative phase with
    a 1, every 1 of the next initiative phase is rerolled. ``die_confirmed``: the players
    checked the attack die's faces against their own dice when the game was set up (answers then
    say "confirmed at this table" instead of "unconfirmed")."""

    rule_430: bool = False
    die_confirmed: bool = False


@dataclass(frozen=True)
class Setup:
    dream_map: DreamMap
    pieces: dict[str, Piece]
    attack_die: tuple[str, ...]
    settings: Settings = Settings()

    def seat_pieces(self, seat: str) -> list[Piece]:
        return [p for p in self.pieces.values() if p.owner == seat]

    @property
    def die_faces(self) -> frozenset[str]:
        return frozenset(self.attack_die)


@dataclass(frozen=True)
class Attack:
    """One attack in progress: a strike attack or a deathblow (FAQ combat steps 2–4)."""

    kind: str  # "strike" | "deathblow"
    seat: str
    cell: str
    attackers: tuple[str, ...]
    dice_count: int
    stage: str  # "dice" | "reroll" | "blades" | "damage"
    dice: tuple[str, ...] = ()
    rerolls: tuple[tuple[str, int], ...] = ()  # (creature, up to N dice) still to offer
    blades_left: int = 0
    used: frozenset[tuple[str, int]] = frozenset()  # (creature, ability index) used once
    damage_bonus: int = 0


@dataclass(frozen=True)
class Combat:
    """One cell's combat (FAQ steps 1–10).

    ``step``: "attack" (an attack is in progress), "decide" (step 5 choices), "deathblow"
    (step 6), "carry_out" (step 7 placements). ``decisions`` maps a creature to "disrupt",
    "destroy" or "return" for this pass of steps 5–9.
    """

    cell: str
    attackers: tuple[str, ...]
    step: str
    attack: Attack | None = None
    decisions: tuple[tuple[str, str], ...] = ()
    choices: tuple[str, ...] = ()  # creatures that may be disrupted or destroyed, undecided
    deathblow_cells: tuple[str, ...] = ()
    deathblow_groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    to_place: tuple[str, ...] = ()  # disrupted creatures waiting for a cell
    carry_owners: tuple[str, ...] = ()  # whose creatures are carried out next (step 7 order)


@dataclass(frozen=True)
class TurnResult:
    turn: int
    claims: dict[str, str]
    tally: dict[str, int]
    winner: str | None


@dataclass
class State:
    turn: int = 1
    phase: str = "initiative"
    first_player: str | None = None
    phase_seat: str | None = None
    action_round: int = 0  # 1 or 2: which of the seat's two action phases
    # initiative
    init_dice: dict[str, int | None] = field(default_factory=lambda: {"A": None, "B": None})
    to_roll: tuple[str, ...] = SEATS
    ones_this_turn: bool = False
    ones_last_turn: bool = False
    spawn_sum: int = 0
    # spawn
    spawn_points: int = 0
    bonus_losses: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    spawned_into: dict[str, int] = field(default_factory=dict)
    ally_cells_at_start: frozenset[str] = frozenset()
    abilities_used: frozenset[tuple[str, int]] = frozenset()  # spawn abilities used this phase
    # pieces
    zone: dict[str, str] = field(default_factory=dict)
    damage: dict[str, int] = field(default_factory=dict)
    # action phases
    mode: str | None = None  # "shift" | "strike"
    moved: frozenset[str] = frozenset()
    fought: frozenset[str] = frozenset()
    combat: Combat | None = None
    # conquest
    kills: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    learned_values: dict[str, int] = field(default_factory=dict)
    turn_wins: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    results: tuple[TurnResult, ...] = ()
    winner: str | None = None
    # the seat that just used an ability the engine does not implement: it may apply the effect
    # (relocate, sacrifice, self-destroy) until its next regular action
    manual_seat: str | None = None
    # what keyword abilities add (keyword_state.py); immutable, so clones may share it
    keywords: KeywordState = field(default_factory=KeywordState)
    # the judge's modifiers (modifiers.py): (mini, stat, amount), sorted; immutable
    modifiers: tuple[tuple[str, str, int], ...] = ()
    # cell → pieces, rebuilt after a move; never mutated in place, so clones may share it
    _occupants: dict[str, list[str]] | None = field(default=None, repr=False, compare=False)
    # cell → seats with a creature there (same caching); filled by ``board.seats_with_creatures``
    _owners: dict[str, frozenset[str]] | None = field(default=None, repr=False, compare=False)

    def clone(self) -> State:
        copy = State.__new__(State)
        copy.__dict__.update(self.__dict__)
        for name in ("init_dice", "bonus_losses", "spawned_into", "zone", "damage", "kills"):
            setattr(copy, name, dict(getattr(self, name)))
        copy.learned_values = dict(self.learned_values)
        copy.turn_wins = dict(self.turn_wins)
        return copy

    # where things are
    def place(self, mini: str, where: str) -> None:
        """Put a piece somewhere: a cell, the reserve, the graveyard or out of the game."""
        self.zone[mini] = where
        self._occupants = self._owners = None

    def occupants(self) -> dict[str, list[str]]:
        """Cell → pieces there (creatures and locations), in warband order. Read-only."""
        if self._occupants is None:
            cells: dict[str, list[str]] = {}
            for mini, where in self.zone.items():
                if where in grid.CELL_SET:
                    cells.setdefault(where, []).append(mini)
            self._occupants = cells
        return self._occupants

    def on_map(self, mini: str) -> bool:
        return self.zone[mini] in grid.CELL_SET
