"""A demonstration position for ``companion leds show``: one hand-built board view per scene.

Seat A's portal is a1, seat B's is e5. Mid-game, A holds b3 and d4, B holds c3 and b2, and c4
is contested.
"""

from __future__ import annotations

from dataclasses import replace

from companion.lights.board_view import BoardView

_SCORING = {
    "A": {"b3": 2, "c3": 3, "d3": 2, "b4": 1, "c4": 2, "d4": 1},
    "B": {"b3": 2, "c3": 3, "d3": 2, "b2": 1, "c2": 2, "d2": 1},
}

MIDGAME = BoardView(
    phase="action",
    turn=3,
    phase_seat="A",
    pending_kind="choose_action",
    occupants={
        "a1": ("A",),
        "b3": ("A", "A"),
        "d4": ("A",),
        "c3": ("B",),
        "b2": ("B",),
        "c4": ("A", "B"),
        "e5": ("B",),
    },
    portals={"A": "a1", "B": "e5"},
    contested=frozenset({"c4"}),
    scoring=_SCORING,
    claims={"b3": "A", "d4": "A", "c3": "B", "b2": "B"},
    turn_wins={"A": 1, "B": 1},
    last_turn_winner="B",
)

DEMO_VIEWS: dict[str, BoardView] = {
    "spawn": replace(
        MIDGAME,
        phase="spawn",
        pending_kind="spawn",
        spawn_cells=frozenset({"a1", "b1", "c1", "e1"}),
    ),
    "shift": replace(
        MIDGAME,
        pending_kind="move",
        moving_from="b3",
        shift_destinations=frozenset({"a3", "b4", "a2", "c2", "a4"}),
    ),
    "strike": replace(MIDGAME, pending_kind="attack_dice"),
    "conquest": replace(
        MIDGAME, phase="conquest", phase_seat=None, pending_kind="confirm_conquest"
    ),
    "illegal": replace(MIDGAME, flagged=frozenset({"e3"})),
    "turn_won": replace(MIDGAME, phase="initiative", turn=4, pending_kind="initiative"),
    "game_won": replace(
        MIDGAME, phase="game_over", phase_seat=None, pending_kind="none", winner="A"
    ),
}


def demo_view(scene: str) -> BoardView:
    """The demo position suited to ``scene`` (the mid-game position for the others)."""
    return DEMO_VIEWS.get(scene, MIDGAME)
