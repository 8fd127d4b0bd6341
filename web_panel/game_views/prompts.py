"""The engines' own prompts for the panel, in every language they have, with seats marked.

A prompt names seats by their ids; the panel shows the seat's name instead. Each seat id the
prompt is filled with is written ``⟦id⟧`` so the page can put the name in (``SEAT_MARK``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.games.protocol import Pending

SEAT_MARK = "⟦{}⟧"

PromptFunction = Callable[..., str]


def mark(seat: object) -> object:
    """``⟦seat⟧`` for a seat id; anything else (``None``, numbers) unchanged."""
    return SEAT_MARK.format(seat) if isinstance(seat, str) else seat


def engine_prompts(
    prompt: PromptFunction,
    languages: Iterable[str],
    pending: Pending,
    seat_fields: Iterable[str] = (),
    seat_keyed: Iterable[str] = (),
) -> dict[str, str]:
    """``{language: text}`` of ``prompt(kind, language, seat=…, **details)`` with the pending
    seat, the ``seat_fields`` details (a seat id each) and the keys of the ``seat_keyed``
    details (seat → value) marked."""
    details: dict[str, Any] = dict(pending.details)
    for name in seat_fields:
        if name in details:
            details[name] = mark(details[name])
    for name in seat_keyed:
        if isinstance(details.get(name), dict):
            details[name] = {mark(key): value for key, value in details[name].items()}
    return {
        language: prompt(pending.kind, language, seat=mark(pending.seat), **details)
        for language in languages
    }
