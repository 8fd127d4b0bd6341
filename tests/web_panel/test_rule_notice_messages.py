"""Every rule notice and refusal reason an engine can give has its words in every language: the
keys are read from the engines' source, where each notice is made."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from web_panel.i18n import LANGUAGES, catalog

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"


def _keys() -> set[str]:
    keys: set[str] = set()
    for path in GAMES.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys |= {f"notice.rule.dreamblade.{n}" for n in re.findall(r'\bsaid\("([\w.]+)"', text)}
        keys |= set(re.findall(r'"(notice\.rule\.[\w.]+)"', text))
        keys |= set(re.findall(r'"(refusal\.[\w.]+)"', text))
        prefix = re.search(r'^NOTICE = "(notice\.rule\.[\w.]+)"', text, re.M)
        if prefix:
            keys |= {prefix[1] + n for n in re.findall(r'f"\{NOTICE\}(\w+)"', text)}
    # Dreamblade's ones rerolled name the rule that rerolls them
    keys |= {f"notice.rule.dreamblade.ones_rerolled.{why}" for why in ("turn_1", "rule_430")}
    return {key for key in keys if not key.endswith(".")}


def test_the_engines_give_notices_of_every_game() -> None:
    games = {key.split(".")[2] for key in _keys() if key.startswith("notice.rule.")}
    assert games == {"dreamblade", "arena", "dungeon_command", "planechase"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_notice_and_reason_is_said_in_each_language(lang: str) -> None:
    missing = sorted(key for key in _keys() if key not in catalog(lang))
    assert missing == []


def _rules() -> set[str]:
    found: set[str] = set()
    for path in GAMES.rglob("*.py"):
        found |= set(re.findall(r'\brule="([^"]+)"', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_a_refusal_names_is_explained_in_each_language(lang: str) -> None:
    """A refusal's words on a phone are its reason and the rule's explanation, never the
    engine's English: so every rule an engine names has one."""
    rules = _rules()
    assert len(rules) > 50
    assert sorted(rule for rule in rules if f"rule.{rule}" not in catalog(lang)) == []
