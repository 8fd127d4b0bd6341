"""The one interface every LED backend implements, and the frames it mirrors to subscribers.

A backend only pushes bytes to its chain (``push``); ``show`` — the one way every caller lights
the LEDs (the driver, the demos, the test pattern) — checks them, pushes them and hands the frame
shown, with the colour each cell appears to show, to every subscriber (the panel mirrors the LEDs
on the phones so, whatever the backend: a Pi's real chain as well as the simulated one).
"""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from companion.lights.colours import RGB, to_hex
from companion.lights.frame import Frame
from companion.lights.render import Rendered, render
from firmware_config.layout import CompiledLayout

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ShownFrame:
    """One frame as the chain received it, with the colour each cell appears to show."""

    number: int
    pixels: bytes
    cells: dict[str, RGB]

    def to_json(self) -> dict[str, object]:
        return {"number": self.number, "cells": {c: to_hex(rgb) for c, rgb in self.cells.items()}}


Subscriber = Callable[[ShownFrame], None]


class Lights(ABC):
    """An LED chain laid out by ``layout``. ``show_frame`` renders and shows one frame."""

    name: str

    def __init__(self, layout: CompiledLayout) -> None:
        self.layout = layout
        self.shown = 0  # frames shown so far
        self.latest: ShownFrame | None = None
        self._subscribers: list[Subscriber] = []
        self._mirror_lock = threading.Lock()

    @abstractmethod
    def push(self, pixels: bytes) -> None:
        """Send 3 bytes per LED, already in the layout's colour order, to the chain."""

    def show(self, pixels: bytes) -> None:
        """Light the chain with ``pixels`` (3 bytes per LED, in the layout's colour order) and
        hand the frame to the subscribers (a failing one is logged; the others still get it)."""
        self.check_length(pixels)
        self.push(pixels)
        with self._mirror_lock:
            self.shown += 1
            frame = ShownFrame(self.shown, bytes(pixels), self.cell_colours(pixels))
            self.latest = frame
            subscribers = list(self._subscribers)
        for callback in subscribers:
            try:
                callback(frame)
            except Exception:
                log.exception("LED frame subscriber %r failed", callback)

    def subscribe(self, callback: Subscriber, *, current: bool = False) -> Callable[[], None]:
        """Call ``callback`` with every frame shown from now on; with ``current``, first with
        the frame showing already (if any), before any newer one reaches it."""
        with self._mirror_lock:
            self._subscribers.append(callback)
            if current and self.latest is not None:
                callback(self.latest)  # under the lock: a frame shown now comes after it

        def unsubscribe() -> None:
            with self._mirror_lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def cell_colours(self, pixels: bytes) -> dict[str, RGB]:
        """The colour each cell's scene asked for: its LEDs' mean level with the wire colour
        order, the layout's brightness and the gamma curve undone (a dimmed chain still reads
        at full colour to a viewer; only the current limiter's cut stays visible)."""
        wire = np.frombuffer(pixels, dtype=np.uint8).reshape(-1, 3)
        rgb = np.empty_like(wire)
        rgb[:, list(self.layout.channel_order)] = wire
        owner = np.asarray(self.layout.led_cell)
        lit = owner >= 0
        cells = self.layout.cells
        sums = np.zeros((len(cells), 3))
        np.add.at(sums, owner[lit], rgb[lit])
        counts = np.bincount(owner[lit], minlength=len(cells))[:, None]
        full = max(self.layout.brightness, 1)
        level = np.clip(sums / np.maximum(counts, 1) / full, 0.0, 1.0)
        shown = np.rint(255 * level ** (1.0 / self.layout.gamma)).astype(int)
        return {
            cell: (int(r), int(g), int(b)) for cell, (r, g, b) in zip(cells, shown, strict=True)
        }

    def close(self) -> None:
        """Leave the chain dark; backends holding a device release it after this."""
        self.off()

    def show_frame(self, frame: Frame) -> Rendered:
        rendered = render(frame, self.layout)
        self.show(rendered.pixels)
        return rendered

    def off(self) -> None:
        self.show(bytes(3 * self.layout.led_count))

    def check_length(self, pixels: bytes) -> None:
        expected = 3 * self.layout.led_count
        if len(pixels) != expected:
            raise ValueError(
                f"{len(pixels)} bytes for {self.layout.led_count} LEDs (expected {expected})"
            )
