"""What a player reads must never show the engine's insides: miniature ids (``A:scissors#1``),
pending kinds (``choose_action``), internal labels (``walker-a``, "State 49") or Python reprs.
``assert_no_internal_ids(page)`` checks a page's visible text (hidden elements are not read).
On a Japanese page, ``english_words(page, allowed)`` finds every word in Latin letters that is not
one of the ``allowed`` proper names (miniatures, cards, maps, players) nor a cell name."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from companion.games.dreamblade.engine import PENDING_KINDS

INTERNAL = (
    re.compile(r"\b[AB]:[A-Za-z0-9._-]+#\d+"),  # an engine miniature id
    re.compile(r"\b(?:" + "|".join(k for k in PENDING_KINDS if "_" in k) + r")\b"),  # pending kinds
    re.compile(r"\bwalker-[a-z]\b"),  # the other games' figure labels
    re.compile(r"\b(?:State|状態) \d+\b"),  # the table's version number
    re.compile(r"\{'|'\}|\bNone\b"),  # a Python repr
)


def internal_ids(text: str) -> list[str]:
    """Every piece of ``text`` that is an internal id, kind or repr."""
    return [match.group(0) for pattern in INTERNAL for match in pattern.finditer(text)]


def assert_no_internal_ids(page: Page) -> None:
    text = page.locator("body").inner_text()
    found = internal_ids(text)
    assert not found, f"internal ids shown to a player: {found}"


LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’.-]*[A-Za-z]|[A-Za-z]")
# Not English: the board's cell names (a1…e5) and its columns, the seat letters (席 A), and the
# language toggle, which names the other language in that language.
NOT_ENGLISH = re.compile(r"^(?:[a-e][1-5]?|[AB]|English)$")


def english_in(text: str, allowed: set[str]) -> set[str]:
    """The words of ``text`` in Latin letters that are neither ``allowed`` nor language-free."""
    return {w for w in LATIN_WORD.findall(text) if w not in allowed and not NOT_ENGLISH.match(w)}


def english_words(page: Page, allowed: set[str]) -> set[str]:
    """The English left on a (Japanese) page's visible text: ``english_in`` of its body."""
    return english_in(page.locator("body").inner_text(), allowed)
