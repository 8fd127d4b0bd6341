"""The simulated LED chain: records every frame, draws the board as a PNG, and passes each
frame to subscribers (the web panel mirrors the table this way)."""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from companion.lights.base import Lights
from companion.lights.colours import RGB, to_hex
from firmware_config.layout import CompiledLayout
from vision.square_grid import parse_square

log = logging.getLogger(__name__)

CELL_PX = 80
MARGIN_PX = 24


@dataclass(frozen=True)
class ShownFrame:
    """One frame as the virtual chain received it, with the colour each cell appears to show."""

    number: int
    pixels: bytes
    cells: dict[str, RGB]

    def to_json(self) -> dict[str, object]:
        return {"number": self.number, "cells": {c: to_hex(rgb) for c, rgb in self.cells.items()}}


Subscriber = Callable[[ShownFrame], None]


class VirtualLights(Lights):
    name = "virtual"

    def __init__(self, layout: CompiledLayout, keep: int = 1000) -> None:
        super().__init__(layout)
        self.frames: deque[ShownFrame] = deque(maxlen=keep)  # the most recent ``keep`` frames
        self.shown = 0
        self._subscribers: list[Subscriber] = []
        self._lock = threading.Lock()

    def show(self, pixels: bytes) -> None:
        self.check_length(pixels)
        with self._lock:
            self.shown += 1
            frame = ShownFrame(self.shown, bytes(pixels), self.cell_colours(pixels))
            self.frames.append(frame)
            subscribers = list(self._subscribers)
        for callback in subscribers:
            try:
                callback(frame)
            except Exception:
                log.exception("LED frame subscriber %r failed", callback)

    def subscribe(self, callback: Subscriber, *, current: bool = False) -> Callable[[], None]:
        """Call ``callback`` with every frame shown from now on; with ``current``, first with
        the frame showing already (if any), before any newer one reaches it."""
        with self._lock:
            self._subscribers.append(callback)
            if current and self.frames:
                callback(self.frames[-1])  # under the lock: a frame shown now comes after it

        def unsubscribe() -> None:
            with self._lock:
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
        level = np.clip(sums / counts / full, 0.0, 1.0)
        shown = np.rint(255 * level ** (1.0 / self.layout.gamma)).astype(int)
        return {
            cell: (int(r), int(g), int(b)) for cell, (r, g, b) in zip(cells, shown, strict=True)
        }

    def image(self) -> Image.Image:
        """The map as seen from seat A (its far row at the top), drawn from the latest frame: a
        square per cell; on a hex map every second row is drawn half a cell to the right (the
        offset layout of ``vision/hex_grid.py``, shown as squares). Cells without LEDs are
        outlined only."""
        shape = self.layout.map
        hexes = shape.kind == "hexes"
        width = 2 * MARGIN_PX + (shape.columns + (0.5 if hexes else 0)) * CELL_PX
        height = 2 * MARGIN_PX + shape.rows * CELL_PX
        image = Image.new("RGB", (round(width), height), (20, 20, 20))
        draw = ImageDraw.Draw(image)
        colours = self.frames[-1].cells if self.frames else {}
        for cell in shape.cells:
            col, row = parse_square(cell)
            shift = CELL_PX / 2 if hexes and row % 2 else 0
            x = round(MARGIN_PX + col * CELL_PX + shift)
            y = MARGIN_PX + (shape.rows - 1 - row) * CELL_PX
            box = (x + 2, y + 2, x + CELL_PX - 3, y + CELL_PX - 3)
            fill = colours.get(cell, (0, 0, 0)) if cell in self.layout.cell_leds else None
            draw.rectangle(box, fill=fill, outline=(90, 90, 90))
            light = fill is not None and sum(fill) > 3 * 160
            draw.text((x + 6, y + 4), cell, fill=(40, 40, 40) if light else (200, 200, 200))
        return image

    def save_png(self, path: str | Path) -> Path:
        path = Path(path)
        self.image().save(path, format="PNG")
        return path
