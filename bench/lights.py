"""Benchmark: the time to compute one LED frame and push it to the virtual backend, per shipped
layout, beside a baseline measured in the same run (the same frame rendered by a plain Python
loop over the LEDs) and beside the physical limit of a WS2812 chain (30 µs per LED — 24 bits at
800 kHz — plus a 50–300 µs latch). Prints figures; asserts nothing about speed.
Run: .venv/bin/python bench/lights.py"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from companion.games import fixed_maps
from companion.lights.board_view import BoardView, board_view_from_game
from companion.lights.colours import Palette
from companion.lights.demo import demo_view
from companion.lights.frame import Frame
from companion.lights.render import render
from companion.lights.scenes import state_scene
from companion.lights.virtual import VirtualLights
from firmware_config.layout import CompiledLayout, available_layouts, load_layout

US_PER_LED = 30.0
LATCH_US = (50.0, 300.0)
REPEATS = 300


def _median_us(work: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def _plain_python_render(frame: Frame, layout: CompiledLayout) -> bytes:
    """The baseline: the same gamma, brightness, limiter and colour order, LED by LED."""
    gamma = [round((v / 255) ** layout.gamma * 255) for v in range(256)]
    levels = []
    for owner in layout.led_cell:
        rgb = frame.colour(layout.cells[owner]) if owner >= 0 else (0, 0, 0)
        levels.append([(gamma[c] * layout.brightness + 127) // 255 for c in rgb])
    power = layout.power
    idle = layout.led_count * power.idle_ma_per_led
    need = sum(map(sum, levels)) / 255 * power.ma_per_channel + idle
    scale = min(1.0, (power.budget_ma - idle) / (need - idle)) if need > idle else 1.0
    order = layout.channel_order
    return bytes(int(led[c] * scale) for led in levels for c in order)


def _engine_view() -> tuple[BoardView | None, str]:
    """A board view from a real Dreamblade game, if the engine can build one here."""
    try:
        from companion.games.dreamblade.catalog import default_catalog
        from companion.games.dreamblade.dice import builtin_dice
        from companion.games.dreamblade.game import DreambladeGame
        from companion.games.dreamblade.maps import builtin_map
        from companion.games.dreamblade.warband import builtin_warband

        catalog = default_catalog()
        warbands = {
            seat: [
                catalog[cid] for cid, n in builtin_warband(name, catalog).entries for _ in range(n)
            ]
            for seat, name in (("A", "sample-valor"), ("B", "sample-madness"))
        }
        faces = [face.name for face in builtin_dice().attack.faces]
        game = DreambladeGame(builtin_map("default"), warbands, faces)
        seconds = _median_us(lambda: board_view_from_game(game), 50)
        return board_view_from_game(game), f"{seconds:8.1f} µs to build the view from a new game"
    except Exception as error:  # the engine is optional here; say why it was left out
        return None, f"not measured ({type(error).__name__}: {error})"


def main() -> None:
    palette = Palette()
    view = demo_view("conquest")
    engine_view, engine_note = _engine_view()
    print(f"engine board view: {engine_note}")
    print(
        "per frame, median of",
        REPEATS,
        "(µs)   scene  render  push  total | plain-Python render (baseline) | WS2812 wire time",
    )
    for name in available_layouts():
        layout = load_layout(name, fixed_maps())
        lights = VirtualLights(layout, keep=1)
        frame = state_scene(view, 0.5, palette)
        assert _plain_python_render(frame, layout) == render(frame, layout).pixels
        scene_us = _median_us(lambda: state_scene(view, 0.5, palette))
        render_us = _median_us(lambda f=frame, lay=layout: render(f, lay))
        pixels = render(frame, layout).pixels
        push_us = _median_us(lambda px=pixels, li=lights: li.show(px))
        baseline_us = _median_us(lambda f=frame, lay=layout: _plain_python_render(f, lay), 50)
        wire = layout.led_count * US_PER_LED
        print(
            f"  {name:12} {layout.led_count:4} LEDs   {scene_us:6.1f} {render_us:7.1f}"
            f" {push_us:5.0f} {scene_us + render_us + push_us:6.0f} | {baseline_us:8.0f}"
            f"            | {wire + LATCH_US[0]:.0f}–{wire + LATCH_US[1]:.0f}"
        )
    if engine_view is not None:
        layout = load_layout("matrix16x16", fixed_maps())
        state_us = _median_us(lambda: render(state_scene(engine_view, 0.5, palette), layout))
        print(f"engine view → scene → render on matrix16x16: {state_us:.1f} µs")


if __name__ == "__main__":
    main()
