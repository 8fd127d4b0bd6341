"""The Pi 5 overlay backend against a fake /dev/leds0 (a plain file) and a fake device tree."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.lights import ws2812_pio
from companion.lights.frame import Frame
from companion.lights.ws2812_pio import Ws2812PioLights, device_bytes, overlay_led_count

from .conftest import tiny_layout


def _device_tree(tmp_path: Path, num_leds: int, gpio: int = 18) -> Path:
    node = tmp_path / "device-tree" / f"ws2812_pio@{gpio}"
    node.mkdir(parents=True)
    (node / "rpi,num-leds").write_bytes(num_leds.to_bytes(4, "big"))
    return node.parent


@pytest.fixture
def device(tmp_path: Path) -> Path:
    path = tmp_path / "leds0"
    path.write_bytes(b"\xff" * 8)
    return path


def test_opens_in_pass_through_then_dark(monkeypatch, tmp_path, device):
    writes: list[tuple[bytes, int]] = []
    real = os.pwrite

    def recorded(fd: int, data: bytes, at: int) -> int:
        writes.append((data, at))
        return real(fd, data, at)

    monkeypatch.setattr(ws2812_pio.os, "pwrite", recorded)
    Ws2812PioLights(tiny_layout(), device, tmp_path / "no-tree")
    assert writes[0] == (b"\x00", 0)  # one byte at offset 0: brightness 0, pass-through
    assert writes[1] == (bytes(4 * 25), 0)  # then every LED dark, 4 bytes each, from offset 0
    assert device.read_bytes() == bytes(4 * 25)


def test_a_frame_is_written_rgbw_so_the_driver_sends_our_wire_bytes(tmp_path, device):
    lights = Ws2812PioLights(tiny_layout(colour_order="GRB"), device, tmp_path / "no-tree")
    lights.show_frame(Frame({"a1": (10, 20, 30), "e5": (200, 0, 7)}))
    written = device.read_bytes()
    assert len(written) == 4 * 25
    # GRB wire bytes (20, 10, 30): the driver sends G, R, B, so R=10, G=20, B=30, W=0 is written
    assert written[:4] == bytes([10, 20, 30, 0])
    assert written[-4:] == bytes([200, 0, 7, 0])
    assert written[4:-4] == bytes(4 * 23)


def test_an_rgb_chain_keeps_its_own_order_on_the_wire():
    # wire bytes of an RGB chain are (r, g, b): written as R=g, G=r so the driver's G-first
    # output sends r, g, b
    assert device_bytes(bytes([1, 2, 3]), 1) == bytes([2, 1, 3, 0])


def test_frames_are_padded_to_the_overlays_led_count(tmp_path, device):
    tree = _device_tree(tmp_path, num_leds=30)
    assert overlay_led_count(tree) == 30
    lights = Ws2812PioLights(tiny_layout(), device, tree)
    lights.show_frame(Frame({"e5": (9, 9, 9)}))
    written = device.read_bytes()
    assert len(written) == 4 * 30  # a full buffer goes out at once (no 50 ms padding delay)
    assert written[4 * 24 : 4 * 25] == bytes([9, 9, 9, 0])
    assert written[4 * 25 :] == bytes(4 * 5)


def test_an_overlay_with_too_few_leds_is_refused_with_the_fix(tmp_path, device):
    with pytest.raises(RuntimeError, match="num_leds=25"):
        Ws2812PioLights(tiny_layout(), device, _device_tree(tmp_path, num_leds=16))


def test_no_device_means_no_overlay(tmp_path):
    with pytest.raises(FileNotFoundError):
        Ws2812PioLights(tiny_layout(), tmp_path / "leds0", tmp_path / "no-tree")


def test_close_leaves_the_chain_dark_and_releases_the_device(tmp_path, device):
    lights = Ws2812PioLights(tiny_layout(), device, tmp_path / "no-tree")
    lights.show_frame(Frame({"a1": (255, 255, 255)}))
    lights.close()
    assert device.read_bytes() == bytes(4 * 25)
    with pytest.raises(OSError):
        lights.show(bytes(75))
