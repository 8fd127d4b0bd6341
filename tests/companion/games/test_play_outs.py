"""Play-outs (``companion.games.play_outs``): the switch rule and the rounds, on a counter game."""

from __future__ import annotations

import pytest

from companion.games.play_outs import OutOfTime, clearly_better, play_out_rounds, tried
from tests.companion.counter_game import Add, CounterGame


def test_another_choice_overrules_the_first_only_when_clearly_better() -> None:
    # each round: the ends of (the first choice, another, a third), on the same dice
    assert clearly_better([[10.0, 5.0, 0.0], [-50.0, -55.0, -60.0]]) == 0  # the first is best
    assert clearly_better([[0.0, 8.0, 1.0], [60.0, 66.0, 61.0], [-60.0, -52.0, -59.0]]) == 1
    # better on average by one lucky round only: the first stands
    assert clearly_better([[0.0, 0.0, 120.0], [60.0, 55.0, 58.0], [-60.0, -62.0, -61.0]]) == 0
    assert clearly_better([[1.0, 1.5], [1.0, 0.4], [1.0, 1.2]]) == 0  # a lucky mean, not clear
    assert clearly_better([[1.0, 2.0], [1.0, 2.1], [1.0, 1.9]]) == 1
    assert clearly_better([[0.0, 30.0, 0.0]]) == 0  # one round says nothing of the spread


def test_each_round_plays_every_choice_on_its_seed_and_leaves_the_game_as_it_was() -> None:
    game = CounterGame()
    game.push(Add(1))
    seen: list[tuple[int, int]] = []

    def play_out(after: CounterGame, seed: int) -> float:
        seen.append((after.total, seed))
        return float(after.total * seed)

    rounds = play_out_rounds(game, [Add(2), Add(3)], [1, 10], play_out)
    assert rounds == [[3.0, 4.0], [30.0, 40.0]]
    assert seen == [(3, 1), (4, 1), (3, 10), (4, 10)]
    assert game.total == 1 and len(game.actions) == 1


def test_only_the_rounds_finished_in_time_count() -> None:
    game = CounterGame()
    calls = 0

    def play_out(after: CounterGame, seed: int) -> float:
        nonlocal calls
        calls += 1
        if calls == 4:  # the budget runs out in the second round's second choice
            raise OutOfTime
        return float(seed)

    assert play_out_rounds(game, [Add(1), Add(2)], [7, 8, 9], play_out) == [[7.0, 7.0]]
    assert game.total == 0 and game.actions == []
    with pytest.raises(ZeroDivisionError):
        play_out_rounds(game, [Add(1)], [1], lambda after, seed: 1 / 0)
    assert game.total == 0  # popped even when the play-out fails


def test_what_is_tried_is_popped_however_the_block_ends() -> None:
    game = CounterGame()
    with tried(game) as push:
        push(Add(1))
        push(Add(2))
        assert game.total == 3
    assert game.total == 0 and game.actions == []
    with pytest.raises(OutOfTime), tried(game) as push:
        push(Add(3))
        raise OutOfTime
    assert game.actions == []
