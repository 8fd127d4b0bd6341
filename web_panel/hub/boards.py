"""The hub pages' polls without re-sending what the page already has.

The wall polls ``/api/event?boards=1`` every 2 s. Each table's spectator view goes with a tag (a
digest of its content); the page sends back the tags it holds (``seen=table-1:TAG,table-2:TAG``)
and a table whose view still has that tag comes back as ``view_unchanged`` without its view. A
view is tagged by content, not by version: anything a table changes in it (a seat's name, its
log) is a change. A ``seen`` the hub can't read is no error: every view is sent, as to a new page.

The event itself (the round, the standings, the players…) is tagged the same way on every
``/api/event`` answer (``event_tag``): a page that sends back the tag it holds (``event_seen=TAG``)
gets ``event_unchanged`` without that part while nothing in it changed. The clock (its
``hub_time`` moves on every poll) and the tables' list (scores, turns and boards) always come.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

SEEN_LIMIT = 4096  # characters of ``seen`` read: 64 tables with the longest names and tags
TAG_LENGTH = 16  # hex digits of the digest: a wrong "unchanged" would need a 64-bit collision


# The parts of the event's answer sent on every poll; every other part is tagged as one.
ALWAYS_SENT = ("clock", "tables")


def view_tag(view: dict[str, Any] | None) -> str | None:
    """The tag of a spectator view: the same view, the same tag (``None`` for no view)."""
    if view is None:
        return None
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:TAG_LENGTH]


def parse_tag(text: str | None) -> str | None:
    """A tag the page sent back, or ``None`` for anything that is not one."""
    if text and len(text) == TAG_LENGTH and all(c in "0123456789abcdef" for c in text):
        return text
    return None


def parse_seen(text: str | None) -> dict[str, str]:
    """``table → tag`` of what the page holds, from ``seen``; malformed items are skipped."""
    seen: dict[str, str] = {}
    for item in (text or "")[:SEEN_LIMIT].split(","):
        name, colon, tag = item.rpartition(":")
        if colon and name and len(tag) == TAG_LENGTH:
            seen[name] = tag
    return seen


def board_fields(view: dict[str, Any] | None, held: str | None) -> dict[str, Any]:
    """A table's board in the wall's answer: its tag, and its view unless the page holds it."""
    tag = view_tag(view)
    if tag is not None and tag == held:
        return {"view_tag": tag, "view_unchanged": True}
    return {"view_tag": tag, "view": view}


def event_fields(event: dict[str, Any], held: str | None) -> dict[str, Any]:
    """The event's answer with its tag; without the tagged part when the page holds it."""
    part = {key: value for key, value in event.items() if key not in ALWAYS_SENT}
    tag = view_tag(part)
    if tag == held:
        sent = {key: event[key] for key in ALWAYS_SENT if key in event}
        return {**sent, "event_tag": tag, "event_unchanged": True}
    return {**event, "event_tag": tag}
