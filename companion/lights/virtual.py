"""The simulated LED chain: records every frame and draws the board as a PNG (every chain passes
its frames to subscribers: ``base.Lights.show``)."""

from __future__ import annotations

import logging
from collections import deque
from pathlib import Path

from PIL import Image, ImageDraw

from companion.lights.base import Lights, ShownFrame
from firmware_config.layout import CompiledLayout
from vision.square_grid import parse_square

log = logging.getLogger(__name__)

CELL_PX = 80
MARGIN_PX = 24


class VirtualLights(Lights):
    name = "virtual"

    def __init__(self, layout: CompiledLayout, keep: int = 1000) -> None:
        super().__init__(layout)
        self.frames: deque[ShownFrame] = deque(maxlen=keep)  # the most recent ``keep`` frames
        self.subscribe(self.frames.append)  # the first subscriber: recorded before mirrored

    def push(self, pixels: bytes) -> None:
        """Nothing to send: each frame shown is recorded (``frames``) and mirrored."""

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
