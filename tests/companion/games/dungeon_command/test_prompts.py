import pytest

from companion.games.dungeon_command.prompts import LANGUAGES, MESSAGES, prompt, prompt_for

from .conftest import play

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
