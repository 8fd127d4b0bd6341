from __future__ import annotations

from typing import Any

import pytest

from companion import grid
from companion.games import fixed_maps
from firmware_config.layout import CompiledLayout, compile_layout


def tiny_layout(**overrides: Any) -> CompiledLayout:
    """One LED per cell, in a1..e5 order, no gamma curve effect at 0/255, full brightness."""
    data: dict[str, Any] = {
        "name": "tiny",
        "colour_order": "GRB",
        "gamma": 1.0,
        "brightness": 255,
        "power": {"budget_ma": 10_000, "ma_per_channel": 20, "idle_ma_per_led": 0},
        "led_count": 25,
        "cell_leds": {cell: i for i, cell in enumerate(grid.CELLS)},
    }
    data.update(overrides)
    return compile_layout(data, fixed_maps())


@pytest.fixture
def layout() -> CompiledLayout:
    return tiny_layout()
