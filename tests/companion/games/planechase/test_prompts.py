import pytest

from companion.games.planechase.prompts import LANGUAGES, MESSAGES, prompt, prompt_for

from .conftest import IDS

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
