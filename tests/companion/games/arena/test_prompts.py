import random

import pytest

from companion.games.arena.game import Arena
from companion.games.arena.prompts import LANGUAGES, MESSAGES, prompt, prompt_for, with_names

from .conftest import duel_setup, new_arena, play

KINDS = {
    "first_roll",
    "first_choice",
    "choose_army",
    "summon",
    "move",
    "attack",
    "attack_dice",
    "defence_dice",
    "game_over",
    "game_drawn",
}


def test_every_pending_kind_has_english_and_japanese():
    assert set(MESSAGES) == KINDS
    assert all(set(messages) == set(LANGUAGES) for messages in MESSAGES.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_step_of_a_turn_has_a_message(duel, lang):
    texts = []
    for text in ("choose pw-a", "summon he-a", "next", "attack pw-a pw-b", "hits 1"):
        texts.append(prompt_for(duel.pending(), lang))
        play(duel, text)
    texts.append(prompt_for(duel.pending(), lang))
    assert len(set(texts)) == len(texts)
    assert "pw-b" in texts[-1]


def test_unknown_languages_and_kinds_are_named():
    with pytest.raises(ValueError, match="es"):
        prompt("move", "es")
    with pytest.raises(KeyError, match="dance"):
        prompt("dance")


def test_every_pending_kind_met_in_play_formats_in_both_languages():
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = Arena(duel_setup())
        while legal := game.legal_actions():
            for lang in LANGUAGES:
                assert prompt_for(game.pending(), lang)
            seen.add(game.pending().kind)
            game.push(rng.choice(legal))
        seen.add(game.pending().kind)
        assert all(prompt_for(game.pending(), lang) for lang in LANGUAGES)
    drawn = new_arena(duel_setup())
    while not drawn.is_over:  # both sides only pass: equal scores when the track runs out
        play(drawn, "choose " + drawn.legal_actions()[0].card, "end")
    seen.add(drawn.pending().kind)
    assert all(prompt_for(drawn.pending(), lang) for lang in LANGUAGES)
    assert seen == KINDS


def test_english_counts_one_die_and_one_hit():
    one = prompt("defence_dice", "en", seat="Ben", target="Knight", hits=1, dice=1)
    two = prompt("defence_dice", "en", seat="Ben", target="Knight", hits=2, dice=2)
    assert "faces 1 hit." in one and "Roll 1 combat die and" in one
    assert "faces 2 hits." in two and "Roll 2 combat dice and" in two
    assert "1 combat die for" in prompt("attack_dice", "en", seat="Ann", attacker="Knight", dice=1)


def test_with_names_names_the_cards_and_figures_of_a_pending(duel):
    names = duel.setup.display_names()
    for text in ("choose pw-a", "summon he-a", "next", "attack pw-a pw-b"):
        play(duel, text)
    named = with_names(duel.pending(), names)
    assert named.details["target"] == names["pw-b"] != "pw-b"
    assert "pw-b" not in prompt_for(named, "en")
