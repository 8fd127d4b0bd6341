"""The Dreamblade AI's levels: legal, seeded choices with reasons the catalogs say; dice weighed by
their exact chances (the odds engine's); normal beats easy."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from companion.games.ai_seat import LEVELS, check_level
from companion.games.dreamblade import ai
from companion.games.dreamblade.actions import Dice
from companion.games.dreamblade.ai import (
    PLAYOUTS,
    DreambladeAi,
    chance_outcomes,
    evaluate,
    play_out,
    roll,
)
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.games.dreamblade.dice import AttackDie, Face, attack_odds
from companion.games.dreamblade.game import DreambladeGame
from companion.yaml_files import read_yaml

# the game's own words sit with its screens (docs/architecture.md, "Game kits")
MESSAGES = Path(__file__).parents[4] / "companion/games/dreamblade/screens/messages"


def _play(levels: dict[str, str], seed: int, budget: float | None = None) -> DreambladeGame:
    game = demo_game()
    rng = random.Random(seed)
    players = {seat: DreambladeAi(level, seed + i, budget) for i, (seat, level) in
               enumerate(sorted(levels.items()))}  # fmt: skip
    for _ in range(3000):
        if game.is_over:
            break
        if chance_outcomes(game) is not None:
            game.push(roll(game, rng))
            continue
        seat = game.pending().seat or "A"
        legal = game.decision_actions()
        choice = players[seat].choose(game)
        assert choice.action in legal
        assert choice.reason.key.startswith("ai.reason.")
        game.push(choice.action)
    return game


def _at_strike_dice() -> DreambladeGame:
    game = demo_game()
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index("dice 2,3,3,blade")]:
        game.push(game.parse_action(text))
    return game


def test_the_dice_are_weighed_by_the_odds_engines_exact_chances() -> None:
    game = _at_strike_dice()
    outcomes = chance_outcomes(game)
    assert outcomes is not None
    count = game.pending().details["dice"]
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)
    die = AttackDie(tuple(Face(f) for f in game.setup.attack_die), "confirmed", "test")
    odds = attack_odds(count, die)
    expected = sum(
        chance * sum(Face(f).damage for f in action.faces)
        for action, chance in outcomes
        if isinstance(action, Dice)
    )
    assert expected == pytest.approx(float(odds.expected_damage))
    no_damage = sum(
        chance
        for action, chance in outcomes
        if isinstance(action, Dice) and all(Face(f).damage == 0 for f in action.faces)
    )
    assert no_damage == pytest.approx(float(odds.damage[0]))
    assert odds.damage[0] < Fraction(1)


def test_a_roll_is_the_tables_not_the_ais() -> None:
    with pytest.raises(ValueError, match="roll"):
        DreambladeAi("normal").choose(_at_strike_dice())


def test_levels_are_checked() -> None:
    assert [check_level(level) for level in LEVELS] == ["easy", "normal", "strong"]
    with pytest.raises(ValueError, match="easy, normal, strong"):
        DreambladeAi("grandmaster")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_same_seed_plays_the_same_game(level: str) -> None:
    first = _play({"A": level, "B": "easy"}, seed=7)
    again = _play({"A": level, "B": "easy"}, seed=7)
    assert first.actions == again.actions
    assert first.winner() is not None


def test_normal_beats_easy_from_either_seat() -> None:
    for seed in range(4):
        seats = {"A": "normal", "B": "easy"} if seed % 2 == 0 else {"A": "easy", "B": "normal"}
        game = _play(seats, seed)
        winner = game.winner()
        assert winner is not None and seats[winner] == "normal", (seed, game.turn_wins())


def _at_first_shift() -> DreambladeGame:
    game = demo_game()
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index("move A:sir-glorious#1 b1")]:
        game.push(game.parse_action(text))
    assert game.pending().kind == "shift"
    return game


def test_strong_plays_its_choices_out_to_the_turns_end_and_stays_legal() -> None:
    game = _at_first_shift()
    strong = DreambladeAi("strong", seed=3, budget=None)
    choice = strong.choose(game)
    assert choice.action in game.decision_actions()
    assert strong.last_rounds == PLAYOUTS and strong.last_whole
    assert choice.reason.key in {
        "ai.reason.claims",
        "ai.reason.closer",
        "ai.reason.hold",
        "ai.reason.played_out",
    }
    again = DreambladeAi("strong", seed=3, budget=None).choose(game)
    assert again == choice
    # the game the AI was asked about is untouched
    assert [str(a) for a in game.actions] == list(
        DEMO_ACTIONS[: DEMO_ACTIONS.index("move A:sir-glorious#1 b1")]
    )


def test_a_play_out_is_seeded_ends_the_turn_and_leaves_the_game_as_it_was() -> None:
    game = demo_game()  # turn 3's initiative to roll: creatures of both seats in c3
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index("init 4 4")]:
        game.push(game.parse_action(text))
    turn, before = game.state.turn, list(game.actions)
    values = [play_out(game, "A", seed) for seed in range(6)]
    assert game.actions == before
    assert values == [play_out(game, "A", seed) for seed in range(6)]
    assert len(set(values)) > 1  # the dice differ from seed to seed
    # played to the turn's end: the turn's points are counted, and the scores are the turn's
    # result for A as evaluate sees it there
    for seed in range(6):
        dice, ties, pushed = random.Random(seed), random.Random(seed + 1), 0
        while game.state.turn == turn and not game.is_over:
            if chance_outcomes(game) is not None:
                game.push(roll(game, dice))
            elif game.pending().seat is None:
                game.push(game.parse_action("confirm"))
            else:
                game.push(ai._normal_choice(game, ties, None))
            pushed += 1
        assert values[seed] == evaluate(game, "A")
        for _ in range(pushed):
            game.pop()


def test_strong_plays_out_only_its_own_steps_and_answers_as_normal_elsewhere() -> None:
    game = demo_game()  # where a disrupted Scissors goes: 23 empty cells, no step of a seat
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index("place B:spellbound-scissors#1 a5")]:
        game.push(game.parse_action(text))
    assert game.pending().kind == "place_disruption"
    strong = DreambladeAi("strong", seed=3, budget=None)
    choice = strong.choose(game)
    assert choice.action in game.decision_actions()
    assert strong.last_rounds == 0 and strong.last_whole
    assert choice.reason.key == "ai.reason.best"
    assert choice.reason.params["n"] == len(list(game.decision_actions()))  # all weighed


def test_a_strong_move_out_of_time_answers_with_its_quick_weighing() -> None:
    game = _at_first_shift()
    strong = DreambladeAi("strong", seed=3, budget=0.0)
    choice = strong.choose(game)
    assert choice.action in game.decision_actions()
    assert strong.last_rounds == 0 and not strong.last_whole
    assert choice.reason.key != "ai.reason.played_out"  # it says no more than it did


def test_the_budget_counts_only_the_rounds_of_play_outs_finished_in_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a fake clock: each play-out takes 0.4 s of a 1 s budget, so the second round is cut
    now = [0.0]
    real_play_out = ai.play_out

    def timed_play_out(*args: object, **kwargs: object) -> float:
        value = real_play_out(*args, **kwargs)  # type: ignore[arg-type]
        now[0] += 0.4
        return value

    monkeypatch.setattr(ai.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(ai, "play_out", timed_play_out)
    game = _at_first_shift()
    strong = DreambladeAi("strong", seed=3, budget=1.0)
    choice = strong.choose(game)
    assert choice.action in game.decision_actions()
    assert strong.last_rounds == 1 and not strong.last_whole
    if choice.reason.key == "ai.reason.played_out":
        assert choice.reason.params["k"] == 1


def test_a_position_scores_the_same_for_one_seat_as_against_the_other() -> None:
    game = _at_strike_dice()
    assert evaluate(game, "A") == -evaluate(game, "B")
    assert evaluate(game, "A") != 0


def test_normal_walks_towards_the_cells_that_score() -> None:
    game = demo_game()
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index("move A:sir-glorious#1 b1")]:
        game.push(game.parse_action(text))
    before = evaluate(game, "A")
    choice = DreambladeAi("normal", seed=1).choose(game)
    game.push(choice.action)
    assert evaluate(game, "A") > before
    assert choice.reason.key in {"ai.reason.claims", "ai.reason.closer"}


def test_every_reason_is_said_in_english_and_japanese() -> None:
    source = (Path(__file__).parents[4] / "companion/games/dreamblade/ai.py").read_text()
    keys = {part.split('"')[0] for part in source.split('Label("')[1:]}
    assert keys >= {"ai.reason.only", "ai.reason.random", "ai.reason.claims"}
    for language in ("en", "ja"):
        catalog = read_yaml(MESSAGES / f"{language}.yaml")
        assert keys <= set(catalog), language
