"""How deep a JSON text nests, measured on the raw bytes before any parser (which would recurse
once per level) sees it: the one depth check of the phones' requests and the tables' messages."""

from __future__ import annotations

import json
import re
from typing import Any

MAX_JSON_DEPTH = 32

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_OPENING = frozenset(b"[{")


class TooDeep(ValueError):
    """JSON nested deeper than allowed."""


def json_depth(raw: bytes) -> int:
    """How deep the arrays and objects of ``raw`` nest (brackets inside strings don't count)."""
    brackets = _NOT_BRACKET.sub(b"", _STRING.sub(b"", raw))
    depth = deepest = 0
    for byte in brackets:
        if byte in _OPENING:
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(raw: bytes, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON value of ``raw``: ``TooDeep`` past ``max_depth``, ``ValueError`` if it is no
    JSON (or not UTF-8)."""
    if json_depth(raw) > max_depth:
        raise TooDeep(f"JSON nested deeper than {max_depth} levels")
    return json.loads(raw.decode("utf-8"))
