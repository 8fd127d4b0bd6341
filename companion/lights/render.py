"""From a frame of cell colours to the bytes on the wire — the one place where the compiled
layout, gamma, brightness, the current limiter and the colour order are applied."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from companion.lights.frame import Frame
from companion.lights.limiter import Limit, limit_levels
from firmware_config.layout import CompiledLayout


@dataclass(frozen=True)
class Rendered:
    pixels: bytes  # 3 bytes per LED, in the layout's colour order
    limit: Limit


@lru_cache(maxsize=8)
def gamma_table(gamma: float) -> npt.NDArray[np.uint8]:
    """Level for each 8-bit colour value: round(255 × (v/255)^gamma)."""
    values = np.arange(256, dtype=np.float64) / 255.0
    return np.floor(values**gamma * 255.0 + 0.5).astype(np.uint8)


def led_levels(frame: Frame, layout: CompiledLayout) -> npt.NDArray[np.uint8]:
    """LEDs × (r, g, b) levels after gamma and brightness, before the limiter. Cells of the
    frame without LEDs in the layout stay unseen."""
    palette = np.zeros((len(layout.cells) + 1, 3), dtype=np.uint8)  # last row: dark LEDs
    number = _cell_numbers(layout.cells)
    for cell, colour in frame.cells.items():
        if cell in number:
            palette[number[cell]] = colour
    corrected = gamma_table(layout.gamma)[palette]
    dimmed = (corrected.astype(np.uint32) * layout.brightness + 127) // 255
    return dimmed.astype(np.uint8)[np.asarray(layout.led_cell, dtype=np.intp)]


@lru_cache(maxsize=8)
def _cell_numbers(cells: tuple[str, ...]) -> dict[str, int]:
    return {cell: number for number, cell in enumerate(cells)}


def render(frame: Frame, layout: CompiledLayout) -> Rendered:
    limited, limit = limit_levels(led_levels(frame, layout), layout.power)
    wire = limited[:, list(layout.channel_order)]
    return Rendered(pixels=np.ascontiguousarray(wire).tobytes(), limit=limit)
