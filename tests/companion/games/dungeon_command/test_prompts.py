import random

import pytest

from companion.games.dungeon_command.actions import Deploy, Next
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.dungeon_command.prompts import LANGUAGES, MESSAGES, prompt, prompt_for

from .conftest import make_setup, play

KINDS = {"initial_deploy", "refresh", "activate", "deploy", "cleanup", "game_over", "game_drawn"}


def test_every_pending_kind_has_english_and_japanese():
    assert set(MESSAGES) == KINDS
    assert all(set(messages) == set(LANGUAGES) for messages in MESSAGES.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_step_of_a_game_has_a_message(game, lang):
    texts = [prompt_for(game.pending(), lang)]
    play(game, "deploy a00", "next", "deploy b00", "next")
    for _ in range(4):
        texts.append(prompt_for(game.pending(), lang))
        game.push(game.parse_action("next"))
    play(game, "next", "destroyed b00", "next", "next", "next")
    texts.append(prompt_for(game.pending(), lang))
    assert all("ann" in text for text in texts[:-1])
    assert "ann" in texts[-1]
    assert len(set(texts)) == len(texts)


def test_unknown_languages_and_kinds_are_named():
    with pytest.raises(ValueError, match="de"):
        prompt("refresh", "de", seat="x", turn=1)
    with pytest.raises(KeyError, match="dance"):
        prompt("dance")


def test_every_pending_kind_met_in_play_formats_in_both_languages():
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = DungeonCommand(make_setup())
        while legal := game.legal_actions():
            for lang in LANGUAGES:
                assert prompt_for(game.pending(), lang)
            seen.add(game.pending().kind)
            steps = [a for a in legal if isinstance(a, Deploy | Next)]
            game.push(rng.choice(steps if steps and rng.random() < 0.8 else legal))
        seen.add(game.pending().kind)
        assert all(prompt_for(game.pending(), lang) for lang in LANGUAGES)
    drawn = play(DungeonCommand(make_setup(ann_morale=5, ben_morale=5)), "deploy a00", "next")
    play(drawn, "deploy b00", "next", "next", "destroyed a00", "next", "next", "cower b00 10")
    play(drawn, "next")
    seen.add(drawn.pending().kind)
    assert all(prompt_for(drawn.pending(), lang) for lang in LANGUAGES)
    assert seen == KINDS
