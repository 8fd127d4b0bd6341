from __future__ import annotations

import pytest
from PIL import Image

from companion.lights.frame import Frame
from companion.lights.virtual import CELL_PX, MARGIN_PX, VirtualLights

from .conftest import tiny_layout


def test_records_every_frame_and_decodes_cell_colours(layout):
    lights = VirtualLights(layout)
    lights.show_frame(Frame({"a1": (10, 20, 30)}))
    lights.show_frame(Frame({"e5": (255, 0, 0)}))
    assert [f.number for f in lights.frames] == [1, 2]
    assert lights.frames[0].cells["a1"] == (10, 20, 30)  # GRB undone, gamma 1
    assert lights.frames[1].cells["e5"] == (255, 0, 0)
    assert lights.frames[1].cells["a1"] == (0, 0, 0)


def test_keeps_only_the_most_recent_frames(layout):
    lights = VirtualLights(layout, keep=2)
    for level in (1, 2, 3):
        lights.show_frame(Frame({"a1": (level, 0, 0)}))
    assert [f.number for f in lights.frames] == [2, 3]
    assert lights.shown == 3


def test_subscribers_get_frames_until_they_unsubscribe(layout):
    lights = VirtualLights(layout)
    seen = []
    unsubscribe = lights.subscribe(seen.append)
    lights.show_frame(Frame({"c3": (0, 0, 255)}))
    unsubscribe()
    lights.show_frame(Frame({}))
    assert len(seen) == 1
    assert seen[0].to_json()["cells"]["c3"] == "#0000FF"


def test_a_subscriber_asking_for_the_current_frame_gets_it_first(layout):
    lights = VirtualLights(layout)
    nothing_yet: list = []
    lights.subscribe(nothing_yet.append, current=True)
    assert nothing_yet == []  # no frame shown yet: nothing to replay
    lights.show_frame(Frame({"a1": (255, 0, 0)}))
    later: list = []
    lights.subscribe(later.append)  # without ``current``: only what comes next
    seen: list = []
    lights.subscribe(seen.append, current=True)
    assert [f.number for f in seen] == [1] and later == []
    lights.show_frame(Frame({"c3": (0, 0, 255)}))
    assert [f.number for f in seen] == [1, 2] and [f.number for f in later] == [2]


def test_failing_subscriber_does_not_stop_the_others(layout):
    lights = VirtualLights(layout)
    seen = []

    def broken(_frame):
        raise RuntimeError("panel gone")

    lights.subscribe(broken)
    lights.subscribe(seen.append)
    lights.show_frame(Frame({}))
    assert len(seen) == 1


def test_wrong_length_is_refused(layout):
    lights = VirtualLights(layout)
    with pytest.raises(ValueError, match="25 LEDs"):
        lights.show(bytes(10))
    assert lights.shown == 0


def test_png_draws_row_five_at_the_top(layout, tmp_path):
    lights = VirtualLights(layout)
    lights.show_frame(Frame({"a5": (255, 0, 0), "e1": (0, 0, 255)}))
    path = lights.save_png(tmp_path / "board.png")
    image = Image.open(path).convert("RGB")
    centre = MARGIN_PX + CELL_PX // 2
    far = MARGIN_PX + 4 * CELL_PX + CELL_PX // 2
    assert image.getpixel((centre, centre)) == (255, 0, 0)  # a5: left, top
    assert image.getpixel((far, far)) == (0, 0, 255)  # e1: right, bottom


def test_cell_colour_undoes_gamma_and_averages_leds():
    lights = VirtualLights(tiny_layout(gamma=2.0))
    lights.show_frame(Frame({"a1": (128, 0, 0)}))
    assert lights.frames[-1].cells["a1"] == (128, 0, 0)


def test_cell_colour_undoes_the_layouts_brightness():
    lights = VirtualLights(tiny_layout(gamma=2.2, brightness=64))
    lights.show_frame(Frame({"a1": (255, 0, 0), "b1": (0, 115, 178)}))
    shown = lights.frames[-1].cells
    assert shown["a1"] == (255, 0, 0)
    assert all(abs(a - b) <= 3 for a, b in zip(shown["b1"], (0, 115, 178), strict=True))


def test_a_hex_layout_reports_and_draws_only_its_wired_hexes(tmp_path):
    layout = tiny_layout(
        map={"kind": "hexes", "columns": 3, "rows": 2},
        led_count=2,
        cell_leds={"a1": 0, "c2": 1},
    )
    lights = VirtualLights(layout)
    lights.show_frame(Frame({"c2": (0, 255, 0), "b1": (255, 0, 0)}))  # b1 has no LED
    assert lights.frames[-1].cells == {"a1": (0, 0, 0), "c2": (0, 255, 0)}
    image = Image.open(lights.save_png(tmp_path / "hexes.png")).convert("RGB")
    assert image.size == (2 * MARGIN_PX + 3 * CELL_PX + CELL_PX // 2, 2 * MARGIN_PX + 2 * CELL_PX)
    centre = CELL_PX // 2
    c2 = (MARGIN_PX + 2 * CELL_PX + CELL_PX // 2 + centre, MARGIN_PX + centre)  # row 2: shifted
    b1 = (MARGIN_PX + CELL_PX + centre, MARGIN_PX + CELL_PX + centre)
    assert image.getpixel(c2) == (0, 255, 0)
    assert image.getpixel(b1) == (20, 20, 20)  # outlined only: the background shows
