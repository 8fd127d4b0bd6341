from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.lights.limiter import estimate_ma, limit_levels
from firmware_config.layout import Power

POWER = Power(budget_ma=100, ma_per_channel=20, idle_ma_per_led=1)


def test_estimate_adds_channel_current_and_idle_draw():
    # 2 LEDs: one full white (3 × 255), one dark → 3 × 20 mA + 2 × 1 mA idle.
    assert estimate_ma(765, 2, POWER) == pytest.approx(62.0)


def test_frame_under_budget_is_untouched():
    levels = np.array([[255, 255, 255], [0, 0, 0]], dtype=np.uint8)
    limited, limit = limit_levels(levels, POWER)
    assert limit.scale == 1.0
    assert limit.requested_ma == pytest.approx(62.0)
    assert np.array_equal(limited, levels)


def test_frame_over_budget_is_scaled_to_fit():
    # 2 LEDs full white: 6 × 20 + 2 = 122 mA > 100 mA. Scale = (100 − 2) / (122 − 2) = 0.81666…
    levels = np.full((2, 3), 255, dtype=np.uint8)
    limited, limit = limit_levels(levels, POWER)
    assert limit.requested_ma == pytest.approx(122.0)
    assert limit.scale == pytest.approx(98 / 120)
    assert limited.tolist() == [[208, 208, 208], [208, 208, 208]]  # floor(255 × 0.81666…)
    assert limit.estimated_ma == pytest.approx(6 * 208 / 255 * 20 + 2)
    assert limit.estimated_ma <= POWER.budget_ma


def test_limit_keeps_colour_ratios():
    levels = np.array([[200, 100, 0]] * 4, dtype=np.uint8)
    power = Power(budget_ma=20, ma_per_channel=20, idle_ma_per_led=0)
    limited, limit = limit_levels(levels, power)
    # 4 × 300/255 × 20 = 94.1 mA → scale 20/94.1 = 0.2125 → 42, 21, 0
    assert limited[0].tolist() == [42, 21, 0]
    assert limit.estimated_ma <= 20


@settings(max_examples=60, deadline=None)
@given(
    levels=st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=64),
    budget=st.floats(70, 5000),
    ma_per_channel=st.floats(1, 25),
)
def test_limited_estimate_never_exceeds_the_budget(levels, budget, ma_per_channel):
    power = Power(budget_ma=budget, ma_per_channel=ma_per_channel, idle_ma_per_led=1)
    array = np.array(levels, dtype=np.uint8)
    limited, limit = limit_levels(array, power)
    assert limit.estimated_ma <= budget + 1e-9
    assert np.all(limited <= array)
