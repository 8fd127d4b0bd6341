"""How deep a JSON text nests, measured on the raw bytes before any parser (which would recurse
once per level) sees it: the one depth check of the phones' requests and the tables' messages."""

from __future__ import annotations

import json
from typing import Any

MAX_JSON_DEPTH = 32

_ESCAPES = ((b"\\\\", b""), (b'\\"', b""))  # an escaped backslash, then an escaped quote
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")  # an object nests as an array does


class TooDeep(ValueError):
    """JSON nested deeper than allowed."""


def json_depth(raw: bytes, limit: int | None = None) -> int:
    """How deep the arrays and objects of ``raw`` nest (brackets inside strings don't count);
    with ``limit``, counting stops past it (``limit + 1``: deeper than that).

    Done at C speed, never one Python step per byte: the strings are cut out (escapes first),
    then every innermost pair of brackets is removed at once, one level per pass (a message
    nested 100,000 deep is refused after one search for a run of openings)."""
    if b"\\" in raw:
        for escape, nothing in _ESCAPES:
            raw = raw.replace(escape, nothing)
    outside_strings = b"".join(raw.split(b'"')[::2])
    brackets = outside_strings.translate(_SQUARE, _NOT_BRACKET)
    if limit is not None and b"[" * (limit + 1) in brackets:
        return limit + 1  # a run of openings longer than the limit: no need to count further
    depth = 0
    while brackets and (limit is None or depth <= limit):
        inner = brackets.replace(b"[]", b"")  # every innermost pair: one level
        if len(inner) == len(brackets):  # unbalanced (no JSON): each one left is a level
            return depth + len(brackets)
        brackets, depth = inner, depth + 1
    return depth


def parse_json(raw: bytes, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON value of ``raw``: ``TooDeep`` past ``max_depth``, ``ValueError`` if it is no
    JSON (or not UTF-8)."""
    if json_depth(raw, max_depth) > max_depth:
        raise TooDeep(f"JSON nested deeper than {max_depth} levels")
    return json.loads(raw.decode("utf-8"))
