"""A dreamscape map: portals and key-cell conquest values. Scoring cells are derived.

Seat A sits at row 1, seat B at row 5 (see ``companion.grid``). The key cells are the centre
3×3 (b2..d4). A seat scores the 3 key cells on the opponent's side plus the 3 in the centre row.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from companion import grid

SEATS = ("A", "B")
SPAWN_ROW = {"A": 1, "B": 5}
KEY_CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in (2, 3, 4) for c in "bcd")
# The values a key cell may be given when a map names no range of its own: a bound on a number
# typed in by people, not a rule.
DEFAULT_VALUE_RANGE = (0, 9)
# The key row on each seat's own side scores for the opponent.
_OPPONENT_SIDE_KEY_ROW = {"A": 4, "B": 2}


@dataclass(frozen=True)
class DreamMap:
    """``key_values``: conquest points per key cell, ``None`` where the value is unknown.

    ``provisional`` marks a map whose values are not confirmed from a printed map.
    ``value_range`` bounds every value given to a key cell (lowest, highest); ``agreed`` names the
    key cells whose value the players read from their printed map when they set up the game.
    """

    name: str
    portals: dict[str, str]
    key_values: dict[str, int | None]
    provisional: bool
    source: str
    value_range: tuple[int, int] = DEFAULT_VALUE_RANGE
    agreed: tuple[str, ...] = ()

    @property
    def unknown_cells(self) -> tuple[str, ...]:
        """The key cells whose value is not known."""
        return tuple(cell for cell in KEY_CELLS if self.key_values.get(cell) is None)

    @property
    def printed_key(self) -> str:
        """Which printed map this is, whatever values were agreed on it: a short digest of its
        name, portals, the values its file knows and its range. A table remembers the values its
        players read off a printed map by this key."""
        known = {c: None if c in self.agreed else v for c, v in sorted(self.key_values.items())}
        printed = [self.name, sorted(self.portals.items()), known, list(self.value_range)]
        return hashlib.sha256(json.dumps(printed).encode()).hexdigest()[:16]

    def values_read(self, given: Mapping[str, int] | None = None) -> dict[str, int]:
        """The values the players read off the printed map for the cells its file leaves
        unknown: those agreed at set-up, then ``given`` (the judge's or both seats' word during
        the game) over them."""
        read = {cell: self.key_values[cell] for cell in self.agreed}
        read |= {cell: value for cell, value in (given or {}).items() if cell in KEY_CELLS}
        return {cell: value for cell, value in read.items() if value is not None}

    def in_range(self, value: object) -> bool:
        low, high = self.value_range
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

    def spawn_row(self, seat: str) -> tuple[str, ...]:
        row = SPAWN_ROW[seat]
        return tuple(f"{c}{row}" for c in grid.COLUMNS)

    def scoring_cells(self, seat: str) -> tuple[str, ...]:
        """The six key cells that score for ``seat``."""
        return _scoring_cells(seat)


@cache
def _scoring_cells(seat: str) -> tuple[str, ...]:
    """The same on every map (the key cells are the centre 3×3): worked out once a seat, as the
    computer player's search asks it for every position it weighs."""
    rows = (3, _OPPONENT_SIDE_KEY_ROW[seat])
    return tuple(cell for cell in KEY_CELLS if grid.row_of(cell) in rows)
