"""Two seated players agree a map value on their phones (a table outside an event).

When a conquest needs a key cell whose printed value the companion does not know, each seated
player reads it off the map on the table and confirms it on their own phone. The same number
from both seats is the value (pushed as the game's ``value`` action, in the game record); two
different numbers call the judge, who settles it as before. Either player may change their
number until then. What each seat said is kept per game and cell, in memory: a restarted table
asks them again.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Literal

Outcome = Literal["waiting", "agreed", "disagreed"]


@dataclass(frozen=True)
class Said:
    """What the seats have said of one cell: ``values`` (seat → number), the outcome now and
    the outcome before this seat spoke (``before``)."""

    values: dict[str, int]
    outcome: Outcome
    before: Outcome


def outcome_of(values: dict[str, int], seats: tuple[str, ...]) -> Outcome:
    """``agreed`` when every seat said the same number, ``disagreed`` when two differ."""
    if len(set(values.values())) > 1:
        return "disagreed"
    return "agreed" if all(seat in values for seat in seats) else "waiting"


@dataclass
class MapAgreement:
    """The numbers the seats said, by (game, cell)."""

    _said: dict[tuple[int, str], dict[str, int]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def say(self, game_id: int, cell: str, seat: str, value: int, seats: tuple[str, ...]) -> Said:
        """``seat`` reads ``value`` for ``cell``; what the seats have said now."""
        with self._lock:
            values = self._said.setdefault((game_id, cell), {})
            before = outcome_of(values, seats)
            values[seat] = value
            said = Said(dict(values), outcome_of(values, seats), before)
            if said.outcome == "agreed":
                del self._said[(game_id, cell)]
            return said

    def withdraw(self, game_id: int, cell: str, seat: str) -> None:
        """Forget ``seat``'s number (the value could not be pushed)."""
        with self._lock:
            self._said.get((game_id, cell), {}).pop(seat, None)

    def view(self, game_id: int, cells: list[str], seats: tuple[str, ...]) -> dict[str, object]:
        """For the phones, each of ``cells`` (the values the game waits for) someone spoke of:
        which seats confirmed a number, and both numbers once they differ (a number is not shown
        before that, so neither player reads the other's)."""
        with self._lock:
            shown: dict[str, object] = {}
            for cell in cells:
                values = self._said.get((game_id, cell))
                if not values:
                    continue
                outcome = outcome_of(values, seats)
                shown[cell] = {
                    "seats": sorted(values),
                    "disagreed": outcome == "disagreed",
                    **({"values": dict(values)} if outcome == "disagreed" else {}),
                }
            return shown
