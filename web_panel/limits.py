"""What one request may cost the table: the size of its body, the depth of its JSON, and the live
streams one address may hold open.

The size is checked from the request's headers, before anything reads the body, and again while
reading it (a body without a length); the depth is checked on the raw text, before the JSON
parser (which would recurse once per level) sees it.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

MAX_BODY_BYTES = 1024 * 1024  # a set-up is a few kilobytes; a table catalog file more
MAX_JSON_DEPTH = 32
STREAMS_PER_ADDRESS = 8  # a phone with a few tabs; the table's own screen is not limited

_OPENING = frozenset(b"[{")
_CLOSING = frozenset(b"]}")
_QUOTE, _BACKSLASH = ord('"'), ord("\\")


class TooDeep(ValueError):
    """JSON nested deeper than ``MAX_JSON_DEPTH``."""


def json_depth(raw: bytes) -> int:
    """How deep the arrays and objects of ``raw`` nest (brackets inside strings don't count)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == _BACKSLASH:
                escaped = True
            elif byte == _QUOTE:
                in_string = False
        elif byte == _QUOTE:
            in_string = True
        elif byte in _OPENING:
            depth += 1
            deepest = max(deepest, depth)
        elif byte in _CLOSING:
            depth -= 1
    return deepest


def parse_json(raw: bytes, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON value of ``raw``: ``TooDeep`` past ``max_depth``, ``ValueError`` if it is no
    JSON (or not UTF-8)."""
    if json_depth(raw) > max_depth:
        raise TooDeep(f"JSON nested deeper than {max_depth} levels")
    return json.loads(raw.decode("utf-8"))


class StreamLimit:
    """Counts the open streams of each address and refuses more than ``per_address``."""

    def __init__(self, per_address: int = STREAMS_PER_ADDRESS) -> None:
        self.per_address = per_address
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def open(self, address: str, stream: Iterator[str]) -> CountedStream | None:
        """``stream``, counted against ``address`` until it ends or is closed; ``None`` if that
        address already holds its share."""
        with self._lock:
            if self._open[address] >= self.per_address:
                return None
            self._open[address] += 1
        return CountedStream(stream, lambda: self._release(address))

    def _release(self, address: str) -> None:
        with self._lock:
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]

    def count(self, address: str) -> int:
        with self._lock:
            return self._open[address]


class CountedStream:
    """A stream that gives its slot back exactly once: when it ends, or when the server closes
    it (the WSGI server always does, even for a stream it never started)."""

    def __init__(self, stream: Iterator[str], release: Callable[[], None]) -> None:
        self._stream = stream
        self._release: Callable[[], None] | None = release

    def __iter__(self) -> CountedStream:
        return self

    def __next__(self) -> str:
        try:
            return next(self._stream)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        release, self._release = self._release, None
        if release is not None:
            close = getattr(self._stream, "close", None)
            if close is not None:
                close()
            release()
