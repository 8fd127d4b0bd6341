"""What the engine assumes for a keyword (``Keyword.assumed``) is said to the judge in English
and in Japanese: every English note has its Japanese one beside it in the keyword's module."""

from __future__ import annotations

import re
from collections.abc import Iterable

from companion.games.dreamblade.abilities.keywords import KEYWORDS, Activation, Keyword

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana and kanji


def without_japanese(keywords: Iterable[Keyword]) -> list[str]:
    """The keywords whose English note has no Japanese note (or one with no Japanese in it)."""
    return sorted(
        k.name
        for k in set(keywords)
        if k.assumed and (not k.assumed_ja.strip() or not JAPANESE.search(k.assumed_ja))
    )


def test_every_english_note_has_a_japanese_one() -> None:
    noted = [k for k in KEYWORDS.values() if k.assumed]
    assert noted, "no keyword has a note: this test checks nothing"
    assert without_japanese(KEYWORDS.values()) == []


def test_a_keyword_with_an_english_note_only_is_found() -> None:
    def keyword(**note: str) -> Keyword:
        return Keyword("Test", "none", frozenset({Activation.STATIC}), **note)

    english = "Read as one cell."
    assert without_japanese([keyword(assumed=english)]) == ["Test"]
    assert without_japanese([keyword(assumed=english, assumed_ja=english)]) == ["Test"]
    assert without_japanese([keyword(assumed=english, assumed_ja="1マスとして読みます。")]) == []
    assert without_japanese([keyword()]) == []


def test_no_japanese_note_without_an_english_one() -> None:
    """docs/abilities.md lists the English notes: a Japanese note alone would be missing there."""
    assert [k.name for k in KEYWORDS.values() if k.assumed_ja and not k.assumed] == []
