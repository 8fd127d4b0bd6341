"""What one request may cost the table: the size of its body and the live streams one address
may hold open (the depth of its JSON: ``companion.json_limits``).

The size is checked from the request's headers, before anything reads the body, and again while
reading it (a body without a length).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator

MAX_BODY_BYTES = 1024 * 1024  # a set-up is a few kilobytes; a table catalog file more
STREAMS_PER_ADDRESS = 8  # a phone with a few tabs; the table's own screen is not limited


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
