"""The wall's boards without re-sending what the wall already has.

The wall polls ``/api/event?boards=1`` every 2 s. Each table's spectator view goes with a tag (a
digest of its content); the page sends back the tags it holds (``seen=table-1:TAG,table-2:TAG``)
and a table whose view still has that tag comes back as ``view_unchanged`` without its view. A
view is tagged by content, not by version: anything a table changes in it (a seat's name, its
log) is a change. A ``seen`` the hub can't read is no error: every view is sent, as to a new page.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

SEEN_LIMIT = 4096  # characters of ``seen`` read: 64 tables with the longest names and tags
TAG_LENGTH = 16  # hex digits of the digest: a wrong "unchanged" would need a 64-bit collision


def view_tag(view: dict[str, Any] | None) -> str | None:
    """The tag of a spectator view: the same view, the same tag (``None`` for no view)."""
    if view is None:
        return None
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:TAG_LENGTH]


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
