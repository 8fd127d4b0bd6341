from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.games.protocol import Pending
from companion.lights.board_view import BoardView, board_view_from_game, board_view_or_none


@dataclass
class FakeMini:
    id: str
    owner: str
    kind: str = "creature"


@dataclass
class FakeGame:
    """Implements only the query methods the adapter uses."""

    phase: str = "spawn"
    phase_seat: str | None = "A"
    turn: int = 2
    pending_value: Pending = field(default_factory=lambda: Pending("A", "spawn"))
    minis: dict[str, list[FakeMini]] = field(default_factory=dict)
    wins: Any = field(default_factory=list)
    winner_seat: str | None = None
    seats: tuple[str, ...] = ("A", "B")
    calls: list[str] = field(default_factory=list)

    def pending(self) -> Pending:
        return self.pending_value

    def board(self) -> dict[str, list[FakeMini]]:
        return self.minis

    def portal(self, seat: str) -> str:
        return {"A": "a1", "B": "e5"}[seat]

    def legal_spawn_cells(self, seat: str) -> set[str]:
        self.calls.append(f"spawn:{seat}")
        return {"a1", "b1"} if seat == "A" else {"e5"}

    def legal_shift_destinations(self, mini_id: str) -> list[str]:
        self.calls.append(f"shift:{mini_id}")
        return ["b4", "c3"]

    def contested_cells(self) -> set[str]:
        return {"c3"}

    def scoring_cells(self, seat: str) -> dict[str, int | None]:
        return {"c3": 3, "c4" if seat == "A" else "c2": None}

    def claims(self) -> dict[str, str]:
        return {"c4": "A"}

    def turn_wins(self) -> Any:
        return self.wins

    def winner(self) -> str | None:
        return self.winner_seat


def test_spawn_phase_view():
    game = FakeGame(
        minis={"b3": [FakeMini("m1", "A")], "c3": [FakeMini("m2", "A"), FakeMini("m3", "B")]}
    )
    view = board_view_from_game(game, flagged=["d2"])
    assert view.phase == "spawn" and view.turn == 2 and view.pending_kind == "spawn"
    assert view.spawn_cells == {"a1", "b1"}
    assert view.portals == {"A": "a1", "B": "e5"}
    assert view.occupants == {"b3": ("A",), "c3": ("A", "B")}
    assert view.contested == {"c3"}
    assert view.scoring == {"A": {"c3": 3, "c4": None}, "B": {"c3": 3, "c2": None}}
    assert view.claims == {"c4": "A"}
    assert view.flagged == {"d2"}
    assert view.moving_from is None and not view.shift_destinations


def test_shift_view_finds_the_moving_creature():
    game = FakeGame(
        phase="action",
        phase_seat="B",
        pending_value=Pending("B", "move", {"mini_id": "m3"}),
        minis={"c4": [FakeMini("m3", "B")]},
    )
    view = board_view_from_game(game)
    assert view.moving_from == "c4"
    assert view.shift_destinations == {"b4", "c3"}
    assert not view.spawn_cells
    assert "spawn:B" not in game.calls


def test_turn_wins_as_a_sequence_gives_the_last_winner():
    view = board_view_from_game(FakeGame(phase="initiative", wins=["A", None, "B"]))
    assert view.turn_wins == {"A": 1, "B": 1}
    assert view.last_turn_winner == "B"


def test_turn_wins_as_counts_has_no_last_winner():
    view = board_view_from_game(FakeGame(phase="initiative", wins={"A": 2, "B": 0}))
    assert view.turn_wins == {"A": 2, "B": 0}
    assert view.last_turn_winner is None


def test_game_over_carries_the_winner():
    view = board_view_from_game(
        FakeGame(
            phase="game_over", phase_seat=None, pending_value=Pending(None, "none"), winner_seat="B"
        )
    )
    assert view.winner == "B"


def test_view_rejects_bad_cells_and_phases():
    with pytest.raises(ValueError, match="z9"):
        BoardView(phase="spawn", spawn_cells=frozenset({"z9"}))
    with pytest.raises(ValueError, match="phase"):
        BoardView(phase="lunch")


def test_view_is_immutable():
    view = BoardView(phase="action", claims={"c3": "A"})
    with pytest.raises(TypeError):
        view.claims["c3"] = "B"  # type: ignore[index]


def test_shift_pending_lists_the_movable_creatures_cells():
    game = FakeGame(
        phase="action",
        pending_value=Pending("A", "shift", {"movable": {"m1": ["b4"], "m9": ["a1"]}}),
        minis={"b3": [FakeMini("m1", "A")], "d4": [FakeMini("m2", "A")]},
    )
    view = board_view_from_game(game)
    assert view.movable == {"b3"}  # m9 is not on the map
    assert view.moving_from is None


def test_a_creature_picked_up_is_the_one_moving():
    game = FakeGame(
        phase="action",
        pending_value=Pending("A", "shift", {"movable": {"m1": ["b4"]}}),
        minis={"b3": [FakeMini("m1", "A")]},
    )
    view = board_view_from_game(game, moving="m1")
    assert view.moving_from == "b3"
    assert view.shift_destinations == {"b4", "c3"}
    assert game.calls == ["shift:m1"]


def test_a_game_without_board_queries_has_no_view():
    class CardGame:
        def pending(self) -> Pending:
            return Pending("A", "play")

    assert board_view_or_none(CardGame()) is None
    assert board_view_or_none(FakeGame()) == board_view_from_game(FakeGame())
