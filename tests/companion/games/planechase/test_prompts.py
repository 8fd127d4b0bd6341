import random

import pytest

from companion.games.planechase.game import Planechase
from companion.games.planechase.prompts import LANGUAGES, MESSAGES, prompt, prompt_for
from companion.games.planechase.setup import Setup

from .conftest import IDS, own_decks

KINDS = {"reveal", "turn", "end_turn", "game_over"}


def test_every_pending_kind_has_english_and_japanese():
    assert set(MESSAGES) == KINDS
    assert all(set(messages) == set(LANGUAGES) for messages in MESSAGES.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pending_decisions_become_messages(virtual, lang):
    assert "a" in prompt_for(virtual.pending(), lang)
    virtual.push(virtual.legal_actions()[0])
    text = prompt_for(virtual.pending(), lang)
    assert virtual.plane is not None and virtual.plane.name in text
    assert IDS[0] not in text


def test_unknown_languages_and_kinds_are_named():
    with pytest.raises(ValueError, match="fr"):
        prompt("turn", "fr")
    with pytest.raises(KeyError, match="dance"):
        prompt("dance")


def test_every_pending_kind_met_in_play_formats_in_both_languages():
    seen = set()
    for seed in range(30):
        rng = random.Random(seed)
        game = Planechase(Setup(("a", "b", "c"), own_decks(("a", "b", "c")), first="a"))
        while legal := game.legal_actions():
            for lang in LANGUAGES:
                assert prompt_for(game.pending(), lang)
            seen.add(game.pending().kind)
            game.push(rng.choice(legal))
        seen.add(game.pending().kind)
        assert all(prompt_for(game.pending(), lang) for lang in LANGUAGES)
    assert seen == KINDS
