"""The judge's corrections (issue 8): place, move, remove a miniature and adjust a seat's points
at any moment, refused when they make no sense (state unchanged), kept in the record."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.actions import parse_action
from companion.games.dreamblade.corrections import (
    CORRECTED,
    CorrectMove,
    CorrectPlace,
    CorrectPoints,
    CorrectRemove,
)
from companion.games.dreamblade.game import DreambladeGame
from tests.companion.games.dreamblade.builders import (
    at,
    creature,
    kinds,
    location,
    new_game,
    play,
)

KNIGHT = creature("knight", power=2, defense=3, life=5)
SQUIRE = creature("squire", power=1, defense=2, life=3)
WALL = creature("wall", power=0, defense=9, life=9)
TOWER = location("tower")
HOUSE = location("house")


def shifting(**options: Any) -> DreambladeGame:
    """Seat A's shift: A's knight in b1, B's wall in c4; squires and the tower in reserve."""
    return at(
        [KNIGHT, SQUIRE, SQUIRE, SQUIRE, SQUIRE, SQUIRE, TOWER],
        [WALL, HOUSE],
        {"A:knight#1": "b1", "B:wall#1": "c4", "B:house#1": "c4"},
        mode="shift",
        **options,
    )


def unchanged_after(game: DreambladeGame, text: str, rule: str) -> None:
    before = game.position()
    count = len(game.actions)
    with pytest.raises(IllegalActionError) as refused:
        play(game, text)
    assert refused.value.rule == rule
    assert game.position() == before
    assert len(game.actions) == count


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("correct place A:squire#1 c3", CorrectPlace("A:squire#1", "c3")),
        ("correct move A:knight#1 e2", CorrectMove("A:knight#1", "e2")),
        ("correct remove B:wall#1 reserve", CorrectRemove("B:wall#1", "reserve")),
        ("correct remove B:wall#1 graveyard", CorrectRemove("B:wall#1", "graveyard")),
        ("correct points A +2", CorrectPoints("A", 2)),
        ("correct points B -3", CorrectPoints("B", -3)),
    ],
)
def test_the_notation_round_trips(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert str(action) == text
    assert action.judge_only is True


@pytest.mark.parametrize(
    "text",
    [
        "correct",
        "correct teleport A:knight#1 c3",
        "correct place A:knight#1 f9",
        "correct move A:knight#1",
        "correct remove A:knight#1 limbo",
        "correct points C +1",
        "correct points A 0",
        "correct points A two",
    ],
)
def test_malformed_corrections_name_what_was_expected(text: str) -> None:
    with pytest.raises(ValueError, match="correct"):
        parse_action(text)


def test_ordinary_actions_are_not_judge_only() -> None:
    assert parse_action("move A:knight#1 b2").judge_only is False


def test_place_puts_a_reserve_miniature_on_the_map_without_paying_or_triggering() -> None:
    game = shifting()
    pending = game.pending()
    events = play(game, "correct place A:squire#1 c3")
    assert game.state.zone["A:squire#1"] == "c3"
    assert [e.data for e in events if e.kind == CORRECTED] == [
        {"what": "place", "mini": "A:squire#1", "from": "reserve", "to": "c3"}
    ]
    assert "spawned" not in kinds(events)
    # the pending decision is still the shift, worked out again from the corrected board
    assert game.pending().kind == pending.kind == "shift"
    assert "A:squire#1" in game.pending().details["movable"]


def test_place_from_the_graveyard_and_the_location_limit() -> None:
    game = shifting()
    play(game, "correct remove B:wall#1 graveyard")
    assert game.graveyard("B") == ["B:wall#1"]
    play(game, "correct place B:wall#1 c4")
    assert game.state.zone["B:wall#1"] == "c4"
    unchanged_after(game, "correct place A:tower#1 c4", "spawn.one_location")
    play(game, "correct place A:tower#1 b1")
    assert game.state.zone["A:tower#1"] == "b1"


def test_place_refuses_a_miniature_already_on_the_map() -> None:
    unchanged_after(shifting(), "correct place A:knight#1 c3", "correction.place_from")


def test_move_keeps_damage_and_engages_without_a_shift() -> None:
    game = shifting(damage={"A:knight#1": 2})
    play(game, "correct move A:knight#1 c4")
    assert game.state.zone["A:knight#1"] == "c4"
    assert game.state.damage["A:knight#1"] == 2
    assert "A:knight#1" in game.engaged_creatures()
    assert "A:knight#1" not in game.state.moved  # not a shift: it may still shift


def test_move_refusals() -> None:
    game = shifting()
    unchanged_after(game, "correct move A:knight#1 b1", "correction.same_cell")
    unchanged_after(game, "correct move A:squire#1 b2", "correction.not_on_map")
    unchanged_after(game, "correct move X:nobody#1 b2", "correction.unknown_mini")


def test_the_stack_limit_holds_except_in_the_owners_portal() -> None:
    game = shifting()
    for copy in range(1, 5):
        play(game, f"correct place A:squire#{copy} c2")
    unchanged_after(game, "correct place A:squire#5 c2", "stack_limit")
    unchanged_after(game, "correct move A:knight#1 c2", "stack_limit")
    for copy in range(1, 5):
        play(game, f"correct move A:squire#{copy} a1")
    play(game, "correct place A:squire#5 a1")  # the portal takes a fifth, as for spawning
    assert len(game.board()["a1"]) == 5


def test_remove_scores_nothing_and_clears_damage() -> None:
    game = shifting(damage={"B:wall#1": 4})
    kills, bonus = dict(game.state.kills), dict(game.state.bonus_losses)
    events = play(game, "correct remove B:wall#1 reserve")
    assert game.reserve("B") == ["B:wall#1"]
    assert "B:wall#1" not in game.state.damage
    assert game.state.kills == kills and game.state.bonus_losses == bonus
    assert "destroyed" not in kinds(events)
    unchanged_after(game, "correct remove B:wall#1 graveyard", "correction.not_on_map")


def test_points_change_the_tally_this_turn() -> None:
    game = at([KNIGHT], [WALL], {"A:knight#1": "c3"}, phase="conquest")
    before = game.tally()
    play(game, "correct points A +2", "correct points B -1")
    assert game.tally() == {"A": before["A"] + 2, "B": before["B"] - 1}
    unchanged_after(game, "correct points A +21", "correction.points")


def test_miniatures_are_not_corrected_during_a_combat_but_points_are() -> None:
    game = at(
        [KNIGHT],
        [WALL, SQUIRE],
        {"A:knight#1": "c3", "B:wall#1": "c3"},
        mode="strike",
    )
    play(game, "cell c3")
    assert game.pending().kind == "attack_dice"
    for text in (
        "correct remove B:wall#1 reserve",
        "correct move A:knight#1 c2",
        "correct place B:squire#1 e5",
    ):
        unchanged_after(game, text, "correction.during_combat")
    play(game, "correct points B +1")
    assert game.pending().kind == "attack_dice"


def test_nothing_is_corrected_once_the_game_is_over() -> None:
    game = shifting(phase="game_over")
    unchanged_after(game, "correct points A +1", "correction.game_over")
    unchanged_after(game, "correct move A:knight#1 b2", "correction.game_over")


def test_corrections_are_not_offered_as_legal_actions() -> None:
    game = shifting()
    assert not any(a.judge_only for a in game.legal_actions())


def test_the_record_replays_corrections_and_undo_is_exact() -> None:
    game = new_game([KNIGHT, SQUIRE], [WALL])
    play(game, "init 5 3", "spawn A:knight#1 a1")
    tally_b = game.tally()["B"]
    play(game, "correct place A:squire#1 c3", "correct points B +2")
    record = game.record()
    assert record["actions"][-2:] == ["correct place A:squire#1 c3", "correct points B +2"]
    replayed = DreambladeGame.from_record(record)
    assert replayed.position() == game.position()
    assert replayed.state.zone["A:squire#1"] == "c3"
    assert replayed.tally()["B"] == tally_b + 2
    assert replayed.pending().kind == "spawn"  # still seat A's spawn phase
    assert replayed.pop() == CorrectPoints("B", 2)
    assert replayed.pop() == CorrectPlace("A:squire#1", "c3")
    assert replayed.state.zone["A:squire#1"] == "reserve"
    assert replayed.tally()["B"] == tally_b
