"""The current limiter (WLED's automatic brightness limiter is the model).

Estimated current = Σ over LEDs and channels of level/255 × mA per channel, plus the idle draw
of every LED. When that exceeds the budget, every channel level is scaled by the same factor so
the estimate lands at or under the budget.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from firmware_config.layout import Power


@dataclass(frozen=True)
class Limit:
    requested_ma: float  # what the frame would draw unlimited
    estimated_ma: float  # what it draws after limiting
    scale: float  # factor applied to every channel level (1.0: untouched)


def estimate_ma(level_sum: int, led_count: int, power: Power) -> float:
    """Current of a frame whose channel levels add up to ``level_sum``."""
    return level_sum / 255 * power.ma_per_channel + led_count * power.idle_ma_per_led


def limit_levels(
    levels: npt.NDArray[np.uint8], power: Power
) -> tuple[npt.NDArray[np.uint8], Limit]:
    """Scale ``levels`` (LEDs × channels) down if their estimated current exceeds the budget."""
    led_count = levels.shape[0]
    level_sum = int(levels.sum(dtype=np.int64))
    requested = estimate_ma(level_sum, led_count, power)
    if requested <= power.budget_ma:
        return levels, Limit(requested, requested, 1.0)
    idle = led_count * power.idle_ma_per_led
    scale = (power.budget_ma - idle) / (requested - idle)
    limited = np.floor(levels * scale).astype(np.uint8)
    estimated = estimate_ma(int(limited.sum(dtype=np.int64)), led_count, power)
    return limited, Limit(requested, estimated, scale)
