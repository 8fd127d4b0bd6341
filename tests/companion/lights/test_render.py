from __future__ import annotations

import numpy as np
import pytest

from companion import grid
from companion.games import fixed_maps
from companion.lights.frame import Frame
from companion.lights.render import gamma_table, render
from firmware_config.layout import load_layout

from .conftest import tiny_layout


def test_gamma_table_ends_and_midpoint():
    table = gamma_table(2.0)
    assert table[0] == 0 and table[255] == 255
    assert table[128] == round((128 / 255) ** 2 * 255)
    assert np.array_equal(gamma_table(1.0), np.arange(256))


def test_colour_order_puts_green_first_for_grb(layout):
    rendered = render(Frame({"a1": (10, 20, 30), "b1": (1, 2, 3)}), layout)
    assert rendered.pixels[:6] == bytes([20, 10, 30, 2, 1, 3])
    assert rendered.pixels[6:] == bytes(3 * 23)


def test_brightness_scales_every_channel():
    rendered = render(Frame({"c3": (255, 100, 0)}), tiny_layout(brightness=128))
    start = 3 * grid.CELLS.index("c3")
    # GRB; (v × 128 + 127) // 255
    assert rendered.pixels[start : start + 3] == bytes([50, 128, 0])


def test_gamma_applies_before_brightness():
    rendered = render(Frame({"a1": (128, 128, 128)}), tiny_layout(gamma=2.0, brightness=255))
    assert rendered.pixels[:3] == bytes([64] * 3)


def test_every_led_of_a_cell_gets_the_colour():
    layout = load_layout("strips_2x2", fixed_maps())
    rendered = render(Frame({"b1": (0, 0, 255)}), layout)
    lit = [i for i in range(layout.led_count) if any(rendered.pixels[3 * i : 3 * i + 3])]
    assert lit == list(layout.cell_leds["b1"])


def test_limiter_applies_in_render():
    layout = tiny_layout(power={"budget_ma": 200, "ma_per_channel": 20, "idle_ma_per_led": 0})
    rendered = render(Frame({cell: (255, 255, 255) for cell in grid.CELLS}), layout)
    assert rendered.limit.requested_ma == pytest.approx(25 * 60)
    assert rendered.limit.estimated_ma <= 200
    assert max(rendered.pixels) == int(255 * 200 / 1500)


def test_full_white_on_the_shipped_matrix_stays_under_its_budget():
    layout = load_layout("matrix16x16", fixed_maps())
    rendered = render(Frame({cell: (255, 255, 255) for cell in grid.CELLS}), layout)
    assert rendered.limit.scale < 1
    assert rendered.limit.estimated_ma <= layout.power.budget_ma
