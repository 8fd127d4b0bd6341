import random

import pytest

from companion.games.arena.actions import Attack, End, FirstRoll, Hits, Move, Next, Shields, Summon
from companion.games.arena.ai import (
    PLAYOUTS,
    ArenaAi,
    arena_ai,
    evaluate,
    play_out,
    proposable,
    ranked,
)
from companion.games.arena.dice import ROLL_KINDS
from companion.games.arena.game import Arena
from companion.games.arena.setup import FIELD
from companion.games.protocol import Label

from .conftest import duel_setup, play


def roll(game, rng):
    """The table's part in these games: a d20, or hits and shields drawn among the counts the
    engine allows (any face split of the combat die gives these counts)."""
    pending = game.pending()
    if pending.kind == "first_roll":
        return FirstRoll(pending.seat, rng.randint(1, 20))
    count = rng.randint(0, pending.details["dice"])
    return Hits(count) if pending.kind == "attack_dice" else Shields(count)


def whole_game(players, seed):
    """A whole game, each seat's computer choosing and checked legal before it is played; the
    choices made, in order."""
    game, rng, chosen = Arena(duel_setup()), random.Random(seed), []
    for _ in range(2000):
        if game.is_over:
            return game, chosen
        pending = game.pending()
        if pending.kind in ROLL_KINDS:
            game.push(roll(game, rng))
            continue
        choice = players[pending.seat].choose(game)
        assert choice.action in game.legal_actions()
        assert isinstance(choice.reason, Label) and choice.reason.key.startswith("ar.ai.")
        chosen.append((str(choice.action), choice.reason.key))
        game.push(choice.action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
@pytest.mark.parametrize("seed", range(3))
def test_every_level_plays_only_legal_actions_to_the_end(level, seed):
    players = {"a": arena_ai(level, seed, 0.2), "b": arena_ai("normal", seed + 7, 0.2)}
    game, chosen = whole_game(players, seed)
    assert game.is_over and chosen


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_the_same_seed_and_game_give_the_same_choices(level):
    def run(seed):
        players = {"a": ArenaAi(level, seed, None), "b": ArenaAi(level, seed + 1, None)}
        return whole_game(players, 3)[1]

    assert run(11) == run(11)
    if level == "easy":
        assert run(11) != run(12)


def test_the_table_rolls_the_dice_not_the_computer(duel):
    game = play(duel, "choose pw-a", "next", "next", "attack pw-a pw-b")
    assert game.pending().kind == "attack_dice"
    with pytest.raises(ValueError, match="roll"):
        ArenaAi("normal").choose(game)
    assert proposable(game) == []
    with pytest.raises(ValueError, match="roll"):
        ArenaAi("easy").choose(Arena(duel_setup()))  # the d20 for the first player


def test_the_computer_never_claims_a_spell_a_reveal_or_height(duel):
    game = play(duel, "choose pw-a", "next", "next")
    offered = proposable(game)
    assert any(isinstance(a, Attack) for a in offered)
    assert all(not isinstance(a, Attack) or a.higher is None for a in offered)
    legal = game.legal_actions()
    assert any(isinstance(a, Attack) and a.higher for a in legal)
    assert "Damage" in {type(a).__name__ for a in legal}
    assert {type(a).__name__ for a in offered} <= {"Attack", "End"}


def test_strong_leaves_the_game_as_it_was_and_is_seeded(duel):
    game = play(duel, "choose pw-a", "next", "next")
    before = (game.state.to_json(), [str(a) for a in game.actions])
    first = ArenaAi("strong", 4, None)
    choice = first.choose(game)
    assert (game.state.to_json(), [str(a) for a in game.actions]) == before
    assert first.last_rounds == PLAYOUTS  # no budget: every round played out
    assert ArenaAi("strong", 4, None).choose(game) == choice
    assert choice.action in game.legal_actions()


def test_play_out_ends_the_turn_and_undoes_itself(duel):
    game = play(duel, "choose pw-a", "next", "next")
    before = game.state.to_json()
    pushed, push = [], game.push
    game.push = lambda action: pushed.append(action) or push(action)
    value = play_out(game, "a", seed=9)
    assert game.state.to_json() == before and game.turn == 1
    assert isinstance(pushed[0], Attack) and pushed[-1] == End()  # attacks, then the turn ends
    assert any(isinstance(a, Hits) for a in pushed) and any(isinstance(a, Shields) for a in pushed)
    assert value == play_out(game, "a", seed=9)  # the same seed, the same dice
    assert evaluate(game, "a") == -evaluate(game, "b")


def test_strong_counts_only_the_rounds_finished_in_time(duel):
    game = play(duel, "choose pw-a", "next", "next")
    player = ArenaAi("strong", 4, 0.0)  # no time at all: normal's choice stands
    choice = player.choose(game)
    assert player.last_rounds == 0
    assert choice == ArenaAi("normal", 4).choose(game)


def test_normal_takes_the_attack_that_can_destroy_the_planeswalker(duel):
    # the hero out, and b's planeswalker down to one life: its attack dice can destroy it
    game = play(duel, "choose pw-a", "summon he-a", "next", "end")
    game = play(game, "choose pw-b", "next", "next", "end", "choose he-a", "next")
    play(game, "damage pw-b +1", "damage pw-b +1", "damage pw-b +1")
    choice = ArenaAi("normal", 5).choose(game)
    assert choice.action == Attack("he-a", "pw-b")
    assert choice.reason.key == "ar.ai.can_destroy"


def test_normal_attacks_what_it_can_destroy_then_ends_the_turn(duel):
    game = play(duel, "choose pw-a", "next", "next", "end", "choose pw-b", "summon sq-b-1")
    game = play(game, "summon sq-b-2", "next", "end", "choose pw-a", "next", "next")
    # pw-a: 2 dice; pw-b has 4 life and 1 defence die, a squad figure 1 life: destroyable
    best = ranked(game)[0]
    assert isinstance(best.action, Attack) and best.action.target.startswith("sq-b")
    play(game, str(best.action), "hits 1", "shields 0")
    assert ArenaAi("normal").choose(game).action == End()


def test_normal_summons_the_figure_worth_most_then_moves_on(duel):
    game = play(duel, "choose pw-a")
    assert game.pending().kind == "summon"
    choice = ArenaAi("normal").choose(game)
    assert choice.action == Summon("he-a") and choice.reason.key == "ar.ai.summon"


def test_normal_takes_a_face_up_glyph_and_never_leaves_a_better_one(duel):
    game = play(duel, "choose pw-a", "next")
    choice = ArenaAi("normal").choose(game)
    # the glyphs of power and toughness (g1, g2) add a die each: either, never movement's
    assert choice.action in (Move("pw-a", "g1"), Move("pw-a", "g2"))
    assert choice.reason.key == "ar.ai.glyph"
    play(game, str(choice.action))
    assert ArenaAi("normal").choose(game).action == Next()
    assert game.figure("pw-a").place != FIELD


def test_normal_prefers_more_dice_over_the_target_when_nothing_can_be_destroyed(duel):
    game = play(duel, "choose pw-a", "next", "next", "end", "choose pw-b", "summon he-b")
    game = play(game, "next", "end", "choose pw-a", "next", "next")
    # pw-a's 2 dice: pw-b (4 life, 1 defence die) and he-b (3 life, 2 defence dice) both live
    choice = ArenaAi("normal").choose(game)
    assert choice.action == Attack("pw-a", "pw-b")
    assert choice.reason == Label("ar.ai.attack", {**choice.reason.params, "a": 2, "d": 1})
