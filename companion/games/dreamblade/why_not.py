"""Why an action a player may look for is not offered now, named by the rule that stops it, so
the phone says it in one line ("Strike: none of your creatures is engaged"); and why each scoring
cell is claimed or not.

Read-only helpers over a game's setup and state; the engine's own checks stay where they are
(``combat``, ``movement``, ``conquest``): these only name, for the current decision, what those
checks would refuse.
"""

from __future__ import annotations

from typing import Any

from companion.games.dreamblade import board, conquest, engine
from companion.games.dreamblade.state import SEATS, Setup, State


def _creatures_in_play(setup: Setup, state: State, seat: str) -> list[str]:
    return [m for m in board.in_play(setup, state, seat) if setup.pieces[m].is_creature]


def missing_actions(setup: Setup, state: State) -> list[dict[str, str]]:
    """The actions the current decision leaves out that its player may look for, each as
    ``{"action": <verb>, "rule": <the rule that stops it>}``."""
    now = engine.pending(setup, state)
    seat = now.seat
    if seat is None:
        return []
    mine = _creatures_in_play(setup, state, seat)
    if now.kind == "choose_action" and not now.details["fight_cells"]:
        if not mine:
            return [{"action": "strike", "rule": "strike.no_creatures"}]
        if state.fought:
            return [{"action": "strike", "rule": "strike.cell_once"}]
        return [{"action": "strike", "rule": "strike.none_engaged"}]
    if now.kind == "shift" and not now.details["movable"]:
        if not mine:
            return [{"action": "move", "rule": "shift.no_creatures"}]
        unmoved = [m for m in mine if m not in state.moved]
        if not unmoved:
            return [{"action": "move", "rule": "shift.all_moved"}]
        engaged = board.engaged_creatures(setup, state)
        if all(m in engaged for m in unmoved):
            return [{"action": "move", "rule": "shift.all_engaged"}]
        return [{"action": "move", "rule": "shift.nowhere"}]
    return []


def claim_reasons(setup: Setup, state: State) -> list[dict[str, Any]]:
    """Each scoring cell with who claims it and why (``reason``): ``held`` (only the claimer's
    creatures stand there), ``contested`` (both seats' creatures do), ``empty`` (no creature) or
    ``not_theirs`` (only ``holders``' creatures, for whom it is not a scoring cell)."""
    owners = board.seats_with_creatures(setup, state)
    claimed = conquest.claims(setup, state)
    found = []
    for cell in sorted(setup.dream_map.key_values):
        scores_for = [s for s in SEATS if cell in setup.dream_map.scoring_cells(s)]
        if not scores_for:
            continue
        holders = sorted(owners.get(cell, frozenset()))
        if cell in claimed:
            reason = "held"
        elif len(holders) > 1:
            reason = "contested"
        elif not holders:
            reason = "empty"
        else:
            reason = "not_theirs"
        found.append(
            {
                "cell": cell,
                "value": conquest.key_value(setup, state, cell),
                "claimed_by": claimed.get(cell),
                "holders": holders,
                "scores_for": scores_for,
                "reason": reason,
            }
        )
    return found
