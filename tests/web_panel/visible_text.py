"""What a player reads must never show the engine's insides: miniature ids (``A:scissors#1``),
pending kinds (``choose_action``), internal labels (``walker-a``, "State 49") or Python reprs.
``assert_no_internal_ids(page)`` checks a page's visible text (hidden elements are not read)."""

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
